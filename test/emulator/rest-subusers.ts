/**
 * Sub-users `/subusers` (list, get, delete by id).
 */
import { createHash } from 'node:crypto';

import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { AuthUser, Runtime } from './runtime';
import type { SubUser } from './state';
import { methodNotAllowed, notFound } from './rest-http';

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

export function subusers(rt: Runtime, ctx: RequestContext, rest: string[], user: AuthUser): HandlerResponse {
	if (user.sub) return restError(403, 'forbidden', 'Sub-users cannot manage sub-users');
	const list = rt.state.subusers;
	if (rest.length === 0) {
		if (ctx.method !== 'GET') return methodNotAllowed();
		const q = (ctx.query.q ?? '').toLowerCase();
		const collection = list.filter((s) => s.username.toLowerCase().includes(q)).map(subuserJson);
		return json(200, { size: collection.length, collection });
	}
	const subuser = list.find((s) => subuserId(s.username) === rest[0]);
	if (!subuser || rest.length !== 1) return notFound('Subuser not found');
	if (ctx.method === 'GET') return json(200, subuserJson(subuser));
	if (ctx.method === 'DELETE') {
		list.splice(list.indexOf(subuser), 1);
		return empty(204);
	}
	return methodNotAllowed();
}
