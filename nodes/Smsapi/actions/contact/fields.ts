import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../../items/loop';
import { cleanNumber, validateNumber } from '../../helpers/numbers';

/**
 * The contact's fields as create and update take them (POST /contacts, PUT /contacts/{id}; docs/service-differences.md, C6).
 * Names are the camelCase of the service's form fields; `toContactBody` maps them back.
 */

export const phoneNumberField: INodeProperties = {
	displayName: 'Phone Number',
	name: 'phoneNumber',
	type: 'string',
	default: '',
	placeholder: '48500000000',
	description:
		'The phone number with the country prefix (phone_number). The contacts database holds one contact per number.',
};

/** The contact an operation works on: from the list (searched by the service's `q`) or by id. */
export const contactLocator: INodeProperties = {
	displayName: 'Contact',
	name: 'contactId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a contact...',
			typeOptions: { searchListMethod: 'searchContacts', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 5b802315a788494a04690d1d',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^[0-9a-zA-Z]+$', errorMessage: 'Not a valid contact ID' },
				},
			],
		},
	],
};

/** The chosen contact's id; an empty one is refused before anything is sent. */
export function contactIdOf(this: IExecuteFunctions, itemIndex: number, action: string): string {
	return requiredText.call(
		this,
		'contactId',
		itemIndex,
		`Choose the contact to ${action}`,
		'Pick it from the list or enter its ID (Get Many returns the IDs).',
	);
}

/** Every field but the phone number, sorted by display name. */
/** A contact's gender as the service names it. */
export const genderSelect: INodeProperties = {
	displayName: 'Gender',
	name: 'gender',
	type: 'options',
	options: [
		{ name: 'Female', value: 'female' },
		{ name: 'Male', value: 'male' },
	],
	default: 'female',
};

export const contactFields: INodeProperties[] = [
	{
		displayName: 'Birthday Date',
		name: 'birthdayDate',
		type: 'string',
		default: '',
		placeholder: '1990-12-31',
		description: 'Date of birth as YYYY-MM-DD (birthday_date)',
	},
	{
		displayName: 'City',
		name: 'city',
		type: 'string',
		default: '',
		description: 'The city (city)',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'A free description (description)',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description: 'The e-mail address (email)',
	},
	{
		displayName: 'First Name',
		name: 'firstName',
		type: 'string',
		default: '',
		description: 'The first name (first_name)',
	},
	{ ...genderSelect, description: 'The gender (gender)' },
	{
		displayName: 'Last Name',
		name: 'lastName',
		type: 'string',
		default: '',
		description: 'The last name (last_name)',
	},
	{
		displayName: 'Source',
		name: 'source',
		type: 'string',
		default: '',
		description: 'Where the contact came from, a free label (source)',
	},
];

/** The node's field names and the service's form field names. */
const WIRE_NAMES: Record<string, string> = {
	birthdayDate: 'birthday_date',
	city: 'city',
	description: 'description',
	email: 'email',
	firstName: 'first_name',
	gender: 'gender',
	lastName: 'last_name',
	phoneNumber: 'phone_number',
	source: 'source',
};

/**
 * What is wrong with a contact's phone number as typed, or undefined when it is usable (after
 * `cleanNumber`: "+48 500-000-000" is fine). Empty counts as usable: the caller decides.
 */
export function contactPhoneProblem(value: unknown): string | undefined {
	const typed = String(value ?? '').trim();
	if (typed === '') return undefined;
	const checked = validateNumber(typed);
	return checked.ok ? undefined : checked.reason;
}

/**
 * The form body for create and update (groups are not part of it: see groups.ts). A birthday
 * given as a date-time keeps only its date (the service takes YYYY-MM-DD); the phone number loses
 * its formatting and a leading `+` or `00` ("+48 500 000 000" -> 48500000000), which the service
 * would otherwise refuse as an invalid phone number.
 */
export function toContactBody(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const wireName = WIRE_NAMES[name];
		if (!wireName || value === undefined || value === null) continue;
		if (name === 'phoneNumber') {
			body.phone_number = cleanNumber(String(value));
		} else if (name === 'birthdayDate') {
			const date = String(value).trim();
			body.birthday_date = /^\d{4}-\d{2}-\d{2}T/.test(date) ? date.slice(0, 10) : date;
		} else {
			body[wireName] = typeof value === 'string' ? value.trim() : value;
		}
	}
	return body;
}
