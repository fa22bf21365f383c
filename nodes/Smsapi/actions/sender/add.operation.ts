import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { servedByRestApi, smsapiApiRequest } from '../../transport';
import { senderActionItem } from './fields';
import { restSenderItem } from './rest';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. MyShop',
		description:
			'The sender name to register (add): up to 11 letters, digits and spaces, or a phone number of the account holder. It starts INACTIVE and can be used once SMSAPI has verified it. Some accounts must first accept a statement about the name: Get Statement shows it.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sender'], operation: ['add'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Enter the sender name to add');
		if (await servedByRestApi(this, itemIndex)) {
			const { data } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'sms/sendernames',
				body: { sender: name },
				safeToRepeat: false,
				itemIndex,
			});
			return { ...restSenderItem(data), count: 1 };
		}
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'sender.do',
			body: { add: name },
			safeToRepeat: false,
			itemIndex,
		});
		return senderActionItem(data, name);
	});
}
