import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { newNameField, optionsCollection } from '../commonFields';
import { normalizeField, templateTextField, toTemplateParameters } from './fields';

const properties: INodeProperties[] = [
	newNameField(
		'e.g. shipping',
		'The name of the new template (name); a send names its template by it',
	),
	{ ...templateTextField, required: true },
	optionsCollection([normalizeField]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['create'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Enter the name of the new template');
		const template = String(this.getNodeParameter('template', itemIndex, '') ?? '');
		if (template.trim() === '') {
			throw new NodeOperationError(this.getNode(), 'Enter the text of the template', {
				itemIndex,
				description: 'Nothing was created.',
			});
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'sms/templates',
			body: toTemplateParameters({ ...options, name, template }),
			safeToRepeat: false,
			itemIndex,
		});
		return data as IDataObject;
	});
}
