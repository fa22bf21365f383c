/**
 * `/contacts` as the published API describes it (contacts_com.yml): list with filters (`field=value`,
 * operators, `q`, `order_by`, offset/limit), create and edit with form bodies (contact bodies carry
 * no groups), delete, and a contact's groups through `/contacts/{contactId}/groups/{groupId}`.
 */
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { withCountryPrefix } from './numbers';
import type { Runtime } from './runtime';
import type { Contact, Group } from './state';
import { hexId, isoWithOffset, type Params } from './util';
import { invalid, methodNotAllowed, notFound, requireForm } from './rest-http';
import { definedFieldNames } from './rest-contact-fields';

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

export function groupJson(rt: Runtime, g: Group): Record<string, unknown> {
	return { ...g, contacts_count: rt.state.contacts.filter((c) => c.groupIds.includes(g.id)).length };
}

export function contactJson(rt: Runtime, c: Contact): Record<string, unknown> {
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

/** The custom fields: those the contacts carry and those defined through `/contacts/fields`. */
export function customFieldNames(rt: Runtime): Set<string> {
	return new Set([...rt.state.contacts.flatMap((c) => Object.keys(c.custom)), ...definedFieldNames(rt.state)]);
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

export function contacts(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
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
export function pin(contact: Contact, group: Group): boolean {
	if (contact.groupIds.includes(group.id)) return false;
	contact.groupIds.push(group.id);
	return true;
}

export function unpin(contact: Contact, group: Group): boolean {
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
