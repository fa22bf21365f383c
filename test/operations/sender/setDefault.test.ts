/**
 * Sender Name → Set Default with the username/password login (nock): the status checked first, then
 * POST default=<name>; an inactive name refused before setting; the service's own refusal in words; a
 * name that is no sender name refused before any request. Its workflows in n8n's engine:
 * setDefault.engine.test.ts.
 */
import { expectIdRefused } from '../support/id-formats';
import { legacyService, runLegacy } from '../support/legacy-login';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sender.setDefault', () => {
	it('checks the status first, then POSTs default=<name>', async () => {
		const service = legacyService()
			.on('GET', '/sender.do', () => [200, { sender: 'MyShop', status: 'ACTIVE', default: false }])
			.on('POST', '/sender.do', () => [200, { count: 1 }]);
		const output = await runLegacy({ parameters: { resource: 'sender', operation: 'setDefault', name: 'MyShop' } });
		expect(service.calls.map((call) => [call.method, call.query, call.body])).toEqual([
			['GET', { format: 'json', status: 'MyShop' }, {}],
			['POST', {}, { format: 'json', default: 'MyShop' }],
		]);
		expect(output[0].json).toEqual({ sender: 'MyShop', default: true, count: 1 });
	});

	it('an inactive name is refused before setting, with the reason', async () => {
		const service = legacyService()
			.on('GET', '/sender.do', () => [200, { sender: 'MyShop', status: 'INACTIVE', default: false }])
			.on('POST', '/sender.do', () => [200, { count: 1 }]);
		await expect(runLegacy({ parameters: { resource: 'sender', operation: 'setDefault', name: 'MyShop' } })).rejects.toMatchObject({
			message: 'The sender name "MyShop" is INACTIVE, so it cannot be the default',
			description: expect.stringContaining('Only an active (verified) sender name can be the default'),
		});
		expect(service.calls.map((call) => call.method)).toEqual(['GET']);
	});

	it("the service's own refusal is mapped to words and says why", async () => {
		legacyService()
			.on('GET', '/sender.do', () => [200, { sender: 'MyShop', status: 'ACTIVE', default: false }])
			.on('POST', '/sender.do', () => [200, { error: 2004, message: 'Sender name is not active' }]);
		await expect(runLegacy({ parameters: { resource: 'sender', operation: 'setDefault', name: 'MyShop' } })).rejects.toMatchObject({
			message: expect.stringMatching(/^SMSAPI error 2004: the sender-name request was rejected/),
			description: expect.stringContaining('Only an active (verified) sender name can be the default'),
		});
	});

	it('a name that is no sender name (12 characters) is refused before any request', () =>
		expectIdRefused({ resource: 'sender', operation: 'setDefault', name: 'TwelveChars1' }, 'name: "TwelveChars1"', /at most 11 of letters A-Z/));
});
