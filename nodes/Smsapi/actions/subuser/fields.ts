import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { toMd5Password } from '../../helpers/md5Password';
import { numberFromService } from '../../helpers/values';
import { idDropdownField } from '../byId';
import { passwordInput } from '../commonFields';

/**
 * The sub-user's settings as `user.do` takes them on add (add_user) and edit (set_user). Names
 * are the camelCase of the service's parameters; passwords are entered plain and sent as md5.
 */

/** Credits the sub-user may spend, with four decimals as the service counts them. */
function creditField(displayName: string, name: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 4 },
		default: 0,
		description,
	};
}

/** A flag of the sub-user, off unless set. */
function flagField(displayName: string, name: string, description: string): INodeProperties {
	return { displayName, name, type: 'boolean', default: false, description };
}

const apiPasswordField = passwordInput(
	'API Password',
	'apiPassword',
	'The password for API access (pass_api), entered plain. A username/password login sends only its md5 (32 hex characters are taken as already hashed); a token login sends it as typed, as the REST API takes it. Empty: the API password is the same as the web password.',
);

const infoField: INodeProperties = {
	displayName: 'Info',
	name: 'info',
	type: 'string',
	default: '',
	description: 'A free description of the sub-user (info), at most 255 characters',
};

// Named creditLimit, not limit: in n8n `limit` means "how many results", for people and AI agents alike.
const creditLimitField = creditField(
	'Credit Limit',
	'creditLimit',
	'Credits (points) the sub-user may spend (limit)',
);

const monthLimitField = creditField(
	'Month Limit',
	'monthLimit',
	'Credits granted to the sub-user on the 1st day of every month (month_limit)',
);

const passwordField = passwordInput(
	'Password',
	'password',
	'The password for the SMSAPI web portal (pass), entered plain. A username/password login sends only its md5 (32 hex characters are taken as already hashed); a token login sends it as typed, as the REST API takes it',
);

const phonebookField = flagField(
	'Phonebook',
	'phonebook',
	"Whether the sub-user may use the main user's contacts database (phonebook). Username/password logins only: the REST API of token logins has no such setting.",
);

const sendersField = flagField(
	'Senders',
	'senders',
	"Whether the sub-user may use the main user's sender names (senders). Username/password logins only: with a token, use Update Shares.",
);

/** The Additional Fields of create, sorted by display name. */
export const createFields: INodeProperties[] = [
	flagField(
		'Active',
		'active',
		'Whether the sub-user can log in and use the API (active). The service creates sub-users inactive unless this is on.',
	),
	apiPasswordField,
	creditLimitField,
	infoField,
	monthLimitField,
	{
		...passwordField,
		description: `${passwordField.description}. The service requires it for a new sub-user.`,
	},
	phonebookField,
	sendersField,
	flagField(
		'Without Prefix',
		'withoutPrefix',
		"Whether the username is Name as given (without_prefix). By default the service puts the main user's name and an underscore in front.",
	),
];

/** The Update Fields of update, sorted by display name. */
export const updateFields: INodeProperties[] = [
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the sub-user can log in and use the API (active)',
	},
	apiPasswordField,
	creditLimitField,
	infoField,
	monthLimitField,
	passwordField,
	phonebookField,
	sendersField,
	flagField(
		'Without Prefix',
		'withoutPrefix',
		"Whether Name is the sub-user's full username, taken as given (without_prefix)",
	),
];

/** Flags the service takes as 0/1. */
const FLAGS = new Set(['active', 'phonebook', 'senders', 'withoutPrefix']);

const WIRE_NAMES: Record<string, string> = {
	active: 'active',
	apiPassword: 'pass_api',
	info: 'info',
	creditLimit: 'limit',
	monthLimit: 'month_limit',
	password: 'pass',
	phonebook: 'phonebook',
	senders: 'senders',
	withoutPrefix: 'without_prefix',
};

/** The service's parameters for the fields set; passwords as md5, flags as 0/1, empty passwords left out. */
export function toSubuserParameters(fields: IDataObject): IDataObject {
	const parameters: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const wireName = WIRE_NAMES[name];
		if (!wireName || value === undefined || value === null) continue;
		if (name === 'password' || name === 'apiPassword') {
			const password = String(value);
			if (password !== '') parameters[wireName] = toMd5Password(password);
		} else if (FLAGS.has(name)) {
			parameters[wireName] = value === true || value === 1 || value === '1' ? 1 : 0;
		} else {
			parameters[wireName] = value as string | number;
		}
	}
	return parameters;
}

const NUMERIC_FIELDS = ['limit', 'month_limit', 'senders', 'phonebook', 'active'];

/**
 * A sub-user as an output item: the service's fields, numbers as numbers, and never a password
 * (should the service ever echo one).
 */
export function subuserItem(entry: unknown, name?: string): IDataObject {
	const item: IDataObject =
		entry && typeof entry === 'object' && !Array.isArray(entry)
			? { ...(entry as IDataObject) }
			: {};
	delete item.pass;
	delete item.pass_api;
	delete item.password;
	if (item.username === undefined && name !== undefined) item.username = name;
	for (const key of NUMERIC_FIELDS) {
		if (item[key] !== undefined) item[key] = numberFromService(item[key]) as number;
	}
	return item;
}

/** An existing sub-user, for get and update. */
export const existingSubuserField: INodeProperties = idDropdownField(
	'Sub-User Name or ID',
	'name',
	'getSubuserNames',
	"The sub-user's username.",
);
