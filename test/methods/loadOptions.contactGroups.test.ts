/**
 * The dropdowns of contact groups (nodes/Smsapi/methods/loadOptions.ts): getContactGroupNames (SMS →
 * Send to Group: the service takes the group's name) and getContactGroupIds (the contact filters and
 * the group membership of Create, Update, Add to and Remove from Group), both from GET
 * /contacts/groups, labelled with the number of contacts when the service gives it.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;
const groups = [
	{ id: '650000000000000000000012', name: 'Newsletter', description: 'Weekly news', contacts_count: 4 },
	{ id: '650000000000000000000011', name: 'VIP', description: '', contacts_count: null },
	{ id: '650000000000000000000013', name: null, description: 'a group without a name' },
];

describe('the contact group dropdowns', () => {
	it('getContactGroupNames: the groups by name, with their count and description; one without a name left out', async () => {
		const service = mockService().on('GET', '/contacts/groups', () => [200, { size: groups.length, collection: groups }]);
		const options = await loadOptions.getContactGroupNames.call(context());
		expect(service.calls.map((call) => [call.method, call.path])).toEqual([['GET', '/contacts/groups']]);
		expect(options).toEqual([
			{ name: 'Newsletter (4)', value: 'Newsletter', description: 'Weekly news' },
			{ name: 'VIP', value: 'VIP', description: '' },
		]);
	});

	it('getContactGroupIds: the same groups by id', async () => {
		mockService().on('GET', '/contacts/groups', () => [200, { size: groups.length, collection: groups }]);
		const options = await loadOptions.getContactGroupIds.call(context());
		expect(options.map((option) => [option.name, option.value])).toEqual([
			['Newsletter (4)', '650000000000000000000012'],
			['VIP', '650000000000000000000011'],
		]);
	});
});
