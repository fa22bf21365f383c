import { legacyService, runLegacy } from './support/legacy-login';
import { useMockedNetwork } from './support/run-node';

useMockedNetwork();

describe('sender', () => {
	it('add: POST sender.do add=<name>', async () => {
		const service = legacyService().on('POST', '/sender.do', () => [200, { count: 1 }]);
		const output = await runLegacy({ parameters: { resource: 'sender', operation: 'add', name: 'MyShop' } });
		expect(service.calls.map((call) => [call.method, call.query, call.body])).toEqual([
			['POST', {}, { format: 'json', add: 'MyShop' }],
		]);
		expect(output).toEqual([{ json: { sender: 'MyShop', count: 1 }, pairedItem: { item: 0 } }]);
	});

	it('getStatus: GET sender.do?status=<name>; the older `name` field comes out as `sender`', async () => {
		const service = legacyService().on('GET', '/sender.do', () => [200, { name: 'MyShop', status: 'INACTIVE', default: false }]);
		const output = await runLegacy({ parameters: { resource: 'sender', operation: 'getStatus', name: 'MyShop' } });
		expect(service.calls[0].query).toEqual({ format: 'json', status: 'MyShop' });
		expect(output[0].json).toEqual({ sender: 'MyShop', status: 'INACTIVE', default: false });
	});

	it('delete: POST sender.do delete=<name>', async () => {
		const service = legacyService().on('POST', '/sender.do', () => [200, { count: 1 }]);
		const output = await runLegacy({ parameters: { resource: 'sender', operation: 'delete', name: 'Old' } });
		expect(service.calls[0].body).toEqual({ format: 'json', delete: 'Old' });
		expect(output[0].json).toEqual({ sender: 'Old', deleted: true, count: 1 });
	});

	it('getMany: list=1, with_nat_names=1 only when asked for', async () => {
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

	it('setDefault: checks the status first, then POSTs default=<name>', async () => {
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

	it('setDefault: an inactive name is refused before setting, with the reason', async () => {
		const service = legacyService()
			.on('GET', '/sender.do', () => [200, { sender: 'MyShop', status: 'INACTIVE', default: false }])
			.on('POST', '/sender.do', () => [200, { count: 1 }]);
		await expect(runLegacy({ parameters: { resource: 'sender', operation: 'setDefault', name: 'MyShop' } })).rejects.toMatchObject({
			message: 'The sender name "MyShop" is INACTIVE, so it cannot be the default',
			description: expect.stringContaining('Only an active (verified) sender name can be the default'),
		});
		expect(service.calls.map((call) => call.method)).toEqual(['GET']);
	});

	it("setDefault: the service's own refusal is mapped to words and says why", async () => {
		legacyService()
			.on('GET', '/sender.do', () => [200, { sender: 'MyShop', status: 'ACTIVE', default: false }])
			.on('POST', '/sender.do', () => [200, { error: 2004, message: 'Sender name is not active' }]);
		await expect(runLegacy({ parameters: { resource: 'sender', operation: 'setDefault', name: 'MyShop' } })).rejects.toMatchObject({
			message: expect.stringMatching(/^SMSAPI error 2004: the sender-name request was rejected/),
			description: expect.stringContaining('Only an active (verified) sender name can be the default'),
		});
	});

	it('with Continue On Fail an unknown name becomes an error item', async () => {
		legacyService().on('GET', '/sender.do', () => [200, { error: 2003, message: 'Sender name does not exist' }]);
		const output = await runLegacy({
			parameters: { resource: 'sender', operation: 'getStatus', name: 'Nope' },
			continueOnFail: true,
		});
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(String(output[0].json.error)).toMatch(/^SMSAPI error 2003/);
	});
});
