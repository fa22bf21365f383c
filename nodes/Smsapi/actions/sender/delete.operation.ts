import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { servedByRestApi, smsapiApiRequest } from '../../transport';
import { existingSenderField, senderActionItem } from './fields';
import { senderPath } from './rest';

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
		if (await servedByRestApi(this, itemIndex)) {
			// Not repeated: a repeat after a lost answer would say "not found" for a name just deleted.
			await smsapiApiRequest.call(this, {
				method: 'DELETE',
				endpoint: senderPath(name),
				safeToRepeat: false,
				itemIndex,
			});
			return { sender: name, deleted: true };
		}
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
