/**
 * MMS → Send against a mocked service (nock): the SMS send's machinery, so items with the same content
 * travel in one mms.do request with generated idx and check_idx=1 and one output item per message; a
 * bad picture address, a SMIL that is not SMIL and an invalid number refused before anything is sent.
 * Its workflows in n8n's engine: send.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';
import { mediaDo } from '../support/sms-do';

useMockedNetwork();

const mms = (to: string, options = {}) => ({ resource: 'mms', operation: 'send', to, subject: 'Ticket', contentType: 'picture', pictureUrl: 'https://example.com/t.jpg?a=1&b="2"', options });

describe('mms.send', () => {
	it('items with the same content travel in one mms.do request with generated idx and check_idx=1; one output item per message', async () => {
		const service = mockService().on('POST', '/mms.do', (request) => [200, mediaDo(request.body)]);
		const output = await runNode({ parameters: [mms('48500000001'), mms('48500000002')] });
		expect(service.calls).toHaveLength(1);
		const body = service.calls[0].body;
		expect(body.to).toBe('48500000001,48500000002');
		expect(body.subject).toBe('Ticket');
		expect(body.smil).toContain('<img src="https://example.com/t.jpg?a=1&amp;b=&quot;2&quot;" region="Image"/>');
		expect(body.check_idx).toBe('1');
		expect(body.idx.split('|')).toHaveLength(2);
		expect(body.message).toBeUndefined();
		expect(output.map((item) => [item.json.number, item.json.points, item.pairedItem])).toEqual([
			['48500000001', 0.3, { item: 0 }],
			['48500000002', 0.3, { item: 1 }],
		]);
	});

	it('a bad picture address, a SMIL that is not SMIL and an invalid number are refused before anything is sent', async () => {
		const service = mockService().on('POST', '/mms.do', (request) => [200, mediaDo(request.body)]);
		expect((await failure(runNode({ parameters: { ...mms('48500000001'), pictureUrl: 'file:///etc/passwd' } }))).message).toMatch(
			/Picture URL is not an http\(s\) address/,
		);
		expect((await failure(runNode({ parameters: { ...mms('48500000001'), contentType: 'smil', smil: 'hello' } }))).message).toMatch(/SMIL document/);
		expect((await failure(runNode({ parameters: mms('48x') }))).message).toMatch(/Not a valid phone number/);
		expect(service.calls).toHaveLength(0);
	});
});
