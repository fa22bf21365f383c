/**
 * REST resources beyond contacts and callbacks, as the published API describes them
 * (voxgig-sdk/smsapi-sdk `.sdk/def/upstream/panel_com.yml`):
 * - `/mfa/codes` (JSON `CreateMFACode` → 201 `MFACode`, 400 for a number that is not mobile) and
 *   `/mfa/codes/verifications` (form `VerifyMFACode` → 204 valid, 404 no such code, 408 expired);
 * - `/blacklist/phone_numbers` (list with `q`/`offset`/`limit`, add, delete by number or all,
 *   delete by id);
 * - `/short_url/links` (CRUD, 409 for a named link that exists) and `/short_url/clicks`
 *   (`date_from`, `date_to`, `links[]`: as the official Python client asks for them; the file
 *   defines the `ShortUrlClicksCollection` answer);
 * - `/sms/templates` writes (form `CreateSmsTemplate`);
 * - `/subusers` (list, get, delete by id).
 * Extra state lives beside the emulator state (reset with it: a new state object starts empty).
 */
import { createHash, randomInt } from 'node:crypto';

import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import { checkMobileNumber } from './numbers';
import type { AuthUser, Runtime } from './runtime';
import type { EmulatorState, SubUser, Template } from './state';
import { hexId, isoWithOffset } from './util';

export interface MfaCode {
	id: string;
	code: string;
	phone_number: string;
	from: string | null;
	content: string;
	/** Milliseconds since the epoch after which verification answers 408. */
	expiresAt: number;
	used: boolean;
}

export interface BlacklistEntry {
	id: string;
	phone_number: string;
	expire_at: string | null;
	created_at: string;
}

export interface ShortLink {
	id: string;
	name: string;
	url: string;
	short_url: string;
	filename: null;
	type: 'URL';
	expire: string;
	hits: number;
	hits_unique: number;
	description: string | null;
}

export interface ShortLinkClick {
	linkId: string;
	phone_number: string;
	date_hit: string;
	name: string;
	short_url: string;
	os: string;
	browser: string;
	device: string;
}

/**
 * How a duplicate is answered (a number already on the blacklist, a template name in use):
 * - `conflict`: HTTP 409 (`blacklist_conflict`, `template_conflict`), the emulator's answer so far;
 * - `published`: only what the published API documents for those POSTs: for the blacklist its
 *   400 (`BadRequestError`) with a field error saying the number exists; for a template 201, a
 *   second template of that name (panel_com.yml documents no refusal there).
 * What the real service answers is not documented (docs/service-differences.md, N2, N4).
 */
export type DuplicateAnswer = 'conflict' | 'published';

export interface ExtraState {
	mfaCodes: MfaCode[];
	blacklist: BlacklistEntry[];
	shortLinks: ShortLink[];
	shortLinkClicks: ShortLinkClick[];
	/** How long a one-time code stays valid (the service's codes are short-lived). */
	mfaValidityMs: number;
	duplicates: DuplicateAnswer;
}

const extras = new WeakMap<EmulatorState, ExtraState>();
let shortLinkCounter = 100;

/** The extra state of the emulator's current state (a reset starts a new one). */
export function extraState(state: EmulatorState): ExtraState {
	let extra = extras.get(state);
	if (!extra) {
		extra = { mfaCodes: [], blacklist: [], shortLinks: [], shortLinkClicks: [], mfaValidityMs: 10 * 60 * 1000, duplicates: 'conflict' };
		extras.set(state, extra);
	}
	return extra;
}

const notFound = (what: string): HandlerResponse => restError(404, 'not_found', what);
const methodNotAllowed = (): HandlerResponse => restError(405, 'method_not_allowed', 'Method not allowed');

function invalid(path: string, value: unknown, message: string, error = 'invalid_param'): HandlerResponse {
	return restError(400, 'invalid_domain_logic', message, { errors: [{ message, error, path, value }] });
}

/** The body's fields: the JSON object's own values, or the form's (as text). */
function bodyFields(ctx: RequestContext): Record<string, unknown> {
	if (ctx.bodyKind === 'json' && typeof ctx.jsonBody === 'object' && ctx.jsonBody !== null && !Array.isArray(ctx.jsonBody)) {
		return ctx.jsonBody as Record<string, unknown>;
	}
	return ctx.form;
}

function requireMedia(ctx: RequestContext, allowed: ReadonlyArray<'form' | 'json'>): HandlerResponse | null {
	if (allowed.includes(ctx.bodyKind as 'form' | 'json')) return null;
	return restError(415, 'unsupported_media_type', `Unsupported media type: send ${allowed.map((m) => (m === 'json' ? 'application/json' : 'application/x-www-form-urlencoded')).join(' or ')}`);
}

function flagValue(value: unknown): boolean {
	return value === true || value === 1 || value === '1' || value === 'true';
}

/** Handles the resources of this file; null for any other path. */
export function handleMoreRest(rt: Runtime, ctx: RequestContext, segments: string[], user: AuthUser): HandlerResponse | null {
	const [root, second] = segments;
	if (root === 'mfa' && second === 'codes') return mfa(rt, ctx, segments.slice(2));
	if (root === 'blacklist' && second === 'phone_numbers') return blacklist(rt, ctx, segments.slice(2));
	if (root === 'short_url' && second === 'links') return shortLinks(rt, ctx, segments.slice(2));
	if (root === 'short_url' && second === 'clicks' && segments.length === 2) return shortLinkClicks(rt, ctx);
	if (root === 'sms' && second === 'templates' && ctx.method !== 'GET') return templateWrites(rt, ctx, segments.slice(2));
	if (root === 'subusers') return subusers(rt, ctx, segments.slice(1), user);
	return null;
}

// ---- one-time codes -----------------------------------------------------------------------------

const CODE_PLACEHOLDER = '[%code%]';

function mfa(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const extra = extraState(rt.state);
	if (rest.length === 0) {
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireMedia(ctx, ['json']);
		if (media) return media;
		const body = bodyFields(ctx);
		const number = String(body.phone_number ?? '');
		const check = checkMobileNumber(number);
		if (!check.ok) {
			return restError(400, 'invalid_phone_number', 'Invalid phone number - only mobile are acceptable', {
				errors: [{ message: check.reason, error: 'invalid_phone_number', path: 'phone_number', value: number }],
			});
		}
		const content = body.content === undefined ? `Your code: ${CODE_PLACEHOLDER}` : String(body.content);
		if (!content.includes(CODE_PLACEHOLDER)) {
			return invalid('content', content, 'Custom content must contain the placeholder [%code%]');
		}
		const from = body.from === undefined || body.from === '' ? null : String(body.from);
		if (from !== null && from !== 'Test' && !rt.state.senders.some((s) => s.name === from && s.status === 'ACTIVE')) {
			return invalid('from', from, 'Sender name is not active or does not exist');
		}
		const code: MfaCode = {
			id: hexId(),
			code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
			phone_number: check.number,
			from,
			content: content.split(CODE_PLACEHOLDER).join('…'),
			expiresAt: Date.now() + extra.mfaValidityMs,
			used: false,
		};
		// A newer code replaces the earlier ones of the number.
		for (const earlier of extra.mfaCodes) if (earlier.phone_number === code.phone_number) earlier.used = true;
		extra.mfaCodes.push(code);
		return json(201, { id: code.id, code: code.code, phone_number: code.phone_number, from: code.from });
	}
	if (rest.length !== 1 || rest[0] !== 'verifications') return notFound('Not found');
	if (ctx.method !== 'POST') return methodNotAllowed();
	const media = requireMedia(ctx, ['form']);
	if (media) return media;
	const body = bodyFields(ctx);
	const number = checkMobileNumber(String(body.phone_number ?? '')).number;
	const given = String(body.code ?? '');
	const code = extra.mfaCodes.find((c) => c.phone_number === number && !c.used && c.code === given);
	if (!code) return notFound('MFA code for given mobile number not found');
	if (Date.now() > code.expiresAt) return restError(408, 'mfa_code_expired', 'MFA code expired');
	code.used = true;
	return empty(204);
}

// ---- blacklist ----------------------------------------------------------------------------------

const DEFAULT_LIMIT = 5;

function blacklist(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
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

// ---- short links --------------------------------------------------------------------------------

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

function shortLinks(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const extra = extraState(rt.state);
	if (rest.length === 0) {
		if (ctx.method === 'GET') return json(200, { size: extra.shortLinks.length, collection: extra.shortLinks });
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireMedia(ctx, ['json', 'form']);
		if (media) return media;
		const body = bodyFields(ctx);
		const url = String(body.url ?? '');
		if (!/^https?:\/\/\S+$/i.test(url)) return invalid('url', url, 'url must be an http(s) address');
		const name = body.name === undefined || body.name === '' ? null : String(body.name);
		if (name !== null && extra.shortLinks.some((link) => link.name === name)) {
			return restError(409, 'short_url_conflict', 'Named link already exists');
		}
		const time = body.expire_time === undefined ? 365 * 86400 : Number(body.expire_time) * (UNIT_SECONDS[String(body.expire_unit ?? 'seconds')] ?? 1);
		shortLinkCounter += 1;
		const suffix = name ?? createHash('md5').update(`${shortLinkCounter}:${url}`).digest('base64url').slice(0, 5);
		const link: ShortLink = {
			id: String(shortLinkCounter),
			name: name ?? suffix,
			url,
			short_url: `http://idz.do/${encodeURIComponent(suffix)}`,
			filename: null,
			type: 'URL',
			expire: isoWithOffset(new Date(Date.now() + time * 1000)),
			hits: 0,
			hits_unique: 0,
			description: body.description === undefined ? null : String(body.description),
		};
		extra.shortLinks.push(link);
		return json(201, link);
	}
	const link = extra.shortLinks.find((l) => l.id === rest[0]);
	if (!link || rest.length !== 1) return notFound('Short URL not found');
	if (ctx.method === 'GET') return json(200, link);
	if (ctx.method === 'PUT') {
		const media = requireMedia(ctx, ['form']);
		if (media) return media;
		const body = ctx.form;
		if (body.url !== undefined) {
			if (!/^https?:\/\/\S+$/i.test(body.url)) return invalid('url', body.url, 'url must be an http(s) address');
			link.url = body.url;
		}
		if (body.name !== undefined && body.name !== link.name) {
			if (extra.shortLinks.some((l) => l.name === body.name)) return restError(409, 'short_url_conflict', 'Named link already exists');
			link.name = body.name;
		}
		if (body.description !== undefined) link.description = body.description;
		return json(200, link);
	}
	if (ctx.method === 'DELETE') {
		extra.shortLinks.splice(extra.shortLinks.indexOf(link), 1);
		return empty(204);
	}
	return methodNotAllowed();
}

function shortLinkClicks(rt: Runtime, ctx: RequestContext): HandlerResponse {
	if (ctx.method !== 'GET') return methodNotAllowed();
	const { date_from: from, date_to: to } = ctx.query;
	if (!from || !to) return invalid(from ? 'date_to' : 'date_from', null, 'date_from and date_to are required', 'required');
	const links = ctx.query['links[]'] === undefined ? undefined : ctx.query['links[]'].split(',');
	const collection = extraState(rt.state)
		.shortLinkClicks.filter((click) => click.date_hit.slice(0, 10) >= from.slice(0, 10) && click.date_hit.slice(0, 10) <= to.slice(0, 10))
		.filter((click) => links === undefined || links.includes(click.linkId))
		.map(({ linkId: _linkId, ...click }) => click);
	return json(200, { size: collection.length, collection });
}

/** control: a recipient opens a short link (counted in its hits and listed by /short_url/clicks). */
export function recordShortLinkClick(state: EmulatorState, linkId: string, phoneNumber: string, at = new Date()): ShortLinkClick | null {
	const extra = extraState(state);
	const link = extra.shortLinks.find((l) => l.id === linkId);
	if (!link) return null;
	const first = !extra.shortLinkClicks.some((c) => c.linkId === linkId && c.phone_number === phoneNumber);
	link.hits += 1;
	if (first) link.hits_unique += 1;
	const click: ShortLinkClick = {
		linkId,
		phone_number: phoneNumber,
		date_hit: isoWithOffset(at),
		name: link.name,
		short_url: link.short_url,
		os: 'Android',
		browser: 'Chrome',
		device: 'smartphone',
	};
	extra.shortLinkClicks.push(click);
	return click;
}

// ---- templates (writes) -------------------------------------------------------------------------

function templateWrites(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const list = rt.state.templates;
	const media = ctx.method === 'DELETE' ? null : requireMedia(ctx, ['form']);
	if (media) return media;
	const body = ctx.form;
	if (rest.length === 0) {
		if (ctx.method !== 'POST') return methodNotAllowed();
		const name = (body.name ?? '').trim();
		if (!name) return invalid('name', body.name ?? null, 'Template name is required', 'required');
		if (!body.template) return invalid('template', body.template ?? null, 'Template content is required', 'required');
		if (list.some((t) => t.name === name) && extraState(rt.state).duplicates === 'conflict') {
			return restError(409, 'template_conflict', 'Template with this name already exists');
		}
		const template: Template = { id: hexId(), name, template: body.template, normalize: flagValue(body.normalize) };
		list.push(template);
		return json(201, template);
	}
	const template = list.find((t) => t.id === rest[0]);
	if (!template || rest.length !== 1) return notFound('Template not found');
	if (ctx.method === 'PUT') {
		if (body.name !== undefined) {
			const name = body.name.trim();
			if (!name) return invalid('name', body.name, 'Template name is required', 'required');
			if (list.some((t) => t.name === name && t !== template)) return restError(409, 'template_conflict', 'Template with this name already exists');
			template.name = name;
		}
		if (body.template !== undefined) template.template = body.template;
		if (body.normalize !== undefined) template.normalize = flagValue(body.normalize);
		return json(200, template);
	}
	if (ctx.method === 'DELETE') {
		list.splice(list.indexOf(template), 1);
		return empty(204);
	}
	return methodNotAllowed();
}

// ---- sub-users (REST) ---------------------------------------------------------------------------

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

function subusers(rt: Runtime, ctx: RequestContext, rest: string[], user: AuthUser): HandlerResponse {
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
