/**
 * REST endpoints: real HTTP statuses and `{message, error, developer_description, errors}`.
 * Requests are checked against the published API before they get here (conformance/): a
 * non-conforming one never reaches these handlers. Contacts bodies are form-encoded; group
 * membership goes through `/contacts/{contactId}/groups/{groupId}` and
 * `/contacts/groups/{groupId}/members/{contactId}` (contacts_com.yml); contact bodies carry no groups.
 */
import { isHttpUrl } from './callbacks';
import { handleMoreRest } from './rest-more';
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { priceList, validSenderName } from './legacy';
import { withCountryPrefix } from './numbers';
import type { AuthUser, Runtime } from './runtime';
import type { CallbackReceiver, CallbackType, Contact, Group, RegisteredCallback } from './state';
import { hexId, isoWithOffset, type Params } from './util';

const CALLBACK_TYPES: CallbackType[] = ['sms_dlr', 'sms_mo', 'mms_dlr', 'mms_mo', 'vms_dlr', 'bulk', 'hlr', 'short_url'];
const CONTACT_FIELDS = [
	'id',
	'first_name',
	'last_name',
	'phone_number',
	'email',
	'gender',
	'birthday_date',
	'city',
	'country',
	'source',
	'description',
	'date_created',
	'date_updated',
] as const;
/** Fields compared exactly by a plain `field=value` filter (the others: contains). */
const EXACT_FIELDS = new Set(['id', 'gender', 'birthday_date', 'group_id']);
const RESERVED_PARAMS = new Set(['q', 'offset', 'limit', 'order_by', 'access_token']);
/** The filters of `GET /contacts` in the published API (contacts_com.yml); only `birthday_date` has operators there. */
const PUBLISHED_FILTERS = new Set(['phone_number', 'email', 'first_name', 'last_name', 'group_id', 'gender', 'birthday_date']);
const OPERATOR_EXPRESSION = /^(gt|lt|gte|lte|eq|like|between)\(.*\)$/is;
/** `order_by` of the published API: ascending by one of these. */
const ORDER_FIELDS = new Set(['first_name', 'last_name', 'date_updated', 'date_created']);
const EDITABLE_FIELDS = [
	'phone_number',
	'email',
	'first_name',
	'last_name',
	'gender',
	'birthday_date',
	'city',
	'country',
	'description',
	'source',
];
const DEFAULT_CONTACTS_LIMIT = 5;

const unauthorized = (): HandlerResponse => restError(401, 'authorization_failed', 'Authorization failed');
const notFound = (what = 'Not found'): HandlerResponse => restError(404, 'not_found', what);
const methodNotAllowed = (): HandlerResponse => restError(405, 'method_not_allowed', 'Method not allowed');

function invalid(path: string, value: unknown, message: string, error = 'invalid_param'): HandlerResponse {
	return restError(400, 'invalid_domain_logic', message, { errors: [{ message, error, path, value }] });
}

export function handleRest(rt: Runtime, ctx: RequestContext): HandlerResponse | null {
	const segments = ctx.path.split('/').filter(Boolean).map(decodeURIComponent);
	const root = segments[0];
	const known = ['profile', 'ping', 'contacts', 'sms', 'callbacks', 'mfa', 'blacklist', 'short_url', 'subusers'];
	if (!known.includes(root)) return null;
	const auth = rt.authenticate(ctx.headers.authorization, ctx.params);
	if (root === 'ping' && segments.length === 1) {
		if (ctx.method !== 'GET') return methodNotAllowed();
		return json(200, { authorized: auth.ok, unavailable: [] });
	}
	if (!auth.ok) return unauthorized();
	if (!rt.ipAllowed(ctx.ip)) {
		return restError(403, 'ip_not_allowed', 'Wrong IP address (for IP filter turned on)', { code: 105 });
	}
	const user = auth.user;
	const more = handleMoreRest(rt, ctx, segments, user);
	if (more) return more;
	if (root === 'profile') {
		if (segments.length === 1) return ctx.method === 'GET' ? profile(rt, user) : methodNotAllowed();
		if (segments[1] === 'prices' && segments.length === 2) {
			const collection = priceList();
			return ctx.method === 'GET' ? json(200, { size: collection.length, collection }) : methodNotAllowed();
		}
		return notFound();
	}
	if (root === 'contacts') {
		if (segments[1] === 'groups') return groups(rt, ctx, segments.slice(2), user);
		return contacts(rt, ctx, segments.slice(1));
	}
	if (root === 'callbacks') return callbacks(rt, ctx, segments.slice(1));
	if (segments[1] === 'templates') return templates(rt, ctx, segments.slice(2));
	if (segments[1] === 'sendernames') return senderNames(rt, ctx, segments.slice(2));
	return notFound();
}

function profile(rt: Runtime, user: AuthUser): HandlerResponse {
	const a = rt.state.account;
	return json(200, {
		name: a.name,
		email: a.email,
		username: user.username,
		phone_number: a.phoneNumber,
		payment_type: 'prepaid',
		user_type: user.sub ? 'subuser' : 'native',
		points: rt.pointsOf(user),
	});
}

// ---- contacts -----------------------------------------------------------------------------------

function groupJson(rt: Runtime, g: Group): Record<string, unknown> {
	return { ...g, contacts_count: rt.state.contacts.filter((c) => c.groupIds.includes(g.id)).length };
}

function contactJson(rt: Runtime, c: Contact): Record<string, unknown> {
	return {
		id: c.id,
		first_name: c.first_name,
		last_name: c.last_name,
		birthday_date: c.birthday_date,
		phone_number: c.phone_number,
		email: c.email,
		gender: c.gender,
		city: c.city,
		country: c.country,
		source: c.source,
		description: c.description,
		date_created: c.date_created,
		date_updated: c.date_updated,
		...c.custom,
		groups: rt.state.groups.filter((g) => c.groupIds.includes(g.id)).map((g) => groupJson(rt, g)),
	};
}

export function customFieldNames(rt: Runtime): Set<string> {
	return new Set(rt.state.contacts.flatMap((c) => Object.keys(c.custom)));
}

function fieldValues(c: Contact, field: string): string[] {
	if (field === 'group_id') return c.groupIds;
	if ((CONTACT_FIELDS as readonly string[]).includes(field)) return [String(c[field as (typeof CONTACT_FIELDS)[number]])];
	return c.custom[field] !== undefined ? [c.custom[field]] : [];
}

function compare(a: string, b: string): number {
	const na = Number(a);
	const nb = Number(b);
	if (a.trim() !== '' && b.trim() !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
	return a.toLowerCase().localeCompare(b.toLowerCase());
}

/** `field=value`, `field=gt(x)` lt gte lte eq like, `field=between(a, b)`. */
export function filterMatcher(field: string, expression: string): (value: string) => boolean {
	const between = /^between\(\s*(.*?)\s*,\s*(.*?)\s*\)$/i.exec(expression);
	if (between) return (v) => compare(v, between[1]) >= 0 && compare(v, between[2]) <= 0;
	const op = /^(gt|lt|gte|lte|eq|like)\((.*)\)$/i.exec(expression);
	if (op) {
		const arg = op[2].trim();
		switch (op[1].toLowerCase()) {
			case 'gt':
				return (v) => compare(v, arg) > 0;
			case 'lt':
				return (v) => compare(v, arg) < 0;
			case 'gte':
				return (v) => compare(v, arg) >= 0;
			case 'lte':
				return (v) => compare(v, arg) <= 0;
			case 'eq':
				return (v) => v.toLowerCase() === arg.toLowerCase();
			default:
				return (v) => v.toLowerCase().includes(arg.toLowerCase());
		}
	}
	if (EXACT_FIELDS.has(field)) return (v) => v.toLowerCase() === expression.toLowerCase();
	return (v) => v.toLowerCase().includes(expression.toLowerCase());
}

function listContacts(rt: Runtime, query: Params): HandlerResponse {
	const customs = customFieldNames(rt);
	const knownField = (f: string): boolean =>
		(CONTACT_FIELDS as readonly string[]).includes(f) || f === 'group_id' || customs.has(f);
	let list = [...rt.state.contacts];
	const lenient = rt.state.account.lenientQuery;
	for (const [field, expression] of Object.entries(query)) {
		if (RESERVED_PARAMS.has(field)) continue;
		// Lenient: what the published API does not list is ignored, as a service may do.
		if (lenient && !PUBLISHED_FILTERS.has(field)) continue;
		if (lenient && field !== 'birthday_date' && OPERATOR_EXPRESSION.test(expression)) continue;
		if (!knownField(field)) return invalid(field, expression, `Unknown filter field: ${field}`);
		const match = filterMatcher(field, expression);
		list = list.filter((c) => fieldValues(c, field).some(match));
	}
	if (query.q) {
		const q = query.q.toLowerCase();
		list = list.filter((c) =>
			[c.first_name, c.last_name, c.phone_number, c.email, c.city].some((v) => v.toLowerCase().includes(q)),
		);
	}
	if (query.order_by) {
		const field = query.order_by;
		if (!ORDER_FIELDS.has(field)) return invalid('order_by', field, `Unknown order_by field: ${field}`);
		list.sort((a, b) => compare(fieldValues(a, field)[0] ?? '', fieldValues(b, field)[0] ?? ''));
	}
	for (const name of ['offset', 'limit']) {
		if (query[name] !== undefined && !/^\d+$/.test(query[name])) return invalid(name, query[name], `Invalid ${name}`);
	}
	const offset = Number(query.offset ?? 0);
	const limit = query.limit !== undefined ? Number(query.limit) : DEFAULT_CONTACTS_LIMIT;
	return json(200, { size: list.length, collection: list.slice(offset, offset + limit).map((c) => contactJson(rt, c)) });
}

/** Validates and applies create/edit fields; returns an error response or null. */
function applyContactFields(rt: Runtime, contact: Contact, p: Params, creating: boolean): HandlerResponse | null {
	const customs = customFieldNames(rt);
	if (p.phone_number !== undefined && p.phone_number !== '') {
		const number = withCountryPrefix(p.phone_number.replace(/^\+/, ''));
		if (!/^\d{9,15}$/.test(number)) return invalid('phone_number', p.phone_number, 'Invalid phone number', 'invalid_phone_number');
		const other = rt.state.contacts.find((c) => c.phone_number === number && c.id !== contact.id);
		if (other) {
			return restError(409, 'contact_conflict', 'Contact with this phone number already exists', { code: 409 });
		}
		p = { ...p, phone_number: number };
	}
	if (p.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(p.email)) return invalid('email', p.email, 'Invalid e-mail', 'invalid_email');
	if (p.gender && !['male', 'female', 'undefined'].includes(p.gender)) return invalid('gender', p.gender, 'Invalid gender');
	if (p.birthday_date && !/^\d{4}-\d{2}-\d{2}$/.test(p.birthday_date)) {
		return invalid('birthday_date', p.birthday_date, 'Invalid date, expected YYYY-MM-DD');
	}
	if (creating && !p.phone_number && !p.email) {
		return invalid('phone_number', null, 'Phone number or e-mail is required', 'required');
	}
	const record = contact as unknown as Record<string, string>;
	for (const field of EDITABLE_FIELDS) if (p[field] !== undefined) record[field] = p[field];
	for (const field of customs) if (p[field] !== undefined) contact.custom[field] = p[field];
	contact.date_updated = isoWithOffset();
	return null;
}

function requireForm(ctx: RequestContext): HandlerResponse | null {
	if (ctx.bodyKind === 'json' || ctx.bodyKind === 'other') {
		return restError(415, 'unsupported_media_type', 'Unsupported media type: send application/x-www-form-urlencoded');
	}
	return null;
}

function contacts(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const state = rt.state;
	if (rest.length === 0) {
		if (ctx.method === 'GET') return listContacts(rt, ctx.query);
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireForm(ctx);
		if (media) return media;
		const now = isoWithOffset();
		const contact: Contact = {
			id: hexId(),
			first_name: '',
			last_name: '',
			phone_number: '',
			email: '',
			gender: 'undefined',
			birthday_date: '',
			city: '',
			country: '',
			source: '',
			description: '',
			date_created: now,
			date_updated: now,
			groupIds: [],
			custom: {},
		};
		const error = applyContactFields(rt, contact, ctx.params, true);
		if (error) return error;
		state.contacts.push(contact);
		return json(201, contactJson(rt, contact));
	}
	const contact = state.contacts.find((c) => c.id === rest[0]);
	if (!contact) return notFound('Contact not found');
	if (rest[1] === 'groups') return contactGroups(rt, ctx, contact, rest.slice(2));
	if (rest.length !== 1) return notFound();
	if (ctx.method === 'GET') return json(200, contactJson(rt, contact));
	if (ctx.method === 'PUT') {
		const media = requireForm(ctx);
		if (media) return media;
		const draft: Contact = { ...contact, custom: { ...contact.custom }, groupIds: [...contact.groupIds] };
		const error = applyContactFields(rt, draft, ctx.params, false);
		if (error) return error;
		Object.assign(contact, draft);
		return json(200, contactJson(rt, contact));
	}
	if (ctx.method === 'DELETE') {
		state.contacts.splice(state.contacts.indexOf(contact), 1);
		return empty(204);
	}
	return methodNotAllowed();
}

function groupsOf(rt: Runtime, contact: Contact): HandlerResponse {
	const collection = rt.state.groups.filter((g) => contact.groupIds.includes(g.id)).map((g) => groupJson(rt, g));
	return json(200, { size: collection.length, collection });
}

/** Pins a contact to a group; true when it was not in it before. */
function pin(contact: Contact, group: Group): boolean {
	if (contact.groupIds.includes(group.id)) return false;
	contact.groupIds.push(group.id);
	return true;
}

function unpin(contact: Contact, group: Group): boolean {
	const index = contact.groupIds.indexOf(group.id);
	if (index === -1) return false;
	contact.groupIds.splice(index, 1);
	return true;
}

/**
 * `/contacts/{contactId}/groups[/{groupId}]`: the contact's groups; PUT assigns (201 when new,
 * 200 when it already was in the group, both with the contact's groups), DELETE unpins (204; 404
 * when it was not in the group), POST assigns to the groups whose ids the form carries.
 */
function contactGroups(rt: Runtime, ctx: RequestContext, contact: Contact, rest: string[]): HandlerResponse {
	if (rest.length === 0) {
		if (ctx.method === 'GET') return groupsOf(rt, contact);
		if (ctx.method !== 'POST') return methodNotAllowed();
		const wanted = Object.values(ctx.form).map((id) => rt.state.groups.find((g) => g.id === id));
		if (wanted.some((g) => g === undefined)) return notFound('Group not found');
		const added = (wanted as Group[]).filter((group) => pin(contact, group));
		if (added.length === 0) return json(200, { size: 0, collection: [] });
		return json(201, { size: added.length, collection: added.map((g) => groupJson(rt, g)) });
	}
	const group = rt.state.groups.find((g) => g.id === rest[0]);
	if (!group || rest.length !== 1) return notFound('Group not found');
	if (ctx.method === 'GET') {
		return contact.groupIds.includes(group.id) ? json(200, groupJson(rt, group)) : notFound('Contact is not in this group');
	}
	if (ctx.method === 'PUT') {
		const added = pin(contact, group);
		const answer = groupsOf(rt, contact);
		return { ...answer, status: added ? 201 : 200 };
	}
	if (ctx.method === 'DELETE') return unpin(contact, group) ? empty(204) : notFound('Contact is not in this group');
	return methodNotAllowed();
}

function newGroup(rt: Runtime, name: string, description: string, username = rt.state.account.username): Group {
	const now = isoWithOffset();
	return {
		id: hexId(),
		name,
		description,
		date_created: now,
		date_updated: now,
		created_by: username,
		idx: null,
		contact_expire_after: null,
	};
}

function groups(rt: Runtime, ctx: RequestContext, rest: string[], user: AuthUser): HandlerResponse {
	const state = rt.state;
	if (rest.length === 0) {
		if (ctx.method === 'GET') {
			return json(200, { size: state.groups.length, collection: state.groups.map((g) => groupJson(rt, g)) });
		}
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireForm(ctx);
		if (media) return media;
		const name = (ctx.params.name ?? '').trim();
		if (!name) return invalid('name', ctx.params.name ?? null, 'Group name is required', 'required');
		if (state.groups.some((g) => g.name === name)) {
			return restError(409, 'group_conflict', 'Group with this name already exists', { code: 409 });
		}
		const group = newGroup(rt, name, ctx.params.description ?? '', user.username);
		if (ctx.params.idx) group.idx = ctx.params.idx;
		state.groups.push(group);
		return json(201, groupJson(rt, group));
	}
	const group = state.groups.find((g) => g.id === rest[0]);
	if (!group) return notFound('Group not found');
	if (rest[1] === 'members' && rest.length === 3) {
		const contact = state.contacts.find((c) => c.id === rest[2]);
		if (!contact) return notFound('Contact not found');
		if (ctx.method === 'GET') {
			return contact.groupIds.includes(group.id) ? json(200, contactJson(rt, contact)) : notFound('Contact is not in this group');
		}
		if (ctx.method === 'PUT') return json(pin(contact, group) ? 201 : 200, contactJson(rt, contact));
		if (ctx.method === 'DELETE') return unpin(contact, group) ? empty(204) : notFound('Contact is not in this group');
		return methodNotAllowed();
	}
	if (rest.length !== 1) return notFound();
	if (ctx.method === 'GET') return json(200, groupJson(rt, group));
	if (ctx.method === 'PUT') {
		const name = (ctx.params.name ?? '').trim();
		if (!name) return invalid('name', ctx.params.name ?? null, 'Group name is required', 'required');
		if (state.groups.some((g) => g.name === name && g !== group)) {
			return restError(409, 'group_conflict', 'Group with this name already exists', { code: 409 });
		}
		group.name = name;
		if (ctx.params.description !== undefined) group.description = ctx.params.description;
		if (ctx.params.idx !== undefined) group.idx = ctx.params.idx || null;
		group.date_updated = isoWithOffset();
		return json(200, groupJson(rt, group));
	}
	if (ctx.method === 'DELETE') {
		// `delete_contacts` (DeleteGroup; the JavaScript client sends it in the query): the group's
		// contacts are deleted too only when it is true; a value that is no boolean was refused by the check.
		const deleteContacts = ['1', 'true'].includes((ctx.params.delete_contacts ?? '').toLowerCase());
		if (deleteContacts) state.contacts = state.contacts.filter((c) => !c.groupIds.includes(group.id));
		for (const c of state.contacts) unpin(c, group);
		state.groups.splice(state.groups.indexOf(group), 1);
		return empty(204);
	}
	return methodNotAllowed();
}

// ---- templates, callbacks, sender names ----------------------------------------------------------

function templates(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	if (ctx.method !== 'GET') return methodNotAllowed();
	const list = rt.state.templates;
	if (rest.length === 0) return json(200, { size: list.length, collection: list });
	const template = list.find((t) => t.id === rest[0]);
	return template && rest.length === 1 ? json(200, template) : notFound('Template not found');
}

/** The callback types of the published API (`Callback.type`); the emulator calls only those it models. */
const PUBLISHED_CALLBACK_TYPES = ['sms_dlr', 'sms_mo', 'mms_dlr', 'mms_mo', 'vms_dlr', 'bulk', 'hlr', 'short_url'];
const RECEIVER_TYPES = ['all', '2way', 'number'] as const;
const unsupportedMediaType = (): HandlerResponse =>
	restError(415, 'unsupported_media_type', 'The request body must be JSON (Content-Type: application/json)');

/** The account's receiving numbers, as `OPTIONS /callbacks` lists them. */
function receivingNumbers(rt: Runtime): string[] {
	return [...new Set([rt.state.account.inboundNumber, ...rt.state.account.twoWayNumbers])];
}

/** The JSON object body of a request, or a refusal (the published API takes JSON only here). */
function jsonObjectBody(ctx: RequestContext): { body: Record<string, unknown> } | { refusal: HandlerResponse } {
	if (ctx.bodyKind !== 'json') return { refusal: unsupportedMediaType() };
	const body = ctx.jsonBody;
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { refusal: restError(400, 'invalid_request_data', 'The body must be a JSON object') };
	}
	return { body: body as Record<string, unknown> };
}

/**
 * `/callbacks` as the published API describes it (panel_com.yml): POST and PUT take JSON only
 * (form bodies: 415); `sms_mo`/`mms_mo` need `receiver_type` (`all` | `2way` | `number`) and, for
 * `number`, a `receiver_number` of the account; entries read as `CallbackResponse`
 * (`{id, url, type, receiver, active, invalid, api_version}`); OPTIONS lists what may be registered.
 */
function callbacks(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const state = rt.state;
	if (rest.length === 0) {
		if (ctx.method === 'GET') return json(200, { size: state.callbacks.length, collection: state.callbacks });
		if (ctx.method === 'OPTIONS') {
			const numbers = receivingNumbers(rt);
			return json(200, {
				post: {
					type: PUBLISHED_CALLBACK_TYPES,
					receiver_type: [...RECEIVER_TYPES],
					receiver_number: numbers,
					receive_numbers: { sms: numbers },
				},
			});
		}
		if (ctx.method !== 'POST') return methodNotAllowed();
		const read = jsonObjectBody(ctx);
		if ('refusal' in read) return read.refusal;
		const { body } = read;
		const { type, url } = body;
		if (typeof type !== 'string' || !PUBLISHED_CALLBACK_TYPES.includes(type)) {
			return invalid('type', type ?? null, `type must be one of ${PUBLISHED_CALLBACK_TYPES.join(', ')}`);
		}
		if (!CALLBACK_TYPES.includes(type as CallbackType)) {
			return restError(403, 'forbidden', `The account has no access to ${type} callbacks`);
		}
		if (typeof url !== 'string' || !isHttpUrl(url)) return invalid('url', url ?? null, 'url must be an http(s) address');
		let receiver: RegisteredCallback['receiver'] = null;
		if (type === 'sms_mo' || type === 'mms_mo') {
			const receiverType = body.receiver_type;
			if (receiverType === undefined || receiverType === null || receiverType === '') {
				return invalid('receiver_type', null, 'This value should not be blank.', 'is_blank');
			}
			if (!RECEIVER_TYPES.includes(receiverType as (typeof RECEIVER_TYPES)[number])) {
				return invalid('receiver_type', receiverType, `receiver_type must be one of ${RECEIVER_TYPES.join(', ')}`);
			}
			let number: string | null = null;
			if (receiverType === 'number') {
				const given = body.receiver_number;
				if (typeof given !== 'string' || given === '') return invalid('receiver_number', given ?? null, 'This value should not be blank.', 'is_blank');
				if (!receivingNumbers(rt).includes(given)) return invalid('receiver_number', given, 'The number is not a receiving number of the account');
				number = given;
			}
			receiver = { type: receiverType as CallbackReceiver['type'], number };
		}
		const callback: RegisteredCallback = { id: hexId(), url, api_version: 1, type: type as CallbackType, receiver, active: true, invalid: false };
		state.callbacks.push(callback);
		return json(201, callback);
	}
	const index = state.callbacks.findIndex((c) => c.id === rest[0]);
	if (index === -1 || rest.length !== 1) return notFound('Callback not found');
	if (ctx.method === 'GET') return json(200, state.callbacks[index]);
	if (ctx.method === 'PUT') {
		const read = jsonObjectBody(ctx);
		if ('refusal' in read) return read.refusal;
		const { url } = read.body;
		if (typeof url !== 'string' || !isHttpUrl(url)) return invalid('url', url ?? null, 'url must be an http(s) address');
		state.callbacks[index] = { ...state.callbacks[index], url };
		return json(200, state.callbacks[index]);
	}
	if (ctx.method !== 'DELETE') return methodNotAllowed();
	state.callbacks.splice(index, 1);
	return empty(204);
}

function senderNames(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const state = rt.state;
	const view = (s: (typeof state.senders)[number]): Record<string, unknown> => ({
		sender: s.name,
		status: s.status,
		is_default: s.isDefault,
		created_at: s.createdAt,
	});
	if (rest.length === 0) {
		if (ctx.method === 'GET') return json(200, { size: state.senders.length, collection: state.senders.map(view) });
		if (ctx.method !== 'POST') return methodNotAllowed();
		const name = ctx.params.sender ?? '';
		if (!validSenderName(name)) return invalid('sender', name, 'Invalid sender name');
		if (state.senders.some((s) => s.name === name)) {
			return restError(409, 'sendername_conflict', 'Sender name already exists', { code: 409 });
		}
		const sender = { name, status: 'INACTIVE' as const, isDefault: false, createdAt: isoWithOffset() };
		state.senders.push(sender);
		return json(201, view(sender));
	}
	const sender = state.senders.find((s) => s.name === rest[0]);
	if (!sender) return notFound('Sender name not found');
	if (rest.length === 1) {
		if (ctx.method === 'GET') return json(200, view(sender));
		if (ctx.method !== 'DELETE') return methodNotAllowed();
		if (sender.isDefault || sender.name === 'Test') {
			return restError(400, 'invalid_domain_logic', 'The default sender name cannot be deleted');
		}
		state.senders.splice(state.senders.indexOf(sender), 1);
		return empty(204);
	}
	if (rest[1] === 'commands' && rest[2] === 'make_default' && ctx.method === 'POST') {
		if (sender.status !== 'ACTIVE') return restError(400, 'invalid_domain_logic', 'Sender name is not active');
		for (const s of state.senders) s.isDefault = s === sender;
		return empty(204);
	}
	return notFound();
}
