import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { templateIdField, templatePath } from './fields';

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['delete'] } },
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
			'Choose the template to delete',
		);
		// Not repeated: a repeat after a lost answer would say "not found" for a template just deleted.
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: templatePath(templateId),
			safeToRepeat: false,
			itemIndex,
		});
		return { id: templateId, deleted: true };
	});
}
