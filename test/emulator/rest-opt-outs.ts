/**
 * The opt-out list `/opt_outs` (panel_com.yml, tag `opt_out`): numbers whose owners used the
 * opt-out link of a campaign. List with `phone_number`/`offset`/`limit` (default 5), delete by id
 * (204; 404 unknown; 403 while the account's opt-out feature is off), and the settings
 * `/opt_outs/settings` `{brand}` (GET; PUT takes JSON only). Entries are `OptOut`
 * `{id, phoneNumber (an integer), date, _links}`. The state lives beside the emulator state and a
 * reset restores the seeds; tests reach it with `optOutState(emulator.state)`.
 */
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { Runtime } from './runtime';
import type { EmulatorState } from './state';
import { characterCount } from './conformance/rest-bodies';
import { bodyFields, invalid, methodNotAllowed, notFound, requireMedia } from './rest-http';

const DEFAULT_LIMIT = 5;
export const BRAND_MAX_LENGTH = 255;

export interface OptOutEntry {
	id: string;
	phoneNumber: number;
	date: string;
}

export interface OptOutState {
	entries: OptOutEntry[];
	brand: string;
	/** The account's opt-out feature; off, the service answers 403 (panel_com.yml). */
	enabled: boolean;
}

/** The seeded opt-outs: two numbers of the seeded contacts (Maria, John). */
export const SEEDED_OPT_OUTS: readonly OptOutEntry[] = [
	{ id: '670000000000000000000001', phoneNumber: 48500000004, date: '2025-03-01T10:00:00+00:00' },
	{ id: '670000000000000000000002', phoneNumber: 447700900123, date: '2025-04-15T08:30:00+00:00' },
];

const states = new WeakMap<EmulatorState, OptOutState>();

/** The opt-out state of the emulator's current state (a reset starts from the seeds again). */
export function optOutState(state: EmulatorState): OptOutState {
	let optOuts = states.get(state);
	if (!optOuts) {
		optOuts = { entries: SEEDED_OPT_OUTS.map((entry) => ({ ...entry })), brand: 'Demo Shop', enabled: true };
		states.set(state, optOuts);
	}
	return optOuts;
}

function entryJson(entry: OptOutEntry): Record<string, unknown> {
	return { ...entry, _links: [{ name: 'delete', method: 'DELETE', href: `/opt_outs/${entry.id}` }] };
}

const featureOff = (): HandlerResponse => restError(403, 'forbidden', 'Opt-Out feature turned off');

function settings(ctx: RequestContext, optOuts: OptOutState): HandlerResponse {
	if (ctx.method === 'GET') return json(200, { brand: optOuts.brand });
	if (ctx.method !== 'PUT') return methodNotAllowed();
	const media = requireMedia(ctx, ['json']);
	if (media) return media;
	const brand = bodyFields(ctx).brand ?? '';
	if (typeof brand !== 'string') return invalid('brand', brand, 'brand must be a text');
	if (characterCount(brand) > BRAND_MAX_LENGTH) return invalid('brand', brand, `brand takes at most ${BRAND_MAX_LENGTH} characters`);
	optOuts.brand = brand;
	return json(200, { brand: optOuts.brand });
}

export function optOuts(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const optOuts = optOutState(rt.state);
	if (rest.length === 1 && rest[0] === 'settings') return settings(ctx, optOuts);
	if (rest.length === 0) {
		if (ctx.method !== 'GET') return methodNotAllowed();
		if (!optOuts.enabled) return featureOff();
		const wanted = (ctx.query.phone_number ?? '').trim();
		const matching = optOuts.entries.filter((entry) => wanted === '' || String(entry.phoneNumber) === wanted);
		const offset = Number(ctx.query.offset ?? 0);
		const limit = ctx.query.limit === undefined ? DEFAULT_LIMIT : Number(ctx.query.limit);
		return json(200, { size: matching.length, collection: matching.slice(offset, offset + limit).map(entryJson) });
	}
	if (rest.length !== 1) return notFound();
	if (ctx.method !== 'DELETE') return methodNotAllowed();
	if (!optOuts.enabled) return featureOff();
	const index = optOuts.entries.findIndex((entry) => entry.id === rest[0]);
	if (index === -1) return notFound('Opt-Out not found');
	optOuts.entries.splice(index, 1);
	return empty(204);
}
