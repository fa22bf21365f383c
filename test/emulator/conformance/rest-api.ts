/**
 * The REST operations of SMSAPI's published API that the emulator knows, summarised in our own
 * words from the OpenAPI files `panel_com.yml` (profile, ping, callbacks, sender names, templates,
 * MFA, blacklist, short links, sub-users, opt-outs, RCS) and `contacts_com.yml` (contacts, groups, memberships,
 * fields) of the public repository voxgig-sdk/smsapi-sdk (`.sdk/def/upstream/`), and checked
 * against the official PHP client (form bodies on POST and PUT). Authentication is the bearer
 * token (or the `access_token` parameter); the legacy username/password pair is not part of it.
 */
import { brandLength, rcsMessageBody, shareBody, subuserCredentials, subuserFields } from './rest-bodies';
import type { FieldRule, Fields, Problem, RestOperation } from './types';

const text: FieldRule = { type: 'string' };
const integer: FieldRule = { type: 'integer', min: 0 };
const flag: FieldRule = { type: 'boolean' };
const id: FieldRule = { type: 'id' };
const GENDERS = ['undefined', 'male', 'female'] as const;
export const CALLBACK_TYPES = ['sms_dlr', 'sms_mo', 'mms_dlr', 'mms_mo', 'vms_dlr', 'bulk', 'hlr', 'short_url'] as const;
export const RECEIVER_TYPES = ['all', '2way', 'number'] as const;
/** Callback types of inbound messages: they name which receiving numbers they are for. */
const INBOUND_CALLBACK_TYPES = new Set(['sms_mo', 'mms_mo']);

/** Paging of lists: `limit` defaults to 5 at the service. */
const paging: Fields = { offset: integer, limit: integer };

/** Contact fields of create (`CreateContact`); update (`UpdateContact`) has no idx, country or device fields. */
const contactUpdateFields: Fields = {
	phone_number: { type: 'phone' },
	email: { type: 'email' },
	first_name: text,
	last_name: text,
	gender: { type: 'string', enum: GENDERS },
	birthday_date: { type: 'date' },
	description: text,
	city: text,
	source: text,
};
const contactCreateFields: Fields = {
	...contactUpdateFields,
	country: text,
	idx: text,
	undelivered_messages: integer,
	device: text,
	browser: text,
	operating_system: text,
};

/**
 * `GET /contacts` filters. Values may carry the service's operators (`gt(..)`, `between(a, b)`),
 * so they are checked as text; gender is matched as a whole.
 */
const contactListQuery: Fields = {
	q: text,
	...paging,
	order_by: { type: 'string', enum: ['first_name', 'last_name', 'date_updated', 'date_created'] },
	phone_number: { type: 'string', list: true },
	email: { type: 'string', list: true },
	first_name: { type: 'string', list: true },
	last_name: { type: 'string', list: true },
	group_id: { type: 'string', list: true },
	gender: { type: 'string', enum: GENDERS },
	birthday_date: { type: 'string', list: true },
};

const groupFields: Fields = {
	name: text,
	description: text,
	idx: text,
	contact_expire_after: integer,
};

/** `sms_mo`/`mms_mo` need `receiver_type`; `number` needs `receiver_number` (published `CallbackMo`). */
function inboundReceiver(body: Readonly<Record<string, unknown>>): Problem[] {
	const problems: Problem[] = [];
	const inbound = INBOUND_CALLBACK_TYPES.has(String(body.type));
	if (inbound && body.receiver_type === undefined) {
		problems.push({
			path: 'receiver_type',
			error: 'required',
			message: `receiver_type (${RECEIVER_TYPES.join(', ')}) is required for type ${String(body.type)}`,
			value: null,
		});
	}
	if (!inbound && (body.receiver_type !== undefined || body.receiver_number !== undefined)) {
		problems.push({
			path: 'receiver_type',
			error: 'unknown_field',
			message: 'receiver_type and receiver_number belong to sms_mo and mms_mo callbacks only',
			value: body.receiver_type ?? body.receiver_number,
		});
	}
	if (inbound && body.receiver_type === 'number' && (body.receiver_number === undefined || body.receiver_number === '')) {
		problems.push({
			path: 'receiver_number',
			error: 'required',
			message: 'receiver_number is required with receiver_type number',
			value: null,
		});
	}
	return problems;
}

const callbackFields: Fields = {
	type: { type: 'string', enum: CALLBACK_TYPES },
	url: { type: 'url' },
	api_version: { type: 'integer', min: 1 },
	receiver_type: { type: 'string', enum: RECEIVER_TYPES },
	receiver_number: text,
};

const templateFields: Fields = { name: text, template: text, normalize: flag };

const sendernamePath = '/sms/sendernames/{sender}';

export const REST_OPERATIONS: readonly RestOperation[] = [
	// ---- account
	{ method: 'GET', path: '/ping', summary: 'authorization result and unavailable services' },
	{ method: 'HEAD', path: '/ping', summary: 'service reachable' },
	{ method: 'GET', path: '/profile', summary: 'profile details' },
	{
		method: 'GET',
		path: '/profile/prices',
		summary: 'price list',
		query: { type: { type: 'string', enum: ['pro', 'eco', 'sms', '2way', 'vms', 'hlr', 'mms'] } },
	},

	// ---- contacts
	{ method: 'GET', path: '/contacts', summary: 'list contacts', query: contactListQuery, additionalQuery: 'customFields' },
	{
		method: 'POST',
		path: '/contacts',
		summary: 'create a contact',
		body: {
			media: ['form'],
			fields: contactCreateFields,
			// The file marks both required; the PHP client creates a contact from either alone.
			requiredOneOf: [['phone_number', 'email']],
			additional: 'customFields',
		},
	},
	{ method: 'DELETE', path: '/contacts', summary: 'delete all contacts' },
	{ method: 'GET', path: '/contacts/{contactId}', summary: 'get a contact' },
	{
		method: 'PUT',
		path: '/contacts/{contactId}',
		summary: 'edit a contact',
		body: { media: ['form'], fields: contactUpdateFields, additional: 'customFields' },
	},
	{ method: 'DELETE', path: '/contacts/{contactId}', summary: 'delete a contact' },
	{ method: 'GET', path: '/contacts/{contactId}/groups', summary: "the contact's groups" },
	{
		method: 'POST',
		path: '/contacts/{contactId}/groups',
		summary: 'assign the contact to groups (form keys 1, 2, ... carry group ids)',
		body: { media: ['form'], fields: {}, additional: id },
	},
	{ method: 'GET', path: '/contacts/{contactId}/groups/{groupId}', summary: 'one group of the contact' },
	{ method: 'PUT', path: '/contacts/{contactId}/groups/{groupId}', summary: 'assign the contact to the group' },
	{ method: 'DELETE', path: '/contacts/{contactId}/groups/{groupId}', summary: 'unpin the contact from the group' },

	// ---- groups
	{
		method: 'GET',
		path: '/contacts/groups',
		summary: 'list groups',
		query: {
			with: { type: 'string', list: true, enum: ['contacts_count', 'permission_send', 'no_group', 'phone_number'] },
			name: { type: 'string', list: true },
		},
	},
	{
		method: 'POST',
		path: '/contacts/groups',
		summary: 'create a group',
		body: { media: ['form'], fields: groupFields, required: ['name'] },
	},
	{ method: 'DELETE', path: '/contacts/groups', summary: 'delete all groups' },
	{ method: 'GET', path: '/contacts/groups/{groupId}', summary: 'get a group' },
	{
		method: 'PUT',
		path: '/contacts/groups/{groupId}',
		summary: 'edit a group',
		body: { media: ['form'], fields: groupFields, required: ['name'] },
	},
	{
		method: 'DELETE',
		path: '/contacts/groups/{groupId}',
		summary: 'delete a group',
		// `DeleteGroup` is a form body in the published file; the official JavaScript client sends it in the query.
		query: { delete_contacts: flag },
		body: { media: ['form'], fields: { delete_contacts: flag } },
	},
	{ method: 'GET', path: '/contacts/groups/{groupId}/members/{contactId}', summary: 'is the contact in the group' },
	{ method: 'PUT', path: '/contacts/groups/{groupId}/members/{contactId}', summary: 'pin the contact to the group' },
	{ method: 'DELETE', path: '/contacts/groups/{groupId}/members/{contactId}', summary: 'unpin the contact from the group' },

	// ---- custom fields
	{ method: 'GET', path: '/contacts/fields', summary: 'list custom fields' },
	{
		method: 'POST',
		path: '/contacts/fields',
		summary: 'create a custom field',
		body: {
			media: ['form'],
			fields: { name: text, type: { type: 'string', enum: ['text', 'date', 'email', 'phone_number', 'number'] } },
			required: ['name'],
		},
	},
	{
		method: 'PUT',
		path: '/contacts/fields/{fieldId}',
		summary: 'rename a custom field (UpdateField: name only)',
		body: { media: ['form'], fields: { name: text }, required: ['name'] },
	},
	{ method: 'DELETE', path: '/contacts/fields/{fieldId}', summary: 'delete a custom field' },
	{ method: 'GET', path: '/contacts/fields/{fieldId}/options', summary: "a field's choices (501 where it has none)" },
	{ method: 'GET', path: '/contacts/fields/available', summary: 'the built-in and custom fields (FieldAvailable)' },

	// ---- opt-outs (panel_com.yml, tag opt_out; the CSV export headers are not used)
	{ method: 'GET', path: '/opt_outs', summary: 'list opt-outs', query: { phone_number: text, ...paging } },
	{ method: 'DELETE', path: '/opt_outs/{optOutId}', summary: 'delete an opt-out' },
	{ method: 'GET', path: '/opt_outs/settings', summary: 'opt-out settings (brand)' },
	{
		method: 'PUT',
		path: '/opt_outs/settings',
		summary: 'update the opt-out settings (UpdateOptOutSettings: JSON only)',
		body: { media: ['json'], fields: { brand: text }, refine: brandLength },
	},

	// ---- callbacks
	{ method: 'GET', path: '/callbacks', summary: 'list registered callbacks' },
	{
		method: 'POST',
		path: '/callbacks',
		summary: 'register a callback URL',
		body: { media: ['json'], fields: callbackFields, required: ['type', 'url'], refine: inboundReceiver },
	},
	{ method: 'OPTIONS', path: '/callbacks', summary: 'types, receiver types and receiving numbers available' },
	{ method: 'GET', path: '/callbacks/{id}', summary: 'get a callback' },
	{
		method: 'PUT',
		path: '/callbacks/{id}',
		summary: 'change the URL',
		body: { media: ['json'], fields: { url: { type: 'url' }, api_version: { type: 'integer', min: 1 } }, required: ['url'] },
	},
	{ method: 'DELETE', path: '/callbacks/{id}', summary: 'delete a callback' },
	{ method: 'PUT', path: '/callbacks/{id}/commands/activate', summary: 'activate' },
	{ method: 'PUT', path: '/callbacks/{id}/commands/deactivate', summary: 'deactivate' },
	{ method: 'GET', path: '/callbacks/{id}/commands/test', summary: 'test call' },

	// ---- sender names
	{ method: 'GET', path: '/sms/sendernames', summary: 'list sender names' },
	{ method: 'GET', path: '/sms/sendernames/statement', summary: 'the statement a new sender name needs' },
	{
		method: 'POST',
		path: '/sms/sendernames',
		summary: 'add a sender name',
		body: { media: ['form'], fields: { sender: text }, required: ['sender'] },
	},
	{ method: 'GET', path: sendernamePath, summary: 'get a sender name' },
	{ method: 'DELETE', path: sendernamePath, summary: 'delete a sender name' },
	{ method: 'POST', path: `${sendernamePath}/commands/make_default`, summary: 'make it the default' },

	// ---- templates
	{ method: 'GET', path: '/sms/templates', summary: 'list templates' },
	{ method: 'POST', path: '/sms/templates', summary: 'create a template', body: { media: ['form'], fields: templateFields } },
	{ method: 'GET', path: '/sms/templates/available', summary: 'own and shared templates' },
	{ method: 'GET', path: '/sms/templates/{id}', summary: 'get a template' },
	{ method: 'PUT', path: '/sms/templates/{id}', summary: 'edit a template', body: { media: ['form'], fields: templateFields } },
	{ method: 'DELETE', path: '/sms/templates/{id}', summary: 'delete a template' },

	// ---- one-time codes
	{
		method: 'POST',
		path: '/mfa/codes',
		summary: 'send a one-time code',
		body: {
			media: ['json'],
			fields: { phone_number: { type: 'phone' }, from: text, content: text, fast: flag },
			required: ['phone_number'],
		},
	},
	{
		method: 'POST',
		path: '/mfa/codes/verifications',
		summary: 'verify a one-time code (204 valid, 404 wrong, 408 expired)',
		body: { media: ['form'], fields: { phone_number: { type: 'phone' }, code: text }, required: ['phone_number', 'code'] },
	},

	// ---- blacklist
	{ method: 'GET', path: '/blacklist/phone_numbers', summary: 'list blacklisted numbers', query: { q: text, ...paging } },
	{
		method: 'POST',
		path: '/blacklist/phone_numbers',
		summary: 'blacklist a number',
		body: { media: ['json', 'form'], fields: { phone_number: { type: 'phone' }, expire_at: { type: 'date' } } },
	},
	{ method: 'DELETE', path: '/blacklist/phone_numbers', summary: 'delete blacklisted numbers', query: { phone_number: text } },
	{ method: 'DELETE', path: '/blacklist/phone_numbers/{id}', summary: 'delete a blacklisted number' },

	// ---- short links
	{ method: 'GET', path: '/short_url/links', summary: 'list short links' },
	{
		method: 'POST',
		path: '/short_url/links',
		summary: 'create a short link',
		body: {
			media: ['json', 'form'],
			fields: {
				url: { type: 'url' },
				name: text,
				expire_time: { type: 'integer', min: 1 },
				expire_unit: { type: 'string', enum: ['seconds', 'minutes', 'hours', 'days'] },
				description: text,
			},
			required: ['url'],
		},
	},
	{
		method: 'GET',
		path: '/short_url/clicks',
		summary: 'clicks of short links in a date range (the official Python client; the file defines ShortUrlClicksCollection)',
		query: { date_from: { type: 'date' }, date_to: { type: 'date' }, 'links[]': text },
	},
	{ method: 'GET', path: '/short_url/links/{id}', summary: 'get a short link' },
	{
		method: 'PUT',
		path: '/short_url/links/{id}',
		summary: 'edit a short link',
		body: { media: ['form'], fields: { url: { type: 'url' }, name: text, description: text } },
	},
	{ method: 'DELETE', path: '/short_url/links/{id}', summary: 'delete a short link' },

	// ---- sub-users (REST)
	{ method: 'GET', path: '/subusers', summary: 'list sub-users', query: { q: text } },
	{
		method: 'POST',
		path: '/subusers',
		summary: 'create a sub-user',
		body: { media: ['json'], fields: subuserFields, required: ['credentials'], refine: subuserCredentials(true) },
	},
	{ method: 'GET', path: '/subusers/{id}', summary: 'get a sub-user' },
	{
		method: 'PUT',
		path: '/subusers/{id}',
		summary: 'edit a sub-user',
		body: { media: ['json'], fields: subuserFields, refine: subuserCredentials(false) },
	},
	{ method: 'DELETE', path: '/subusers/{id}', summary: 'delete a sub-user' },
	{ method: 'GET', path: '/subusers/{id}/shares/sendernames', summary: "the main user's sender names the sub-user may use" },
	{ method: 'PUT', path: '/subusers/{id}/shares/sendernames', summary: 'set them', body: shareBody('senders') },
	{ method: 'GET', path: '/subusers/{id}/shares/templates', summary: "the main user's templates the sub-user may use" },
	{ method: 'PUT', path: '/subusers/{id}/shares/templates', summary: 'set them', body: shareBody('templates') },

	// ---- RCS
	{ method: 'GET', path: '/rcs/senders', summary: 'RCS senders the user may send from' },
	{ method: 'GET', path: '/rcs/messages', summary: 'RCS messages the user sent' },
	{ method: 'POST', path: '/rcs/messages', summary: 'send one RCS message (SendRcsMessage)', body: rcsMessageBody },
];
