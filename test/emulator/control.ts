/**
 * Control API under `/__control` (JSON, no auth), served on the primary and the backup port alike,
 * so it stays reachable while one of them is refusing connections.
 */
import { handleExtraStateControl, EXTRA_STATE_ROUTES } from './control-extra-state';
import { LOAD_ROUTES } from './load';
import { isHttpUrl } from './callbacks';
import { empty, json, type HandlerResponse, type RequestContext } from './http-types';
import type { EmulatorServer } from './server';
import { CALLBACK_TYPE_OF, STATUS_NAMES, type Address, type CallbackKey, type Fault } from './state';
import { hexId, isoWithOffset } from './util';

type Body = Record<string, unknown>;

const ROUTES = [
	'GET    /__control/state',
	'GET    /__control/requests?address=&path=&since=      DELETE clears',
	'GET    /__control/violations (non-conforming requests)   DELETE takes them',
	'GET    /__control/messages?test=1&id=',
	'GET    /__control/callbacks?type=                     DELETE clears',
	'GET    /__control/mails',
	'GET    /__control/hlr',
	'GET    /__control/faults   POST {address, endpoint?, method?, mode: 500|404|hang|reset|refuse|lost, times?, ms?}   DELETE clears',
	'POST   /__control/latency {address?, ms}',
	'POST   /__control/reset',
	'POST   /__control/account {credits?, whitelist?, callbackUrls?, senders?, hlrCallbackFormat?, callbackRetryMs?, callbackMaxAttempts?, dlrDelayMs?, intermediateReports?, lenientQuery?, relaySmtpPort?, defaultMaxParts?, inboundNumber?, twoWayNumbers?, templateEncoding?}',
	'POST   /__control/senders/activate {name}',
	'GET    /__control/delivery   POST {number? | suffix?, status}   DELETE clears',
	'POST   /__control/inbound {from, to?, text, date?, url?}',
	'POST   /__control/click {msgId, device?, operating_system?, browser?, ip?, url?}',
	'POST   /__control/dlr {ids?, status?}',
	'POST   /__control/scheduled/release {ids?}',
	'POST   /__control/idle',
];

const bad = (message: string): HandlerResponse => json(400, { error: message });

function body(ctx: RequestContext): Body {
	if (ctx.jsonBody && typeof ctx.jsonBody === 'object' && !Array.isArray(ctx.jsonBody)) return ctx.jsonBody as Body;
	return { ...ctx.params };
}

function address(value: unknown): Address | null {
	return value === 'primary' || value === 'backup' ? value : null;
}

function stringList(value: unknown): string[] | undefined {
	if (value === undefined || value === null) return undefined;
	if (Array.isArray(value)) return value.map(String);
	return String(value)
		.split(/[;,]/)
		.map((v) => v.trim())
		.filter(Boolean);
}

function optionalNumber(value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const n = Number(value);
	return Number.isFinite(n) ? n : undefined;
}

export async function handleControl(host: EmulatorServer, ctx: RequestContext): Promise<HandlerResponse> {
	const rt = host.rt;
	const route = ctx.path.replace(/^\/__control\/?/, '').replace(/\/+$/, '');
	const method = ctx.method;
	const q = ctx.query;
	const b = body(ctx);
	const key = `${method} ${route}`;

	switch (key) {
		case 'GET ':
			return json(200, { routes: [...ROUTES, ...EXTRA_STATE_ROUTES, ...LOAD_ROUTES] });
		case 'GET state': {
			const s = rt.state;
			return json(200, {
				account: { ...s.account, password: undefined, passwordMd5: undefined, token: undefined },
				senders: s.senders,
				subusers: s.subusers.map(({ pass, passApi, ...rest }) => ({ ...rest, hasPassword: Boolean(pass && passApi) })),
				contacts: s.contacts,
				groups: s.groups,
				templates: s.templates,
				discountGroups: s.discountGroups,
				callbacks: s.callbacks,
				deliveryRules: s.deliveryRules,
				faults: s.faults,
				latency: s.latency,
				listeners: { primary: host.isOpen('primary'), backup: host.isOpen('backup') },
			});
		}
		case 'GET requests': {
			const since = Number(q.since ?? 0);
			return json(
				200,
				rt.state.requests.filter(
					(r) =>
						r.seq > since &&
						(!q.address || r.address === q.address) &&
						(!q.path || r.path.replace(/^\/+/, '') === q.path.replace(/^\/+/, '')),
				),
			);
		}
		case 'DELETE requests':
			rt.state.requests = [];
			return empty(204);
		case 'GET violations':
			return json(200, host.conformance.violations);
		case 'DELETE violations':
			return json(200, host.conformance.take());
		case 'GET messages': {
			const list = q.test === '1' ? [...rt.state.messages, ...rt.state.testSends] : rt.state.messages;
			return json(200, q.id ? list.filter((m) => m.id === q.id) : list);
		}
		case 'GET callbacks':
			return json(200, q.type ? rt.state.callbackLog.filter((c) => c.type === q.type) : rt.state.callbackLog);
		case 'DELETE callbacks':
			rt.state.callbackLog = [];
			return empty(204);
		case 'GET mails':
			return json(200, rt.state.mails);
		case 'GET hlr':
			return json(200, rt.state.hlrLookups);
		case 'GET faults':
			return json(200, rt.state.faults);
		case 'POST faults': {
			const where = address(b.address);
			if (!where) return bad('address must be primary or backup');
			const mode = String(b.mode ?? '') as Fault['mode'];
			if (!['500', '404', 'hang', 'reset', 'refuse', 'lost'].includes(mode)) {
				return bad('mode must be 500, 404, hang, reset, refuse or lost');
			}
			const times = optionalNumber(b.times);
			const ms = optionalNumber(b.ms);
			if (mode === 'refuse' && times !== undefined) {
				return bad('refuse cannot count refused connections: give ms (reopen after) or clear with DELETE /__control/faults');
			}
			const fault = host.addFault({
				address: where,
				endpoint: b.endpoint ? String(b.endpoint) : null,
				method: b.method ? String(b.method) : null,
				mode,
				times: times ?? null,
				ms,
			});
			if (mode !== 'refuse') return json(201, fault);
			host.applyRefuse(fault, ms);
			return { ...json(201, fault), headers: { Connection: 'close' } };
		}
		case 'DELETE faults':
			host.clearFaults();
			return empty(204);
		case 'POST latency': {
			const ms = optionalNumber(b.ms);
			if (ms === undefined || ms < 0 || ms > 120000) return bad('ms must be 0..120000');
			const where = b.address === undefined ? null : address(b.address);
			if (b.address !== undefined && !where) return bad('address must be primary or backup');
			if (where) rt.state.latency[where] = ms;
			else rt.state.latency = { primary: ms, backup: ms };
			return json(200, rt.state.latency);
		}
		case 'POST reset':
			host.reset();
			return json(200, { ok: true });
		case 'POST account':
			return updateAccount(host, b);
		case 'POST senders/activate': {
			const name = String(b.name ?? '');
			if (!name) return bad('name is required');
			let sender = rt.state.senders.find((s) => s.name === name);
			if (!sender) {
				sender = { name, status: 'ACTIVE', isDefault: false, createdAt: isoWithOffset() };
				rt.state.senders.push(sender);
			}
			sender.status = b.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE';
			return json(200, sender);
		}
		case 'GET delivery':
			return json(200, rt.state.deliveryRules);
		case 'POST delivery': {
			const status = b.status === null || b.status === 'withhold' ? null : optionalNumber(b.status);
			if (status === undefined || (status !== null && !STATUS_NAMES[status]))
				return bad('status must be a delivery status code 401..412, or "withhold" (no final report)');
			if (!b.number && b.suffix === undefined) return bad('give number or suffix');
			const rule = b.number ? { number: String(b.number), status } : { suffix: String(b.suffix), status };
			rt.state.deliveryRules.push(rule);
			return json(201, rule);
		}
		case 'DELETE delivery':
			rt.state.deliveryRules = [];
			return empty(204);
		case 'POST inbound': {
			if (!b.from || b.text === undefined) return bad('from and text are required');
			if (b.url !== undefined && !isHttpUrl(String(b.url))) return bad('url must be http(s)');
			const result = await rt.emitInbound({
				from: String(b.from),
				to: b.to === undefined ? undefined : String(b.to),
				text: String(b.text),
				date: optionalNumber(b.date),
				url: b.url === undefined ? undefined : String(b.url),
			});
			return json(200, result);
		}
		case 'POST click': {
			const message = rt.state.messages.find((m) => m.id === String(b.msgId ?? ''));
			if (!message) return json(404, { error: 'no such message' });
			const str = (v: unknown): string | undefined => (v === undefined ? undefined : String(v));
			const results = await rt.emitClick(message, {
				device: str(b.device),
				operating_system: str(b.operating_system),
				browser: str(b.browser),
				ip: str(b.ip),
				url: str(b.url),
			});
			return json(200, { results });
		}
		case 'POST dlr': {
			const status = optionalNumber(b.status);
			if (status !== undefined && !STATUS_NAMES[status]) return bad('unknown status');
			const messages = rt.emitDlrNow(stringList(b.ids), status);
			return json(200, { count: messages.length, ids: messages.map((m) => m.id) });
		}
		case 'POST scheduled/release': {
			const messages = rt.releaseScheduled(stringList(b.ids));
			return json(200, { count: messages.length, ids: messages.map((m) => m.id) });
		}
		case 'POST idle':
			await rt.dispatcher.idle();
			return json(200, { ok: true });
		default:
			return (
				host.load.control(key, b) ??
				(await handleExtraStateControl(rt, key, b)) ??
				json(404, { error: `unknown control route ${key}`, routes: [...ROUTES, ...EXTRA_STATE_ROUTES, ...LOAD_ROUTES] })
			);
	}
}

function updateAccount(host: EmulatorServer, b: Body): HandlerResponse {
	const state = host.rt.state;
	const account = state.account;
	const credits = optionalNumber(b.credits);
	if (credits !== undefined) account.points = credits;
	const whitelist = stringList(b.whitelist);
	if (whitelist) account.whitelist = whitelist;
	if (b.hlrCallbackFormat !== undefined) {
		if (b.hlrCallbackFormat !== 'json' && b.hlrCallbackFormat !== 'form') return bad('hlrCallbackFormat: json or form');
		account.hlrCallbackFormat = b.hlrCallbackFormat;
	}
	if (b.defaultMaxParts !== undefined) {
		const maxParts = optionalNumber(b.defaultMaxParts);
		if (maxParts === undefined || !Number.isInteger(maxParts) || maxParts < 1 || maxParts > 10) {
			return bad('defaultMaxParts: a whole number from 1 to 10 (the SMS settings of the portal)');
		}
		account.defaultMaxParts = maxParts;
	}
	const numbers: Array<[keyof typeof account, unknown]> = [
		['callbackRetryMs', b.callbackRetryMs],
		['callbackMaxAttempts', b.callbackMaxAttempts],
		['dlrDelayMs', b.dlrDelayMs],
	];
	for (const [name, value] of numbers) {
		const n = optionalNumber(value);
		if (n !== undefined) (account as unknown as Record<string, number>)[name] = n;
	}
	if (b.intermediateReports !== undefined) account.intermediateReports = Boolean(b.intermediateReports);
	if (b.lenientQuery !== undefined) account.lenientQuery = b.lenientQuery === true;
	if (b.inboundNumber !== undefined) account.inboundNumber = String(b.inboundNumber);
	if (Array.isArray(b.twoWayNumbers)) account.twoWayNumbers = b.twoWayNumbers.map(String);
	if (b.templateEncoding !== undefined) {
		if (b.templateEncoding !== 'expandedText' && b.templateEncoding !== 'template') return bad('templateEncoding: expandedText or template');
		account.templateEncoding = b.templateEncoding;
	}
	if (b.relaySmtpPort !== undefined) account.relaySmtpPort = optionalNumber(b.relaySmtpPort);
	if (b.callbackUrls && typeof b.callbackUrls === 'object') {
		for (const [k, url] of Object.entries(b.callbackUrls as Record<string, unknown>)) {
			const type = CALLBACK_TYPE_OF[k as CallbackKey];
			if (!type) return bad(`callbackUrls keys: ${Object.keys(CALLBACK_TYPE_OF).join(', ')}`);
			state.callbacks = state.callbacks.filter((c) => c.type !== type);
			if (url) {
				if (!isHttpUrl(String(url))) return bad(`callbackUrls.${k} must be http(s)`);
				state.callbacks.push({
					id: hexId(),
					type,
					url: String(url),
					receiver: type === 'sms_mo' ? { type: 'all', number: null } : null,
					active: true,
					invalid: false,
					api_version: 1,
				});
			}
		}
	}
	if (Array.isArray(b.senders)) {
		for (const entry of b.senders as Array<Record<string, unknown>>) {
			const name = String(entry.name ?? '');
			if (!name) continue;
			let sender = state.senders.find((s) => s.name === name);
			if (!sender) {
				sender = { name, status: 'INACTIVE', isDefault: false, createdAt: isoWithOffset() };
				state.senders.push(sender);
			}
			if (entry.status === 'ACTIVE' || entry.status === 'INACTIVE') sender.status = entry.status;
			if (entry.default === true) for (const s of state.senders) s.isDefault = s === sender;
		}
	}
	return json(200, { ...account, password: undefined, passwordMd5: undefined, token: undefined });
}
