import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { apiPath } from '../../transport';
import { idDropdownField, type RecordById } from '../byId';

/**
 * Custom fields of the contacts database (contacts_com.yml `/contacts/fields`): `Field`
 * `{id, name, type}`, `type` one of `FieldType` (text, date, email, phone_number, number). Create
 * takes `name` and `type` (default text), edit only `name`, both as forms; a list-type field's
 * choices are read with `GET /contacts/fields/{fieldId}/options` (`FieldOption` `{name, value}`;
 * the service answers 501 where a field has none). The REST API takes only the bearer token.
 */
export const CONTACT_FIELDS = 'contacts/fields';

export const FIELD_TYPES = [
	{ name: 'Date', value: 'date' },
	{ name: 'Email', value: 'email' },
	{ name: 'Number', value: 'number' },
	{ name: 'Phone Number', value: 'phone_number' },
	{ name: 'Text', value: 'text' },
];

const contactFieldIdField: INodeProperties = idDropdownField(
	'Contact Field Name or ID',
	'contactFieldId',
	'getContactFieldIds',
	'The custom field.',
);

export const fieldNameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. loyalty_level',
	description:
		'The name of the field (name), as messages use it in [%contact.name%] and contact filters by it',
};

function contactFieldPath(contactFieldId: string): string {
	return apiPath`contacts/fields/${{ contactFieldId }}`;
}

/** A field as an output item: the service's `{id, name, type}` as they come. */
export function contactFieldItem(data: unknown): IDataObject {
	return data && typeof data === 'object' && !Array.isArray(data)
		? { ...(data as IDataObject) }
		: {};
}

/** A custom field by id, for update, delete and its options. */
export const contactFieldRecord: RecordById = {
	resource: 'contactField',
	noun: 'contact field',
	idField: contactFieldIdField,
	path: contactFieldPath,
	toItem: contactFieldItem,
	tokenOnly: true,
};
