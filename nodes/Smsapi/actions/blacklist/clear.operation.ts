import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName:
			'Every number on the blacklist is removed: they can receive messages from the account again.',
		name: 'clearNotice',
		type: 'notice',
		default: '',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['blacklist'], operation: ['clear'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		// Deleting everything twice leaves the same empty list: repeating it is harmless.
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: 'blacklist/phone_numbers',
			safeToRepeat: true,
			itemIndex,
		});
		return { cleared: true };
	});
}
