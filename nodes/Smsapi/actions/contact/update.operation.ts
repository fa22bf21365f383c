import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { contactFields, contactPhoneProblem, phoneNumberField, toContactBody } from './fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Contact',
		name: 'contactId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The contact to change',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a contact...',
				typeOptions: { searchListMethod: 'searchContacts', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5b802315a788494a04690d1d',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^[0-9a-zA-Z]+$', errorMessage: 'Not a valid contact ID' },
					},
				],
			},
		],
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [...contactFields, phoneNumberField].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const contactId = String(
			this.getNodeParameter('contactId', itemIndex, '', { extractValue: true }) ?? '',
		).trim();
		if (contactId === '') {
			throw new NodeOperationError(this.getNode(), 'Choose the contact to update', {
				itemIndex,
				description: 'Pick it from the list or enter its ID (Get Many returns the IDs).',
			});
		}
		const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const phoneProblem = contactPhoneProblem(updateFields.phoneNumber);
		if (phoneProblem) {
			throw new NodeOperationError(this.getNode(), phoneProblem, {
				itemIndex,
				description: 'Nothing was changed. Phone Number takes one number with its country prefix, e.g. 48500000000.',
			});
		}
		const body = toContactBody(updateFields);
		if (Object.keys(body).length === 0) {
			throw new NodeOperationError(this.getNode(), 'Add at least one field to update', {
				itemIndex,
				description: 'Nothing was changed. Use Update Fields to choose what to change.',
			});
		}
		const { data } = await smsapiApiRequest.call(this, {
			method: 'PUT',
			endpoint: `contacts/${encodeURIComponent(contactId)}`,
			body,
			kind: 'read',
			itemIndex,
		});
		return data as IDataObject;
	});
}
