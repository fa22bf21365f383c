/**
 * Sender Name → Delete: with the username/password login POST sender.do delete=<name> (nock); with
 * a token DELETE /sms/sendernames/{name}, the name percent-encoded, one that would name another
 * address or is no sender name refused before any request. In n8n's engine, in the chains that
 * start with Add: add.engine.test.ts.
 */
import { expectIdRefused, firstRequest } from '../support/id-formats';
import { legacyService, runLegacy } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sender.delete', () => {
	it('with the username/password login: POST sender.do delete=<name>', async () => {
		const service = legacyService().on('POST', '/sender.do', () => [200, { count: 1 }]);
		const output = await runLegacy({ parameters: { resource: 'sender', operation: 'delete', name: 'Old' } });
		expect(service.calls[0].body).toEqual({ format: 'json', delete: 'Old' });
		expect(output[0].json).toEqual({ sender: 'Old', deleted: true, count: 1 });
	});

	it('with a token: a name that would name another address is refused before sending', async () => {
		const service = mockService();
		for (const name of ['..', 'a/b']) {
			const error = await failure(runNode({ parameters: { resource: 'sender', operation: 'delete', name } }));
			expect(error.message).toBe(`Not a valid name in name: ${JSON.stringify(name)}`);
		}
		expect(service.calls).toHaveLength(0);
	});

	it('a name that is no sender name ("statement") is refused before any request', () =>
		expectIdRefused({ resource: 'sender', operation: 'delete', name: 'statement' }, 'name: "statement"', /never "statement"/));

	it.each([
		['of the pattern', 'Shop & Co!', 'DELETE /sms/sendernames/Shop%20%26%20Co!'],
		['that is a number', '48500000001', 'DELETE /sms/sendernames/48500000001'],
	])('a sender name %s goes through', async (_case, name, request) => {
		expect(await firstRequest({ resource: 'sender', operation: 'delete', name })).toBe(request);
	});
});
