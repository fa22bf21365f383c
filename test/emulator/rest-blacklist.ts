/**
 * The blacklist `/blacklist/phone_numbers`: list with `q`/`offset`/`limit`, add, delete by number or
 * all, delete by id.
 */
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { checkMobileNumber } from './numbers';
import type { Runtime } from './runtime';
import type { EmulatorState } from './state';
import { hexId, isoWithOffset } from './util';
import { bodyFields, invalid, methodNotAllowed, notFound, requireMedia } from './rest-http';
import { extraState, type BlacklistEntry } from './extra-state';

const DEFAULT_LIMIT = 5;

export function blacklist(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const extra = extraState(rt.state);
	if (rest.length === 0) {
		if (ctx.method === 'GET') {
			const q = (ctx.query.q ?? '').trim();
			const matching = extra.blacklist.filter((entry) => q === '' || entry.phone_number.includes(q));
			const offset = Number(ctx.query.offset ?? 0);
			const limit = ctx.query.limit === undefined ? DEFAULT_LIMIT : Number(ctx.query.limit);
			return json(200, { size: matching.length, collection: matching.slice(offset, offset + limit) });
		}
		if (ctx.method === 'DELETE') {
			const wanted = ctx.query.phone_number;
			extra.blacklist =
				wanted === undefined ? [] : extra.blacklist.filter((entry) => entry.phone_number !== checkMobileNumber(wanted).number);
			return empty(204);
		}
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireMedia(ctx, ['json', 'form']);
		if (media) return media;
		const body = bodyFields(ctx);
		const submitted = String(body.phone_number ?? '');
		const check = checkMobileNumber(submitted);
		if (!/^\d{8,16}$/.test(check.number)) return invalid('phone_number', submitted, 'Invalid phone number');
		if (extra.blacklist.some((entry) => entry.phone_number === check.number)) {
			if (extra.duplicates === 'published') {
				return restError(400, 'invalid_request_data', 'One or more of the given values is invalid.', {
					errors: [{ message: 'Phone number already exists on the blacklist', error: 'already_exists', path: 'phone_number', value: submitted }],
				});
			}
			return restError(409, 'blacklist_conflict', 'The phone number is already on the blacklist');
		}
		const expireAt = body.expire_at === undefined || body.expire_at === null || body.expire_at === '' ? null : String(body.expire_at);
		if (expireAt !== null && !/^\d{4}-\d{2}-\d{2}$/.test(expireAt)) return invalid('expire_at', expireAt, 'expire_at must be a date (YYYY-MM-DD)');
		const entry: BlacklistEntry = { id: hexId(), phone_number: check.number, expire_at: expireAt, created_at: isoWithOffset() };
		extra.blacklist.push(entry);
		return json(201, entry);
	}
	if (rest.length !== 1) return notFound('Not found');
	if (ctx.method !== 'DELETE') return methodNotAllowed();
	const index = extra.blacklist.findIndex((entry) => entry.id === rest[0]);
	if (index === -1) return notFound('Blacklisted phone number not found');
	extra.blacklist.splice(index, 1);
	return empty(204);
}

/** Whether a number is on the blacklist now (an entry past its expiry date no longer counts). */
export function isBlacklisted(state: EmulatorState, number: string): boolean {
	const today = new Date().toISOString().slice(0, 10);
	return extraState(state).blacklist.some((entry) => entry.phone_number === number && (entry.expire_at === null || entry.expire_at >= today));
}
