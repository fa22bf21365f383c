/**
 * Legacy endpoints (`sms.do`, `user.do`, `hlr.do`, `sender.do`, `prices.do`): business errors come
 * with HTTP 200 and `{error, message}` (JSON) or `ERROR:<code>` (text).
 */
import { json, text, type HandlerResponse, type RequestContext } from './http-types';
import { checkLookupNumber, COUNTRIES } from './numbers';
import type { AuthUser, Runtime } from './runtime';
import { mediaSend } from './media-send';
import { performSend, sendResultJson, sendResultText } from './send';
import type { HlrLookup, SubUser } from './state';
import { hexId, isMd5, legacyErrorMessage, nowSeconds, round4, type Params } from './util';

const HLR_PRICE = 0.1;
const HLR_MAX_NUMBERS = 20;

function wantsJson(p: Params): boolean {
	return (p.format ?? '').toLowerCase() === 'json';
}

export function legacyError(p: Params, code: number, extra: Record<string, unknown> = {}): HandlerResponse {
	return wantsJson(p) ? json(200, { error: code, message: legacyErrorMessage(code), ...extra }) : text(200, `ERROR:${code}`);
}

/** Authentication and IP filter shared by every legacy endpoint. */
export function handleLegacy(rt: Runtime, ctx: RequestContext): HandlerResponse {
	const p = ctx.params;
	const auth = rt.authenticate(ctx.headers.authorization, p);
	if (!auth.ok) return legacyError(p, auth.code);
	if (!rt.ipAllowed(ctx.ip)) return legacyError(p, 105);
	switch (ctx.path) {
		case '/sms.do':
			return smsDo(rt, ctx, auth.user);
		case '/mms.do':
		case '/vms.do':
			return mediaSend(rt, ctx.path === '/mms.do' ? 'mms' : 'vms', p, auth.user, ctx.address, (code, extra) => legacyError(p, code, extra), ctx.files);
		case '/user.do':
			return userDo(rt, p, auth.user);
		case '/hlr.do':
			return hlrDo(rt, p, auth.user);
		case '/sender.do':
			return senderDo(rt, p, auth.user);
		case '/prices.do':
			return json(200, priceList());
		default:
			return legacyError(p, 8);
	}
}

function smsDo(rt: Runtime, ctx: RequestContext, user: AuthUser): HandlerResponse {
	const p = ctx.params;
	const outcome = performSend(rt, p, user, ctx.address);
	if (outcome.kind === 'error') {
		if (outcome.code === 13 && outcome.invalidNumbers) {
			return legacyError(p, 13, { invalid_numbers: outcome.invalidNumbers });
		}
		return legacyError(p, outcome.code);
	}
	if (outcome.kind === 'deleted') {
		return wantsJson(p) ? json(200, { count: outcome.ids.length, list: outcome.ids.map((id) => ({ id })) }) : text(200, 'OK');
	}
	return wantsJson(p) ? json(200, sendResultJson(outcome)) : text(200, sendResultText(outcome));
}

// ---- user.do ------------------------------------------------------------------------------------

function subUserJson(s: SubUser): Record<string, unknown> {
	return {
		username: s.username,
		limit: s.limit,
		month_limit: s.monthLimit,
		senders: s.senders,
		phonebook: s.phonebook,
		active: s.active,
		info: s.info,
	};
}

function balance(rt: Runtime, p: Params, user: AuthUser): HandlerResponse {
	const points = rt.pointsOf(user);
	if (!wantsJson(p)) return text(200, `Points: ${points.toFixed(4)}`);
	const body: Record<string, unknown> = { points };
	if (p.details === '1') {
		Object.assign(body, {
			proCount: Math.floor(round4(points / 0.165)),
			ecoCount: Math.floor(round4(points / 0.07)),
			mmsCount: Math.floor(round4(points / 0.3)),
			vmsGsmCount: Math.floor(round4(points / 0.21)),
			vmsLandCount: Math.floor(round4(points / 0.14)),
		});
	}
	return json(200, body);
}

/** Validates add/set fields; returns an error code or the fields to apply. */
function subUserFields(p: Params): number | Partial<SubUser> {
	const fields: Partial<SubUser> = {};
	if (p.pass !== undefined) {
		if (!isMd5(p.pass)) return 1123;
		fields.pass = p.pass.toLowerCase();
	}
	if (p.pass_api !== undefined && p.pass_api !== '') {
		if (!isMd5(p.pass_api)) return 1193;
		fields.passApi = p.pass_api.toLowerCase();
	}
	if (p.limit !== undefined) {
		if (!/^\d+(\.\d+)?$/.test(p.limit)) return 1131;
		fields.limit = Number(p.limit);
	}
	if (p.month_limit !== undefined) {
		if (!/^\d+(\.\d+)?$/.test(p.month_limit)) return 1141;
		fields.monthLimit = Number(p.month_limit);
	}
	const flags: Array<[string, number, (v: 0 | 1) => void]> = [
		['senders', 1150, (v) => (fields.senders = v)],
		['phonebook', 1160, (v) => (fields.phonebook = v)],
		['active', 1170, (v) => (fields.active = v === 1)],
	];
	for (const [name, code, apply] of flags) {
		const value = p[name];
		if (value === undefined) continue;
		if (value !== '0' && value !== '1') return code;
		apply(value === '1' ? 1 : 0);
	}
	if (p.info !== undefined) {
		if (p.info.length > 255) return 1183;
		fields.info = p.info;
	}
	return fields;
}

function findSubUser(rt: Runtime, name: string): SubUser | undefined {
	const main = rt.state.account.username;
	return rt.state.subusers.find((s) => s.username === name) ?? rt.state.subusers.find((s) => s.username === `${main}_${name}`);
}

function subUserOk(p: Params, s: SubUser): HandlerResponse {
	return wantsJson(p) ? json(200, subUserJson(s)) : text(200, `OK:${s.username}`);
}

function userDo(rt: Runtime, p: Params, user: AuthUser): HandlerResponse {
	if (p.credits === '1') return balance(rt, p, user);
	const action = ['add_user', 'set_user', 'get_user', 'list'].find((a) => p[a] !== undefined);
	if (!action) return legacyError(p, 1001);
	if (user.sub) return legacyError(p, 1000);
	const state = rt.state;
	if (action === 'list') {
		if (wantsJson(p)) return json(200, state.subusers.map(subUserJson));
		return text(200, `OK: ${state.subusers.map((s) => s.username).join(':')}`);
	}
	if (action === 'get_user') {
		const sub = findSubUser(rt, p.get_user);
		if (!sub) return legacyError(p, 1032);
		if (wantsJson(p)) return json(200, subUserJson(sub));
		return text(200, `OK:${sub.limit}:${sub.monthLimit}:${sub.senders}:${sub.phonebook}:${sub.active ? 1 : 0}:${sub.info}`);
	}
	if (action === 'set_user') {
		const sub = findSubUser(rt, p.set_user);
		if (!sub) return legacyError(p, 1032);
		const fields = subUserFields(p);
		if (typeof fields === 'number') return legacyError(p, fields);
		if (Object.keys(fields).length === 0) return legacyError(p, 1021);
		Object.assign(sub, fields);
		return subUserOk(p, sub);
	}
	const name = p.add_user.trim();
	if (name === '') return legacyError(p, 1111);
	if (name.length < 3) return legacyError(p, 1112);
	if (name.length > 32) return legacyError(p, 1113);
	if (!/^[a-zA-Z0-9_.-]+$/.test(name)) return legacyError(p, 1114);
	const username = p.without_prefix === '1' ? name : `${state.account.username}_${name}`;
	if (username === state.account.username || state.subusers.some((s) => s.username === username)) {
		return legacyError(p, 1115);
	}
	if (p.pass === undefined || p.pass === '') return legacyError(p, 1121);
	const fields = subUserFields(p);
	if (typeof fields === 'number') return legacyError(p, fields);
	const sub: SubUser = {
		username,
		pass: fields.pass as string,
		passApi: fields.passApi ?? (fields.pass as string),
		limit: fields.limit ?? 0,
		monthLimit: fields.monthLimit ?? 0,
		senders: fields.senders ?? 0,
		phonebook: fields.phonebook ?? 0,
		active: fields.active ?? false,
		info: fields.info ?? '',
	};
	state.subusers.push(sub);
	return subUserOk(p, sub);
}

// ---- hlr.do -------------------------------------------------------------------------------------

function hlrDo(rt: Runtime, p: Params, user: AuthUser): HandlerResponse {
	const numbers = (p.number ?? '')
		.split(',')
		.map((n) => n.trim())
		.filter(Boolean);
	if (numbers.length === 0) return legacyError(p, 13);
	if (numbers.length > HLR_MAX_NUMBERS) return legacyError(p, 19);
	const idx = p.idx ? p.idx : null;
	if (idx !== null) {
		if (idx.length > 255) return legacyError(p, 27);
		if (!/^[a-z0-9]+$/i.test(idx)) return legacyError(p, 76);
	}
	const checks = numbers.map((n) => ({ submitted: n, check: checkLookupNumber(n) }));
	const validCount = checks.filter((c) => c.check.ok).length;
	const cost = round4(validCount * HLR_PRICE);
	if (cost > rt.pointsOf(user) + 1e-9) return legacyError(p, 103);
	rt.charge(user, cost);

	const lookups: HlrLookup[] = [];
	const entries = checks.map(({ check }) => {
		if (!check.ok) return { status: 'ERROR', number: check.number, error: 13 } as Record<string, unknown>;
		const landline = check.network.name === 'Landline';
		const ported = !landline && check.number.endsWith('7');
		const lookup: HlrLookup = {
			id: hexId(),
			number: check.number,
			idx,
			price: HLR_PRICE,
			date: nowSeconds(),
			username: user.username,
			mcc: check.network.mcc,
			mnc: check.network.mnc,
			info: landline ? 'Not a mobile number' : check.network.name,
			status: landline ? 'FAIL' : 'OK',
			ported: ported ? 1 : 0,
			ported_from: ported ? 'Orange' : null,
		};
		lookups.push(lookup);
		return { status: 'OK', number: check.number, id: lookup.id, price: HLR_PRICE.toFixed(4) } as Record<string, unknown>;
	});
	rt.state.hlrLookups.push(...lookups);
	rt.emitHlr(lookups);

	if (!wantsJson(p)) {
		return text(
			200,
			entries
				.map((e) => (e.status === 'OK' ? `OK:${e.number}:${e.id}:${e.price};` : `ERROR:${e.number}:${e.error};`))
				.join(''),
		);
	}
	return json(200, entries.length === 1 ? entries[0] : entries);
}

// ---- sender.do ----------------------------------------------------------------------------------

export function validSenderName(name: string): boolean {
	return /^[a-zA-Z0-9 .\-&_]{3,11}$/.test(name) || /^\d{3,16}$/.test(name);
}

function senderDo(rt: Runtime, p: Params, user: AuthUser): HandlerResponse {
	const state = rt.state;
	const ok = (count = 1): HandlerResponse => (wantsJson(p) ? json(200, { count }) : text(200, 'OK'));
	if (p.add !== undefined) {
		if (!validSenderName(p.add)) return legacyError(p, 2001);
		if (state.senders.some((s) => s.name === p.add)) return legacyError(p, 2002);
		state.senders.push({ name: p.add, status: 'INACTIVE', isDefault: false, createdAt: new Date().toISOString() });
		return ok();
	}
	if (p.status !== undefined) {
		const sender = state.senders.find((s) => s.name === p.status);
		if (!sender) return legacyError(p, 2003);
		return wantsJson(p)
			? json(200, { sender: sender.name, status: sender.status, default: sender.isDefault })
			: text(200, `OK:${sender.status}`);
	}
	if (p.delete !== undefined) {
		const index = state.senders.findIndex((s) => s.name === p.delete);
		if (index === -1) return legacyError(p, 2003);
		if (state.senders[index].isDefault || state.senders[index].name === 'Test') return legacyError(p, 2005);
		state.senders.splice(index, 1);
		return wantsJson(p) ? json(200, { count: 1 }) : text(200, `OK:${p.delete}`);
	}
	if (p.default !== undefined) {
		const sender = state.senders.find((s) => s.name === p.default);
		if (!sender) return legacyError(p, 2003);
		if (sender.status !== 'ACTIVE') return legacyError(p, 2004);
		for (const s of state.senders) s.isDefault = s === sender;
		return ok();
	}
	if (p.list !== undefined) {
		const visible = user.sub && user.sub.senders !== 1 && p.with_nat_names !== '1'
			? state.senders.filter((s) => s.name === 'Test')
			: state.senders;
		if (wantsJson(p)) return json(200, visible.map((s) => ({ sender: s.name, status: s.status, default: s.isDefault })));
		return text(200, `OK:${visible.map((s) => `${s.name},${s.status}`).join(':')}`);
	}
	return legacyError(p, 1001);
}

// ---- prices -------------------------------------------------------------------------------------

const PRICE_DATE = '1704067200';

export function priceList(): Array<Record<string, string>> {
	return COUNTRIES.flatMap((c) =>
		c.networks.map((n) => ({ country: c.country, network: n.name, mcc: n.mcc, mnc: n.mnc, date: PRICE_DATE, price: n.price })),
	);
}

/**
 * The price list as `GET /profile/prices` gives it (panel_com.yml `Price`, plus the `type` the
 * official PHP client reads): amounts with their currency, MCC and MNC as numbers, the day of the
 * last change. Without `type` the account's tariff (`pro`).
 */
export function restPriceList(type = 'pro'): Array<Record<string, unknown>> {
	const changedAt = new Date(Number(PRICE_DATE) * 1000).toISOString().slice(0, 10);
	return priceList().map((entry) => ({
		type,
		price: { amount: Number(entry.price), currency: 'EUR' },
		country: { name: entry.country, mcc: Number(entry.mcc) },
		network: { name: entry.network, mnc: Number(entry.mnc) },
		changed_at: changedAt,
	}));
}
