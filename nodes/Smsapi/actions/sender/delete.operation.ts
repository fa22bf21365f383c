import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { existingSenderField, senderActionItem } from './fields';

const properties: INodeProperties[] = [existingSenderField];

export const description = updateDisplayOptions(
	{ show: { resource: ['sender'], operation: ['delete'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Choose the sender name to delete');
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'sender.do',
			body: { delete: name },
			safeToRepeat: true,
			itemIndex,
		});
		return senderActionItem(data, name, { deleted: true });
	});
}
