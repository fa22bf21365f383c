/**
 * One answer read whole (transport/interpretResponse.ts): JSON sent as text read with its points
 * as numbers, a text answer by the request's shape, and errors, unreadable legacy answers and
 * empty REST answers reported.
 */
import { interpretResponse } from '../../nodes/Smsapi/transport/interpretResponse';

describe('interpretResponse', () => {
	it('reads a JSON answer sent with a text content type, normalising points', () => {
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, '{"count":1,"list":[{"id":"1","points":"0.3000"}]}')).toEqual({
			outcome: 'success',
			data: { count: 1, list: [{ id: '1', points: 0.3 }] },
		});
	});

	it('parses a text answer by the request’s shape', () => {
		expect(interpretResponse({ endpoint: 'user.do', qs: { credits: 1 } }, 200, 'Points: 4.5')).toEqual({
			outcome: 'success',
			data: { points: 4.5 },
		});
		expect(interpretResponse({ endpoint: 'sms.do', body: { to: '1,2' } }, 200, 'OK:1:0.1:1;OK:2:0.1:2;')).toEqual({
			outcome: 'success',
			data: { count: 2, list: [{ id: '1', points: 0.1, number: '1' }, { id: '2', points: 0.1, number: '2' }] },
		});
	});

	it('reports errors, unreadable legacy answers and empty REST answers', () => {
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, 'ERROR:103')).toMatchObject({ outcome: 'serviceError', error: { code: 103 } });
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, '<html>proxy</html>')).toMatchObject({ outcome: 'unreadable' });
		expect(interpretResponse({ endpoint: 'sms.do' }, 200, '')).toMatchObject({ outcome: 'unreadable' });
		expect(interpretResponse({ endpoint: 'contacts/abc' }, 204, '')).toEqual({ outcome: 'success', data: {} });
	});
});
