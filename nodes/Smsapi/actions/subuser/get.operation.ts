import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { existingSubuserField, subuserItem } from './fields';

const properties: INodeProperties[] = [existingSubuserField];

export const description = updateDisplayOptions(
	{ show: { resource: ['subuser'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Choose the sub-user to get');
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'user.do',
			qs: { get_user: name },
			safeToRepeat: true,
			itemIndex,
		});
		// The text answer names no user; the JSON answer does.
		return subuserItem(data, name);
	});
}
