import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import {
	descriptionField,
	isHttpAddress,
	nameField,
	shortLinkIdField,
	shortLinkPath,
	urlField,
} from './fields';

const properties: INodeProperties[] = [
	shortLinkIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			descriptionField,
			{ ...nameField, description: 'The new name of the link, also its path (name)' },
			urlField,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shortLink'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const linkId = requiredText.call(this, 'linkId', itemIndex, 'Choose the short link to update');
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const changes: IDataObject = {};
		for (const key of ['url', 'name', 'description']) {
			const value = fields[key];
			if (typeof value === 'string' && value.trim() !== '') changes[key] = value.trim();
		}
		if (Object.keys(changes).length === 0) {
			throw new NodeOperationError(this.getNode(), 'Add at least one field to update', {
				itemIndex,
				description: 'Nothing was changed. Use Update Fields to choose what to change.',
			});
		}
		if (changes.url !== undefined && !isHttpAddress(changes.url as string)) {
			throw new NodeOperationError(
				this.getNode(),
				`Not an http(s) address: "${String(changes.url)}"`,
				{
					itemIndex,
					description:
						'Nothing was changed. Enter the full address, e.g. https://example.com/offer.',
				},
			);
		}
		// Setting the same values again gives the same link: repeating it is harmless.
		const { data } = await smsapiApiRequest.call(this, {
			method: 'PUT',
			endpoint: shortLinkPath(linkId),
			body: changes,
			safeToRepeat: true,
			itemIndex,
		});
		return data as IDataObject;
	});
}
