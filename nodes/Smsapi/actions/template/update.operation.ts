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
	normalizeField,
	templateIdField,
	templatePath,
	templateTextField,
	toTemplateParameters,
} from './fields';

const properties: INodeProperties[] = [
	templateIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				description: 'The new name of the template (name)',
			},
			normalizeField,
			templateTextField,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const templateId = requiredText.call(
			this,
			'templateId',
			itemIndex,
			'Choose the template to update',
		);
		const changes = toTemplateParameters(
			this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		);
		if (Object.keys(changes).length === 0) {
			throw new NodeOperationError(this.getNode(), 'Add at least one field to update', {
				itemIndex,
				description: 'Nothing was changed. Use Update Fields to choose what to change.',
			});
		}
		// Setting the same values again gives the same template: repeating it is harmless.
		const { data } = await smsapiApiRequest.call(this, {
			method: 'PUT',
			endpoint: templatePath(templateId),
			body: changes,
			safeToRepeat: true,
			itemIndex,
		});
		return data as IDataObject;
	});
}
