import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { existingSenderField, senderItem } from './fields';

const properties: INodeProperties[] = [existingSenderField];

export const description = updateDisplayOptions(
	{ show: { resource: ['sender'], operation: ['getStatus'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Choose the sender name to check');
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'sender.do',
			qs: { status: name },
			safeToRepeat: true,
			itemIndex,
		});
		return senderItem(data, name);
	});
}
