import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { SENDER_NAME, servedByRestApi, smsapiApiRequest } from '../../transport';
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
			'The sender name to register (add): at most 11 of letters A-Z, digits, spaces and _ . - & @ % ! +, or a phone number of the account holder (8 to 16 digits), as the published API takes it. It starts INACTIVE and can be used once SMSAPI has verified it. Some accounts must first accept a statement about the name: Get Statement shows it.',
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
		if (!SENDER_NAME.accepts(name)) {
			throw new NodeOperationError(
				this.getNode(),
				`Not a valid sender name: ${JSON.stringify(name)}`,
				{
					itemIndex,
					description: `Nothing was sent. A sender name is ${SENDER_NAME.looksLike} (the published API's Sender).`,
				},
			);
		}
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
