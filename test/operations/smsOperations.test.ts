/**
 * sms.calculate (offline), sms.deleteScheduled, sms.sendToGroup and the send dropdowns
 * (sender names, templates) at the operations level, against nock.
 */
import nock from 'nock';
import type { ILoadOptionsFunctions, INodeParameters } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';
import { startEmulator, type Emulator } from '../emulator';
import { loadOptionsContext, tokenCredentials } from '../support/n8n-context';
import { legacyLogin, legacyService } from './support/legacy-login';
import { mockService, nodeContext, operationCredentials, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

describe('sms.calculate works offline', () => {
	const calculate = (message: string, options: INodeParameters = {}): INodeParameters => ({
		resource: 'sms',
		operation: 'calculate',
		message,
		options,
	});

	it('gives encoding, characters, parts, special characters and cost, with no HTTP and no credential', async () => {
		// No interceptor is registered and real connections are disabled: any request would fail.
		// The credential lookup throws: calculate must not need one.
		const context = nodeContext({
			parameters: [calculate('Zażółć gęślą jaźń', { recipients: 3 }), calculate('a'.repeat(161)), calculate('€ 5')],
		});
		context.getCredentials = async () => {
			throw new Error('calculate asked for the credential');
		};
		const [output] = await new Smsapi().execute.call(context);

		expect(output[0]).toEqual({
			json: {
				encoding: 'UCS-2',
				characters: 17,
				length: 17,
				parts: 1,
				maxParts: 10,
				fitsInMaxParts: true,
				charactersPerPart: 70,
				remainingInLastPart: 53,
				specialCharacters: ['ż', 'ó', 'ł', 'ć', 'ę', 'ś', 'ą', 'ź', 'ń'],
				extensionCharacters: [],
				cost: { normal: 3, fast: 4.5 },
			},
			pairedItem: { item: 0 },
		});
		expect(output[1].json).toMatchObject({ encoding: 'GSM-7', characters: 161, parts: 2, charactersPerPart: 153 });
		expect(output[2].json).toMatchObject({ encoding: 'GSM-7', characters: 4, extensionCharacters: ['€'] });
		expect(nock.pendingMocks()).toEqual([]);
	});

	it('with Price per Part (from Price → Get Many): the estimate in money, fast 1.5 times; a negative price refused', async () => {
		const context = nodeContext({ parameters: calculate('a'.repeat(161), { recipients: 3, pricePerPart: 0.165, currency: 'PLN' }) });
		context.getCredentials = async () => {
			throw new Error('calculate asked for the credential');
		};
		const [[item]] = await new Smsapi().execute.call(context);
		expect(item.json).toMatchObject({ parts: 2, cost: { normal: 6, fast: 9 }, estimate: { normal: 0.99, fast: 1.485, currency: 'PLN' } });
		const [plain] = await runNode({ parameters: calculate('a') });
		expect(plain.json.estimate).toBeUndefined();
		await expect(runNode({ parameters: calculate('a', { pricePerPart: -1 }) })).rejects.toThrow(/Price per Part must be a price of 0 or more/);
	});

	it('with normalize: the text as sent and its figures', async () => {
		const [item] = await runNode({ parameters: calculate('Zażółć gęślą jaźń', { normalize: true }) });
		expect(item.json).toMatchObject({
			encoding: 'GSM-7',
			characters: 17,
			parts: 1,
			specialCharacters: [],
			normalizedText: 'Zazolc gesla jazn',
		});
	});

	it('too long for 10 parts: says so instead of failing', async () => {
		const [item] = await runNode({ parameters: calculate('ż'.repeat(671)) });
		expect(item.json).toMatchObject({ encoding: 'UCS-2', parts: 11, fitsInMaxParts: false });
	});
});

describe('sms.deleteScheduled', () => {
	it('posts sch_del with the ids comma-separated and outputs each deleted id', async () => {
		const service = mockService().on('POST', '/sms.do', () => [200, { count: 2, list: [{ id: '111' }, { id: '222' }] }]);
		const output = await runNode({ parameters: { resource: 'sms', operation: 'deleteScheduled', ids: '111, 222' } });
		expect(service.calls[0].body).toEqual({ format: 'json', sch_del: '111,222' });
		expect(output).toEqual([
			{ json: { id: '111', deleted: true }, pairedItem: { item: 0 } },
			{ json: { id: '222', deleted: true }, pairedItem: { item: 0 } },
		]);
	});

	it('an unknown id: error 301 with its meaning', async () => {
		mockService().on('POST', '/sms.do', () => [200, { error: 301, message: 'Not exists ID message' }]);
		await expect(
			runNode({ parameters: { resource: 'sms', operation: 'deleteScheduled', ids: '999' } }),
		).rejects.toThrow(/301|Not exists/);
	});
});

describe('sms.sendToGroup', () => {
	it('posts group and message; one output item per message with the group name', async () => {
		const service = mockService().on('POST', '/sms.do', () => [
			200,
			{
				count: 2,
				list: [
					{ id: '1', points: '0.1650', number: '48500000001', submitted_number: '48500000001', status: 'QUEUE' },
					{ id: '2', points: 0.165, number: '48500000002', submitted_number: '48500000002', status: 'QUEUE' },
				],
			},
		]);
		const output = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'sendToGroup',
				group: 'customers',
				message: 'Hi [%contact.first_name%]',
				options: { from: 'MyShop', fast: true },
			},
		});
		expect(service.calls[0].body).toEqual({
			format: 'json',
			group: 'customers',
			message: 'Hi [%contact.first_name%]',
			from: 'MyShop',
			fast: '1',
		});
		expect(output.map((item) => item.json)).toEqual([
			expect.objectContaining({ id: '1', points: 0.165, group: 'customers' }),
			expect.objectContaining({ id: '2', points: 0.165, group: 'customers' }),
		]);
	});

	it('with a template, the message is not sent', async () => {
		const service = mockService().on('POST', '/sms.do', () => [200, { count: 0, list: [] }]);
		await runNode({
			parameters: { resource: 'sms', operation: 'sendToGroup', group: 'vip', message: 'old', options: { template: 'otp' } },
		});
		expect(service.calls[0].body).toEqual({ format: 'json', group: 'vip', template: 'otp' });
	});
});

describe('send dropdowns', () => {
	const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;

	it("Sender Name (username/password login) lists only the account's active names of sender.do, the default marked, plus the account default", async () => {
		const service = legacyService().on('GET', '/sender.do', () => [
			200,
			[
				{ sender: 'Test', status: 'ACTIVE', default: true },
				{ sender: 'MyShop', status: 'ACTIVE', default: false },
				{ sender: 'NewBrand', status: 'INACTIVE', default: false },
				{ name: 'OldShape', status: 'active', default: false },
			],
		]);
		const options = await loadOptions.getSenderNames.call(
			loadOptionsContext({ credentials: legacyLogin() }) as ILoadOptionsFunctions,
		);
		expect(service.calls[0].query).toEqual({ format: 'json', list: '1', with_nat_names: '1' });
		expect(options).toEqual([
			{ name: "Account's Default", value: '' },
			{ name: 'MyShop', value: 'MyShop' },
			{ name: 'OldShape', value: 'OldShape' },
			{ name: 'Test (default)', value: 'Test' },
		]);
	});

	it('Template lists the templates by name with their text', async () => {
		const service = mockService().on('GET', '/sms/templates', () => [
			200,
			{
				size: 2,
				collection: [
					{ id: 't2', name: 'welcome', template: 'Hello [%1%], welcome to [%2%]!' },
					{ id: 't1', name: 'appointment', template: 'Dear [%1%], your appointment is on [%2%] at [%3%].' },
				],
			},
		]);
		const options = await loadOptions.getTemplates.call(context());
		expect(service.calls).toHaveLength(1);
		expect(options).toEqual([
			{ name: 'None (Use Message)', value: '' },
			{ name: 'appointment', value: 'appointment', description: 'Dear [%1%], your appointment is on [%2%] at [%3%].' },
			{ name: 'welcome', value: 'welcome', description: 'Hello [%1%], welcome to [%2%]!' },
		]);
	});

	it('the send options name these methods', () => {
		const send = new Smsapi().description.properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('send'),
		);
		const byName = Object.fromEntries(
			((send?.options ?? []) as Array<{ name: string; typeOptions?: { loadOptionsMethod?: string } }>).map((o) => [
				o.name,
				o.typeOptions?.loadOptionsMethod,
			]),
		);
		expect(byName.from).toBe('getSenderNames');
		expect(byName.template).toBe('getTemplates');
	});
});

describe('send dropdowns against the emulator (real HTTP on loopback)', () => {
	let emulator: Emulator;
	const context = () =>
		loadOptionsContext({
			credentials: tokenCredentials({ token: 'test-token', baseUrl: emulator.primaryUrl, backupUrl: emulator.backupUrl }),
		}) as ILoadOptionsFunctions;

	beforeAll(async () => {
		nock.enableNetConnect(/^127\.0\.0\.1/);
		emulator = await startEmulator({ port: 0, quiet: true });
	});
	afterAll(async () => {
		await emulator.stop();
		nock.disableNetConnect();
	});

	it('Sender Name: the seeded active names Test (default) and MyShop, not the inactive NewBrand', async () => {
		expect(await loadOptions.getSenderNames.call(context())).toEqual([
			{ name: "Account's Default", value: '' },
			{ name: 'MyShop', value: 'MyShop' },
			{ name: 'Test (default)', value: 'Test' },
		]);
	});

	it('a name activated later shows up; one deactivated disappears', async () => {
		await fetch(`${emulator.controlUrl}/senders/activate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'NewBrand' }),
		});
		await fetch(`${emulator.controlUrl}/senders/activate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'MyShop', status: 'INACTIVE' }),
		});
		const values = (await loadOptions.getSenderNames.call(context())).map((option) => option.value);
		expect(values).toEqual(['', 'NewBrand', 'Test']);
	});

	it('Template: the seeded templates welcome, appointment and otp', async () => {
		const options = await loadOptions.getTemplates.call(context());
		expect(options.map((option) => option.value)).toEqual(['', 'appointment', 'otp', 'welcome']);
		expect(options.find((option) => option.value === 'welcome')?.description).toBe('Hello [%1%], welcome to [%2%]!');
	});
});
