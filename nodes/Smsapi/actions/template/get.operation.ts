import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { templateIdField, templatePath } from './fields';

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['get'] } },
	[templateIdField] as INodeProperties[],
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
			'Choose the template to get',
		);
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: templatePath(templateId),
			safeToRepeat: true,
			itemIndex,
		});
		return data as IDataObject;
	});
}
