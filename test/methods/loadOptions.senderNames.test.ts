/**
 * The dropdowns of sender names (nodes/Smsapi/methods/loadOptions.ts): getSenderNames (a send's
 * Sender Name: the account's active names, the default marked, plus the account's default) and
 * getAllSenderNames (Sender Name's operations: every name with its status), from sender.do with the
 * username/password login and GET /sms/sendernames with a token; against the emulator, the seeded
 * names, and one activated or deactivated later.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { emulatorCredentials, useEmulator } from '../operations/support/emulator';
import { legacyLogin, legacyService } from '../operations/support/legacy-login';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;
const legacyContext = () => loadOptionsContext({ credentials: legacyLogin() }) as ILoadOptionsFunctions;

describe('the sender name dropdowns', () => {
	it('getAllSenderNames (username/password login) lists every name from sender.do with its status, sorted', async () => {
		const service = legacyService().on('GET', '/sender.do', () => [
			200,
			[
				{ sender: 'Test', status: 'ACTIVE', default: true },
				{ sender: 'MyShop', status: 'INACTIVE', default: false },
			],
		]);
		const options = await loadOptions.getAllSenderNames.call(legacyContext());
		expect(service.calls[0].query).toEqual({ format: 'json', list: '1', with_nat_names: '1' });
		expect(options).toEqual([
			{ name: 'MyShop (INACTIVE)', value: 'MyShop' },
			{ name: 'Test (ACTIVE, default)', value: 'Test' },
		]);
	});

	it('getAllSenderNames (token) lists every name from GET /sms/sendernames with its status', async () => {
		const service = mockService().on('GET', '/sms/sendernames', () => [
			200,
			{
				size: 2,
				collection: [
					{ sender: 'Test', status: 'ACTIVE', is_default: true, created_at: '2024-01-01T00:00:00+00:00' },
					{ sender: 'My Shop', status: 'INACTIVE', is_default: false, created_at: '2024-01-01T00:00:00+00:00' },
				],
			},
		]);
		const options = await loadOptions.getAllSenderNames.call(context());
		expect(service.calls.map((call) => [call.method, call.path, call.query])).toEqual([['GET', '/sms/sendernames', {}]]);
		expect(options).toEqual([
			{ name: 'My Shop (INACTIVE)', value: 'My Shop' },
			{ name: 'Test (ACTIVE, default)', value: 'Test' },
		]);
		const active = await loadOptions.getSenderNames.call(context());
		expect(active).toEqual([
			{ name: "Account's Default", value: '' },
			{ name: 'Test (default)', value: 'Test' },
		]);
	});

	it("getSenderNames (username/password login) lists only the account's active names of sender.do, the default marked, plus the account default", async () => {
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
});

describe('the sender name dropdowns against the emulator (real HTTP on loopback)', () => {
	const emulator = useEmulator();
	const context = () => loadOptionsContext({ credentials: emulatorCredentials(emulator()) }) as ILoadOptionsFunctions;

	it('getSenderNames: the seeded active names Test (default) and MyShop, not the inactive NewBrand', async () => {
		expect(await loadOptions.getSenderNames.call(context())).toEqual([
			{ name: "Account's Default", value: '' },
			{ name: 'MyShop', value: 'MyShop' },
			{ name: 'Test (default)', value: 'Test' },
		]);
	});

	it('a name activated later shows up; one deactivated disappears', async () => {
		await fetch(`${emulator().controlUrl}/senders/activate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'NewBrand' }),
		});
		await fetch(`${emulator().controlUrl}/senders/activate`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'MyShop', status: 'INACTIVE' }),
		});
		const values = (await loadOptions.getSenderNames.call(context())).map((option) => option.value);
		expect(values).toEqual(['', 'NewBrand', 'Test']);
	});
});
