/**
 * Sub-users `/subusers` (list, create, get, edit, delete by id) and their shares of the main
 * user's sender names and templates (`/subusers/{id}/shares/sendernames|templates`), as
 * panel_com.yml describes them. The same records as user.do: a password is kept as its md5, the
 * sender-name share and user.do's `senders` flag are one setting (all or selected: 1, none: 0).
 */
import { createHash } from 'node:crypto';

import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { AuthUser, Runtime } from './runtime';
import { md5, type SubUser } from './state';
import { bodyFields, invalid, methodNotAllowed, notFound } from './rest-http';

/** A sub-user's REST id: stable for its username (the legacy user.do knows none). */
export function subuserId(username: string): string {
	return createHash('md5').update(`subuser:${username}`).digest('hex').slice(0, 24);
}

function subuserJson(s: SubUser): Record<string, unknown> {
	return {
		id: subuserId(s.username),
		username: s.username,
		active: s.active,
		description: s.info || null,
		points: { from_account: s.limit, per_month: s.monthLimit },
	};
}

type Share = { access: 'all' | 'none' | 'selected'; names: string[] };
/** Shares set over REST, per sub-user and kind; a sub-user without one shows user.do's flag (sender names) or all (templates). */
const shares = new WeakMap<SubUser, { sendernames?: Share; templates?: Share }>();

const record = (value: unknown): Record<string, unknown> =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Applies `active`, `description` and `points` of a body; the passwords of `credentials` as md5. */
function applyFields(s: SubUser, body: Record<string, unknown>): void {
	const credentials = record(body.credentials);
	if (typeof credentials.password === 'string') s.pass = md5(credentials.password);
	if (typeof credentials.api_password === 'string') s.passApi = md5(credentials.api_password);
	const points = record(body.points);
	if (typeof points.from_account === 'number') s.limit = points.from_account;
	if (typeof points.per_month === 'number') s.monthLimit = points.per_month;
	if (body.active !== undefined) s.active = body.active === true || body.active === 1;
	if (typeof body.description === 'string') s.info = body.description;
}

function create(rt: Runtime, ctx: RequestContext): HandlerResponse {
	const body = bodyFields(ctx);
	const credentials = record(body.credentials);
	const username = typeof credentials.username === 'string' ? credentials.username : '';
	if (!/^[A-Za-z0-9_.-]{3,}$/.test(username)) return invalid('credentials.username', username, 'Invalid username');
	if (rt.state.subusers.some((s) => s.username === username) || username === rt.state.account.username) {
		return restError(409, 'subuser_conflict', 'Username already exists');
	}
	const password = String(credentials.password);
	const subuser: SubUser = {
		username,
		pass: md5(password),
		passApi: md5(password),
		limit: 0,
		monthLimit: 0,
		senders: 0,
		phonebook: 0,
		active: false,
		info: '',
	};
	applyFields(subuser, body);
	rt.state.subusers.push(subuser);
	return json(201, subuserJson(subuser));
}

function share(rt: Runtime, ctx: RequestContext, s: SubUser, kind: string): HandlerResponse {
	if (kind !== 'sendernames' && kind !== 'templates') return notFound();
	const listField = kind === 'sendernames' ? 'senders' : 'templates';
	const own = shares.get(s) ?? {};
	if (ctx.method === 'GET') {
		const current = own[kind] ?? (kind === 'templates' || s.senders ? { access: 'all', names: [] } : { access: 'none', names: [] });
		return json(200, { access: current.access, [listField]: current.access === 'selected' ? current.names : null });
	}
	if (ctx.method !== 'PUT') return methodNotAllowed();
	const body = bodyFields(ctx);
	const access = body.access as Share['access'];
	const names = Array.isArray(body[listField]) ? (body[listField] as unknown[]).map(String) : [];
	if (access === 'selected' && names.length === 0) return invalid(listField, names, `${listField} is required with access selected`);
	const known =
		kind === 'sendernames'
			? rt.state.senders.map((sender) => sender.name)
			: rt.state.templates.flatMap((template) => [template.name, template.id]);
	const unknown = names.filter((name) => !known.includes(name));
	if (unknown.length > 0) return invalid(listField, unknown.join(','), `Not found: ${unknown.join(', ')}`);
	shares.set(s, { ...own, [kind]: { access, names: access === 'selected' ? names : [] } });
	if (kind === 'sendernames') s.senders = access === 'none' ? 0 : 1;
	return empty(204);
}

export function subusers(rt: Runtime, ctx: RequestContext, rest: string[], user: AuthUser): HandlerResponse {
	if (user.sub) return restError(403, 'forbidden', 'Sub-users cannot manage sub-users');
	const list = rt.state.subusers;
	if (rest.length === 0) {
		if (ctx.method === 'POST') return create(rt, ctx);
		if (ctx.method !== 'GET') return methodNotAllowed();
		const q = (ctx.query.q ?? '').toLowerCase();
		const collection = list.filter((s) => s.username.toLowerCase().includes(q)).map(subuserJson);
		return json(200, { size: collection.length, collection });
	}
	const subuser = list.find((s) => subuserId(s.username) === rest[0]);
	if (!subuser) return notFound('Subuser not found');
	if (rest.length === 3 && rest[1] === 'shares') return share(rt, ctx, subuser, rest[2]);
	if (rest.length !== 1) return notFound();
	if (ctx.method === 'GET') return json(200, subuserJson(subuser));
	if (ctx.method === 'PUT') {
		applyFields(subuser, bodyFields(ctx));
		return json(200, subuserJson(subuser));
	}
	if (ctx.method === 'DELETE') {
		list.splice(list.indexOf(subuser), 1);
		return empty(204);
	}
	return methodNotAllowed();
}
