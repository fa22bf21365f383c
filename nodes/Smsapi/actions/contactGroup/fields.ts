import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { numberFromService } from '../../helpers/values';
import { apiPath } from '../../transport';
import { type RecordById } from '../byId';
import { byDisplayName } from '../commonFields';
import { groupIdField } from '../contact/groups';

/**
 * Groups of the contacts database (contacts_com.yml `/contacts/groups`): form bodies with
 * `name`, `description`, `idx` and `contact_expire_after` (days a contact stays in the group).
 */
const groupFields: INodeProperties[] = [
	{
		displayName: 'Contact Expire After',
		name: 'contactExpireAfter',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Days after which a contact leaves the group by itself (contact_expire_after)',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'A free description of the group (description)',
	},
	{
		displayName: 'Idx',
		name: 'idx',
		type: 'string',
		default: '',
		description: 'Your own reference of the group, e.g. its ID in a CRM (idx)',
	},
];

/** The Additional Fields of create. */
export const createGroupFields = groupFields;

/** The Update Fields of update: Name too. */
const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	description: 'The new name of the group (name)',
};

export const updateGroupFields: INodeProperties[] = byDisplayName([...groupFields, nameField]);

const WIRE_NAMES: Record<string, string> = {
	contactExpireAfter: 'contact_expire_after',
	description: 'description',
	idx: 'idx',
	name: 'name',
};

/** The fields in the service's names; empty texts are left out. */
export function toGroupParameters(fields: IDataObject): IDataObject {
	const parameters: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const wireName = WIRE_NAMES[name];
		if (!wireName || value === undefined || value === null || value === '') continue;
		parameters[wireName] = typeof value === 'string' ? value.trim() : (value as number);
	}
	return parameters;
}

/** A group as an output item, `contacts_count` as a number. */
export function groupItem(data: unknown): IDataObject {
	const item: IDataObject =
		data && typeof data === 'object' && !Array.isArray(data) ? { ...(data as IDataObject) } : {};
	if (item.contacts_count !== undefined)
		item.contacts_count = numberFromService(item.contacts_count) as number;
	return item;
}

function groupPath(groupId: string): string {
	return apiPath`contacts/groups/${{ groupId }}`;
}

/** A group by id, for get, update and delete. */
export const groupRecord: RecordById = {
	resource: 'contactGroup',
	noun: 'group',
	idField: groupIdField,
	path: groupPath,
	toItem: groupItem,
};
