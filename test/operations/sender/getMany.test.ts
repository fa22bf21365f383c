/**
 * Sender Name → Get Many with the username/password login (nock): GET sender.do list=1,
 * with_nat_names=1 only when asked for, an item per name paired with its input item. In n8n's
 * engine, in the chains that start with Add: add.engine.test.ts; the dropdowns of sender names:
 * test/methods/loadOptions.senderNames.test.ts.
 */
import { legacyService, runLegacy } from '../support/legacy-login';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sender.getMany', () => {
	it('list=1, with_nat_names=1 only when asked for', async () => {
		const list = [
			{ sender: 'Test', status: 'ACTIVE', default: true },
			{ sender: 'MyShop', status: 'INACTIVE', default: false },
		];
		const service = legacyService().on('GET', '/sender.do', () => [200, list]);
		const output = await runLegacy({
			parameters: [
				{ resource: 'sender', operation: 'getMany' },
				{ resource: 'sender', operation: 'getMany', options: { withNatNames: true } },
			],
		});
		expect(service.calls.map((call) => call.query)).toEqual([
			{ format: 'json', list: '1' },
			{ format: 'json', list: '1', with_nat_names: '1' },
		]);
		expect(output.map((item) => [item.json, item.pairedItem])).toEqual([
			[list[0], { item: 0 }],
			[list[1], { item: 0 }],
			[list[0], { item: 1 }],
			[list[1], { item: 1 }],
		]);
	});
});
