import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { groupIdField } from '../contact/groups';
import { groupPath } from './fields';

const properties: INodeProperties[] = [
	{
		...groupIdField,
		description: `${groupIdField.description} Its contacts stay in the database.`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contactGroup'], operation: ['delete'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const groupId = requiredText.call(this, 'groupId', itemIndex, 'Choose the group to delete');
		// Not repeated: a repeat after a lost answer would say "not found" for a group just deleted.
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: groupPath(groupId),
			safeToRepeat: false,
			itemIndex,
		});
		return { id: groupId, deleted: true };
	});
}
