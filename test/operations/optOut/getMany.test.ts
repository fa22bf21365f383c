/**
 * Opt-Out → Get Many (issue 32, part 2) against a mocked service (nock): pages of 100 up to Return All
 * (published API: panel_com.yml `/opt_outs`), the cleaned number sent as phone_number, the number out
 * as text; a bad number refused before anything is sent; token only. Its workflows in n8n's engine:
 * getMany.engine.test.ts.
 */
import { expectTokenOnly } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const optOut = (id: string, phoneNumber: number) => ({ id, phoneNumber, date: '2025-03-01T10:00:00+00:00', _links: [] });
const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/opt_outs[^)]*\) does not accept the username and password login$/;

describe('optOut.getMany', () => {
	it('pages by 100 up to Return All, sends the cleaned number as phone_number, outputs phone_number as text', async () => {
		const all = Array.from({ length: 150 }, (_, i) => optOut(`o${i}`, 48500000000 + i));
		const service = mockService().on('GET', '/opt_outs', (request) => {
			const offset = Number(request.query.offset);
			return [200, { size: all.length, collection: all.slice(offset, offset + Number(request.query.limit)) }];
		});
		const output = await runNode({ parameters: { resource: 'optOut', operation: 'getMany', returnAll: true } });
		expect(output).toHaveLength(150);
		expect(output[149].json).toMatchObject({ id: 'o149', phoneNumber: 48500000149, phone_number: '48500000149' });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '100', limit: '100' },
		]);

		service.calls.length = 0;
		const one = await runNode({
			parameters: { resource: 'optOut', operation: 'getMany', limit: 3, filters: { phoneNumber: '+48 500 000 004' } },
		});
		expect(one).toHaveLength(3);
		expect(service.calls.map((call) => call.query)).toEqual([{ phone_number: '48500000004', offset: '0', limit: '3' }]);
	});

	it('refuses a bad number before anything is sent', async () => {
		const service = mockService().on('GET', '/opt_outs', () => [200, { size: 0, collection: [] }]);
		const error = await failure(runNode({ parameters: { resource: 'optOut', operation: 'getMany', filters: { phoneNumber: '48-abc' } } }));
		expect(error.message).toMatch(/^Not a valid phone number/);
		expect(service.calls).toEqual([]);
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'optOut', operation: 'getMany' }, TOKEN_ONLY));
});
