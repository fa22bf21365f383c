/**
 * SMS → Send to Group in n8n's engine in-process (support/engine.ts) against the emulator: a group
 * send with the contacts' fields filled in, and after a primary failure not repeated blindly (a group
 * send carries no per-recipient idx) but said to have an unknown outcome (the `sms-send-group`
 * fixture). Its tests against a mocked service: sendToGroup.test.ts.
 */
import { injectFault, messages, smsDoRequests } from '../../e2e/sms/support';
import { nodeError, nodeItems, pairedIndex } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("sms.sendToGroup in n8n's engine against the emulator", () => {
	const suite = useEngine();
	const emulator = () => suite.emulator();

	it('group send: sendToGroup posts group=customers; one output item per contact, contact fields filled in', async () => {
		const run = await suite.run('sms-send-group');
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toEqual({
			format: 'json',
			group: 'customers',
			message: 'Hi [%contact.first_name%], new arrivals are in.',
			from: 'MyShop',
		});
		expect(items.map((item) => [pairedIndex(item), item.json.number, item.json.group])).toEqual([
			[0, '48500000001', 'customers'],
			[0, '48500000002', 'customers'],
			[0, '48500000003', 'customers'],
		]);
		const texts = (await messages(emulator())).map((m) => [m.number, m.text, m.group]);
		expect(texts).toEqual([
			['48500000001', 'Hi Anna, new arrivals are in.', 'customers'],
			['48500000002', 'Hi Jan, new arrivals are in.', 'customers'],
			['48500000003', 'Hi Piotr, new arrivals are in.', 'customers'],
		]);
	});

	it('group send after a primary failure: not repeated blindly (a group send carries no per-recipient idx); the node says the outcome is unknown', async () => {
		await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: '500', times: 1 });
		const run = await suite.run('sms-send-group');
		const error = nodeError(run, 'SMSAPI');
		expect(error.message).toMatch(/may or may not have accepted .* not repeated, to avoid a double send/);
		const requests = await smsDoRequests(emulator());
		expect(requests.map((r) => `${r.address} ${r.responseStatus}`)).toEqual(['primary 500']);
		expect(await messages(emulator())).toEqual([]);
	});
});
