import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { servedByRestApi, smsapiApiRequest } from '../../transport';
import { existingSubuserField, subuserItem } from './fields';
import { findSubuser, restSubuserItem } from './rest';

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
		if (await servedByRestApi(this, itemIndex)) {
			return restSubuserItem(await findSubuser.call(this, name, itemIndex, 'Nothing was read.'));
		}
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
