/**
 * The dropdowns of contact fields (nodes/Smsapi/methods/loadOptions.ts), token only:
 * getContactFieldIds (Contact Field's operations: the fields by id) and getContactFieldNames
 * (Contact → Custom Fields: the fields by name, labelled with their type).
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../nodes/Smsapi/methods';
import { legacyCredentials, loadOptionsContext } from '../support/n8n-context';
import { FIELDS } from '../operations/support/contact-fixtures';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

const field = { id: '660000000000000000000001', name: 'loyalty_level', type: 'text' };

describe('the contact fields dropdown (getContactFieldIds)', () => {
	it('lists the fields by id, named by their name, described by their type, sorted; the legacy login sends nothing', async () => {
		const service = mockService().on('GET', '/contacts/fields', () => [
			200,
			{ size: 2, collection: [{ ...field, id: 'f2', name: 'vip_since', type: 'date' }, field] },
		]);
		const context = (credentials = operationCredentials()) => loadOptionsContext({ credentials }) as ILoadOptionsFunctions;
		expect(await loadOptions.getContactFieldIds.call(context())).toEqual([
			{ name: 'loyalty_level', value: field.id, description: 'text' },
			{ name: 'vip_since', value: 'f2', description: 'date' },
		]);
		await expect(loadOptions.getContactFieldIds.call(context(legacyCredentials({ backupUrl: '' })))).rejects.toThrow(/needs an access token/);
		expect(service.calls).toHaveLength(1);
	});
});

describe('the custom fields dropdown by name (getContactFieldNames)', () => {
	it('lists the fields by name, labelled with their type, sorted', async () => {
		mockService().on('GET', '/contacts/fields', () => [200, { size: 2, collection: [FIELDS[2], FIELDS[1]] }]);
		const context = loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;
		expect(await loadOptions.getContactFieldNames.call(context)).toEqual([
			{ name: 'points_balance (number)', value: 'points_balance', description: 'A number field' },
			{ name: 'vip_since (date)', value: 'vip_since', description: 'A date field' },
		]);
	});
});
