import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../helpers/items';
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
		const name = String(this.getNodeParameter('name', itemIndex) ?? '').trim();
		if (name === '') {
			throw new NodeOperationError(this.getNode(), 'Choose the sender name to delete', { itemIndex });
		}
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'sender.do',
			body: { delete: name },
			kind: 'read',
			itemIndex,
		});
		return senderActionItem(data, name, { deleted: true });
	});
}
