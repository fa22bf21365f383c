import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { apiPath, smsapiApiRequest } from '../../transport';
import { existingSubuserField } from './fields';
import { findSubuser } from './rest';

const properties: INodeProperties[] = [
	{
		displayName:
			'The sub-user and its login are deleted for good; its sent messages stay in the reports.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	existingSubuserField,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['subuser'], operation: ['delete'] } },
	properties,
);

/**
 * Over the REST API (panel_com.yml `DELETE /subusers/{id}`): the legacy user.do cannot delete.
 * The REST API names sub-users by id, the node by username (or id): see findSubuser in rest.ts.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const username = requiredText.call(this, 'name', itemIndex, 'Choose the sub-user to delete');
		const subuser = await findSubuser.call(this, username, itemIndex, 'Nothing was deleted.');
		// Not repeated: a repeat after a lost answer would say "not found" for a sub-user just deleted.
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: apiPath`subusers/${{ subuserId: subuser.id }}`,
			safeToRepeat: false,
			itemIndex,
		});
		return { id: subuser.id, username: subuser.username ?? username, deleted: true };
	});
}
