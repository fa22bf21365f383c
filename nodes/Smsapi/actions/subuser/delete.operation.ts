import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { apiPath, smsapiApiRequest } from '../../transport';
import { fetchList } from '../wholeList';
import { existingSubuserField } from './fields';

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
 * The REST API names sub-users by id, the rest of this resource by username: the id comes from
 * `GET /subusers?q=<username>` (a case-insensitive "contains" search), matched exactly.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const username = requiredText.call(this, 'name', itemIndex, 'Choose the sub-user to delete');
		const matches = await fetchList.call(this, 'subusers', { q: username }, itemIndex);
		const subuser = matches.find((entry) => String(entry.username) === username);
		if (!subuser || subuser.id === undefined) {
			throw new NodeOperationError(this.getNode(), `No sub-user named "${username}"`, {
				itemIndex,
				description:
					"Nothing was deleted. Give the full username (with the main user's prefix), or choose it from the list.",
			});
		}
		// Not repeated: a repeat after a lost answer would say "not found" for a sub-user just deleted.
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: apiPath`subusers/${{ subuserId: subuser.id }}`,
			safeToRepeat: false,
			itemIndex,
		});
		return { id: subuser.id, username, deleted: true };
	});
}
