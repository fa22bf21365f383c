import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { groupIdField } from '../contact/groups';
import { groupItem, groupPath } from './fields';

export const description = updateDisplayOptions(
	{ show: { resource: ['contactGroup'], operation: ['get'] } },
	[groupIdField],
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const groupId = requiredText.call(this, 'groupId', itemIndex, 'Choose the group to get');
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: groupPath(groupId),
			safeToRepeat: true,
			itemIndex,
		});
		return groupItem(data);
	});
}
