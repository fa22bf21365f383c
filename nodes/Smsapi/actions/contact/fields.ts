import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { cleanNumber, validateNumber } from '../../helpers/numbers';

/**
 * The contact's fields as create and update take them (spec: POST /contacts, PUT /contacts/{id}).
 * Names are the camelCase of the service's form fields; `toContactBody` maps them back.
 */

export const phoneNumberField: INodeProperties = {
	displayName: 'Phone Number',
	name: 'phoneNumber',
	type: 'string',
	default: '',
	placeholder: '48500000000',
	description: 'The phone number with the country prefix (phone_number). The contacts database holds one contact per number.',
};

/** Every field but the phone number, sorted by display name. */
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
	{
		displayName: 'Gender',
		name: 'gender',
		type: 'options',
		options: [
			{ name: 'Female', value: 'female' },
			{ name: 'Male', value: 'male' },
		],
		default: 'female',
		description: 'The gender (gender)',
	},
	{
		displayName: 'Group Names or IDs',
		name: 'groups',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getContactGroupNames' },
		default: [],
		description:
			'Groups of the contacts database the contact belongs to (groups, by name). Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
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
	groups: 'groups',
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
 * The form body for create and update. `groups` becomes a comma-separated list of names; a
 * birthday given as a date-time keeps only its date (the service takes YYYY-MM-DD); the phone
 * number loses its formatting and a leading `+` or `00` ("+48 500 000 000" -> 48500000000), which
 * the service would otherwise refuse as an invalid phone number.
 */
export function toContactBody(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const wireName = WIRE_NAMES[name];
		if (!wireName || value === undefined || value === null) continue;
		if (name === 'groups') {
			const groups = (Array.isArray(value) ? value : String(value).split(','))
				.map((group) => String(group).trim())
				.filter((group) => group !== '');
			body.groups = groups.join(',');
		} else if (name === 'phoneNumber') {
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
