import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listEntries } from '../../helpers/lists';
import { apiPath, smsapiApiRequest } from '../../transport';
import { idDropdownField } from '../byId';
import { fetchList } from '../wholeList';

/**
 * Group membership of a contact. The published API has no `groups` field on contact bodies (the
 * service ignores it); membership goes through `PUT` / `DELETE /contacts/{contactId}/groups/{groupId}`
 * (contacts_com.yml, as the official JavaScript and PHP clients do).
 */

/**
 * The groups a contact joins (create) or ends up in (update): ids from the account's groups. Named
 * `groups` as in workflows saved when it took names, which are still accepted.
 */
export const contactGroupsField: INodeProperties = {
	displayName: 'Group Names or IDs',
	name: 'groups',
	type: 'multiOptions',
	typeOptions: { loadOptionsMethod: 'getContactGroupIds' },
	default: [],
	description:
		'Groups of the contacts database, applied through group membership after the contact is saved. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

/** One group of the account, by id, from a dropdown or an expression. */
export const groupIdField: INodeProperties = idDropdownField(
	'Group Name or ID',
	'groupId',
	'getContactGroupIds',
	'The group of the contacts database.',
);

/** The distinct non-empty entries of arrays or comma-separated texts. */
function entries(values: readonly unknown[]): string[] {
	const list = values.flatMap((value) =>
		Array.isArray(value) ? value : String(value ?? '').split(','),
	);
	return [
		...new Set(list.map((entry) => String(entry ?? '').trim()).filter((entry) => entry !== '')),
	];
}

/**
 * The ids of the groups given by id or by name (workflows saved earlier kept names in `groups`),
 * checked against the account's groups with one `GET /contacts/groups`. An unknown one is refused
 * before anything is created or changed.
 */
export async function resolveGroupIds(
	this: IExecuteFunctions,
	itemIndex: number,
	...values: unknown[]
): Promise<string[]> {
	const wanted = entries(values);
	if (wanted.length === 0) return [];
	const groups = await fetchList.call(this, 'contacts/groups', undefined, itemIndex);
	const byId = new Map(groups.map((group) => [String(group.id), String(group.id)]));
	const byName = new Map(groups.map((group) => [String(group.name), String(group.id)]));
	const unknown = wanted.filter((entry) => !byId.has(entry) && !byName.has(entry));
	if (unknown.length > 0) {
		throw new NodeOperationError(
			this.getNode(),
			`No such contact group: ${unknown.map((entry) => `"${entry}"`).join(', ')}`,
			{
				itemIndex,
				description: `Nothing was changed. The account's groups: ${groups.map((group) => String(group.name)).join(', ') || 'none'}. Create the group in the SMSAPI portal first, or choose one from the list.`,
			},
		);
	}
	return [...new Set(wanted.map((entry) => byId.get(entry) ?? (byName.get(entry) as string)))];
}

function membershipPath(contactId: string, groupId: string): string {
	return apiPath`contacts/${{ contactId }}/groups/${{ groupId }}`;
}

/** Assigns the contact to the group; answers the contact's groups after it. Repeating it is harmless. */
export async function pinToGroup(
	this: IExecuteFunctions,
	itemIndex: number,
	contactId: string,
	groupId: string,
): Promise<IDataObject[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'PUT',
		endpoint: membershipPath(contactId, groupId),
		safeToRepeat: true,
		itemIndex,
	});
	return listEntries(data);
}

export async function unpinFromGroup(
	this: IExecuteFunctions,
	itemIndex: number,
	contactId: string,
	groupId: string,
): Promise<void> {
	await smsapiApiRequest.call(this, {
		method: 'DELETE',
		endpoint: membershipPath(contactId, groupId),
		safeToRepeat: true,
		itemIndex,
	});
}

/**
 * Makes the contact's groups exactly `wanted`: unpins it from the others, then pins it to the
 * missing ones. Returns the contact with its groups as they are afterwards.
 */
export async function applyGroups(
	this: IExecuteFunctions,
	itemIndex: number,
	contact: IDataObject,
	wanted: readonly string[],
	options: { removeOthers: boolean },
): Promise<IDataObject> {
	const contactId = String(contact.id);
	let groups = Array.isArray(contact.groups) ? (contact.groups as IDataObject[]) : [];
	const current = new Set(groups.map((group) => String(group.id)));
	if (options.removeOthers) {
		for (const group of groups.filter((group) => !wanted.includes(String(group.id)))) {
			await unpinFromGroup.call(this, itemIndex, contactId, String(group.id));
		}
		groups = groups.filter((group) => wanted.includes(String(group.id)));
	}
	for (const groupId of wanted.filter((id) => !current.has(id))) {
		groups = await pinToGroup.call(this, itemIndex, contactId, groupId);
	}
	return { ...contact, groups };
}
