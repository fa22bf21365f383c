import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { legacyLogin, legacyService } from './support/legacy-login';
import { mockService, operationCredentials, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;
const legacyContext = () => loadOptionsContext({ credentials: legacyLogin() }) as ILoadOptionsFunctions;

describe('dropdowns and searchable lists', () => {
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

	it('getSubuserNames (token) lists the sub-users of GET /subusers by username, their description shown', async () => {
		const service = mockService().on('GET', '/subusers', () => [
			200,
			{ size: 2, collection: [{ id: 'a'.repeat(24), username: 'acme_shop', description: 'the web shop' }, { id: 'b'.repeat(24), username: 'acme_b', description: null }] },
		]);
		const options = await loadOptions.getSubuserNames.call(context());
		expect(service.calls.map((call) => [call.method, call.path])).toEqual([['GET', '/subusers']]);
		expect(options).toEqual([
			{ name: 'acme_b', value: 'acme_b', description: undefined },
			{ name: 'acme_shop', value: 'acme_shop', description: 'the web shop' },
		]);
	});

	it('getSubuserNames (username/password login) lists the sub-users of user.do by username', async () => {
		const service = legacyService().on('GET', '/user.do', () => [
			200,
			[
				{ username: 'acme_shop', info: 'the web shop' },
				{ username: 'acme_b', info: '' },
			],
		]);
		const options = await loadOptions.getSubuserNames.call(legacyContext());
		expect(service.calls[0].query).toEqual({ format: 'json', list: '1' });
		expect(options).toEqual([
			{ name: 'acme_b', value: 'acme_b', description: undefined },
			{ name: 'acme_shop', value: 'acme_shop', description: 'the web shop' },
		]);
	});
});
