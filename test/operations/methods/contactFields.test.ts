/**
 * The dropdowns of contact fields (nodes/Smsapi/methods/loadOptions.ts), token only:
 * getContactFieldIds (Contact Field's operations: the fields by id) and getContactFieldNames
 * (Contact → Custom Fields: the fields by name, labelled with their type).
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { loadOptions } from '../../../nodes/Smsapi/methods';
import { legacyCredentials, loadOptionsContext } from '../../support/n8n-context';
import { mockService, operationCredentials, useMockedNetwork } from '../support/run-node';

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
