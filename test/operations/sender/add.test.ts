/**
 * Sender Name → Add: with the username/password login POST sender.do add=<name> (nock); with a token
 * POST /sms/sendernames, a name outside the published pattern refused before any request. Its
 * workflows in n8n's engine: add.engine.test.ts.
 */
import { anyAnswer, firstRequest } from '../support/id-formats';
import { legacyService, runLegacy } from '../support/legacy-login';
import { failure, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sender.add', () => {
	it('with the username/password login: POST sender.do add=<name>', async () => {
		const service = legacyService().on('POST', '/sender.do', () => [200, { count: 1 }]);
		const output = await runLegacy({ parameters: { resource: 'sender', operation: 'add', name: 'MyShop' } });
		expect(service.calls.map((call) => [call.method, call.query, call.body])).toEqual([
			['POST', {}, { format: 'json', add: 'MyShop' }],
		]);
		expect(output).toEqual([{ json: { sender: 'MyShop', count: 1 }, pairedItem: { item: 0 } }]);
	});

	it('a new sender name outside the published pattern is refused before any request', async () => {
		const requests = anyAnswer();
		for (const name of ['Café', 'TwelveChars1', 'a/b', 'Shop#1']) {
			const error = await failure(runNode({ parameters: { resource: 'sender', operation: 'add', name } }));
			expect(error.message).toBe(`Not a valid sender name: ${JSON.stringify(name)}`);
			expect(error.description).toMatch(/^Nothing was sent\. A sender name is a phone number of 8 to 16 digits, or at most 11/);
		}
		expect(requests).toEqual([]);
	});

	it('a name of the published pattern goes to POST /sms/sendernames', async () => {
		expect(await firstRequest({ resource: 'sender', operation: 'add', name: 'Shop@Home+' })).toBe('POST /sms/sendernames');
	});
});
