import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { recordId } from '../byId';
import { groupRecord } from './fields';

const properties: INodeProperties[] = [
	{
		...groupRecord.idField,
		description: `${groupRecord.idField.description} Its contacts stay in the database unless Delete Its Contacts Too is on.`,
	},
	{
		displayName: 'Delete Its Contacts Too',
		name: 'deleteContacts',
		type: 'boolean',
		default: false,
		description:
			'Whether the contacts of the group are deleted from the contacts database as well, also from every other group they are in (delete_contacts)',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contactGroup'], operation: ['delete'] } },
	properties,
);

const NOT_MODIFIED_REASON =
	'The service answered 304 Not Modified: the group was not deleted, nor any contact. Check the group in the SMSAPI portal.';

/**
 * `DELETE /contacts/groups/{groupId}` with `delete_contacts` always sent (contacts_com.yml
 * `DeleteGroup`): what happens to the contacts is never left to the service's undocumented
 * default. Sent in the query, as the official JavaScript client sends it, as 1 or 0 (a text
 * "false" reads as true wherever a non-empty text counts as true). The published answers: 204
 * deleted, 202 accepted (carried out shortly), 304 not modified (nothing deleted).
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const id = recordId.call(this, groupRecord, 'delete', itemIndex);
		const endpoint = groupRecord.path(id);
		const deleteContacts = this.getNodeParameter('deleteContacts', itemIndex, false) === true;
		// Not repeated: a repeat after a lost answer would say "not found" for a group just deleted.
		const { meta } = await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint,
			qs: { delete_contacts: deleteContacts },
			safeToRepeat: false,
			itemIndex,
		});
		const item: IDataObject = {
			id,
			deleted: meta.httpStatus !== 304,
			delete_contacts: deleteContacts,
		};
		if (meta.httpStatus === 304) item.reason = NOT_MODIFIED_REASON;
		return item;
	});
}
