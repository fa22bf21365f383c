import { createHash, timingSafeEqual } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject, parseFormEncoded } from '../callbacks/formDecoding';

/**
 * The service signs nothing (docs/service-behaviour.md, "Callbacks"). What protects the trigger is a secret
 * in the callback URL, an optional allowlist of caller addresses and an optional check of the
 * account `username` the reports carry.
 */

// ---------------------------------------------------------------------------------------------
// Secret

/**
 * Constant-time comparison of two secrets of any lengths: both sides are hashed first, so
 * `timingSafeEqual` always compares 32 bytes and the time taken says nothing about where, or
 * whether in length, they differ.
 */
export function secretsEqual(expected: string, given: string): boolean {
	const a = createHash('sha256').update(expected, 'utf8').digest();
	const b = createHash('sha256').update(given, 'utf8').digest();
	return timingSafeEqual(a, b);
}

/**
 * What the Secret parameter asks for. `raw` is the parameter as saved (undefined when it was left
 * at its default `={{ $nodeId }}`), `resolved` its value after expressions.
 * - a text with something but blanks in it: that secret, blanks around it trimmed;
 * - empty, typed as empty text: no secret, on purpose (every caller accepted);
 * - anything else (a text of blanks only, an expression that resolved to nothing, a list, an
 *   object, a number): invalid, and every callback is refused. A secret that silently fell away
 *   would accept everyone; a Secret of spaces is a typing slip, not the empty field's choice.
 */
export type SecretSetting =
	{ kind: 'secret'; secret: string } | { kind: 'open' } | { kind: 'invalid'; reason: string };

export function readSecretSetting(raw: unknown, resolved: unknown): SecretSetting {
	const isExpression = raw === undefined || (typeof raw === 'string' && raw.startsWith('='));
	if (typeof resolved === 'string') {
		const secret = resolved.trim();
		if (secret !== '') return { kind: 'secret', secret };
		if (isExpression) {
			return { kind: 'invalid', reason: 'the Secret expression resolved to an empty text' };
		}
		if (resolved === '') return { kind: 'open' };
		return {
			kind: 'invalid',
			reason:
				'the Secret holds only blanks (spaces, tabs or line breaks): enter a secret, or clear the field to accept callbacks without one',
		};
	}
	if (resolved === undefined || resolved === null) {
		return { kind: 'invalid', reason: 'the Secret expression resolved to nothing' };
	}
	const what = Array.isArray(resolved)
		? 'a list'
		: typeof resolved === 'object'
			? 'an object'
			: `a ${typeof resolved}`;
	return { kind: 'invalid', reason: `the Secret resolved to ${what}, not to a text` };
}

type SecretCheck =
	| {
			ok: true;
			/** Parameters a caller glued to the secret with a second `?` (see below). */ extraQuery?: Record<
				string,
				unknown
			>;
	  }
	| { ok: false; reason: 'missing' | 'wrong' };

/**
 * Whether the request's query carries the expected `secret`. An empty expected secret accepts
 * everything. A caller that appends its own parameters to a URL that already has a query string
 * with `?` instead of `&` sends `secret=<secret>?MsgId=...`: the part before that `?` is then
 * compared and the rest returned as `extraQuery`, so such a callback is neither refused nor
 * stripped of its data.
 */
export function checkSecret(expected: string, query: unknown): SecretCheck {
	if (expected === '') return { ok: true };
	const raw = isPlainObject(query) ? query.secret : undefined;
	const candidates = (Array.isArray(raw) ? raw : [raw]).filter(
		(value): value is string => typeof value === 'string',
	);
	if (candidates.length === 0) return { ok: false, reason: 'missing' };
	for (const candidate of candidates) {
		const questionMark = candidate.indexOf('?');
		const prefix = questionMark === -1 ? candidate : candidate.slice(0, questionMark);
		// Both comparisons always run: which one matched must not show in the timing.
		const whole = secretsEqual(expected, candidate);
		const head = secretsEqual(expected, prefix);
		if (whole) return { ok: true };
		if (head)
			return { ok: true, extraQuery: parseFormEncoded(candidate.slice(questionMark + 1)) ?? {} };
	}
	return { ok: false, reason: 'wrong' };
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** An address as 16 bytes; IPv4 addresses are held in their IPv4-mapped IPv6 form (`::ffff:a.b.c.d`). */
type Ip16 = number[];

export interface IpRule {
	bytes: Ip16;
	/** Leading bits that must match, in the 128-bit space. */
	prefix: number;
	/** The entry as the user wrote it. */
	source: string;
}

const V4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function parseIPv4(text: string): number[] | undefined {
	if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return undefined;
	const bytes = text.split('.').map(Number);
	return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

function parseIPv6(text: string): Ip16 | undefined {
	if (!/^[0-9a-fA-F:.]+$/.test(text) || text.length > 45) return undefined;
	const halves = text.split('::');
	if (halves.length > 2) return undefined;
	const groupsOf = (part: string): number[] | undefined => {
		if (part === '') return [];
		const groups: number[] = [];
		const pieces = part.split(':');
		for (let i = 0; i < pieces.length; i++) {
			const piece = pieces[i];
			if (i === pieces.length - 1 && piece.includes('.')) {
				const v4 = parseIPv4(piece);
				if (!v4) return undefined;
				groups.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
			} else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
				groups.push(parseInt(piece, 16));
			} else {
				return undefined;
			}
		}
		return groups;
	};
	const head = groupsOf(halves[0]);
	const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
	if (!head || !tail) return undefined;
	// An embedded IPv4 address may only end the address.
	if (halves.length === 2 && halves[0].includes('.')) return undefined;
	const missing = 8 - head.length - tail.length;
	if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
	const groups = [
		...head,
		...new Array<number>(halves.length === 2 ? missing : 0).fill(0),
		...tail,
	];
	return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** An IPv4 or IPv6 address (zone index and brackets allowed) as 16 bytes, or undefined. */
export function parseIp(text: string): Ip16 | undefined {
	let trimmed = text.trim();
	if (trimmed.startsWith('[') && trimmed.endsWith(']')) trimmed = trimmed.slice(1, -1);
	const zone = trimmed.indexOf('%');
	if (zone !== -1) trimmed = trimmed.slice(0, zone);
	const v4 = parseIPv4(trimmed);
	if (v4) return [...V4_MAPPED_PREFIX, ...v4];
	return trimmed.includes(':') ? parseIPv6(trimmed) : undefined;
}

/** One allowlist entry: an address or a CIDR range, IPv4 or IPv6. */
export function parseIpRule(entry: string): IpRule | undefined {
	const source = entry.trim();
	const [address, prefixText, ...rest] = source.split('/');
	if (rest.length > 0) return undefined;
	const bytes = parseIp(address);
	if (!bytes) return undefined;
	const v4Notation = parseIPv4(address.trim()) !== undefined;
	if (prefixText === undefined) return { bytes, prefix: 128, source };
	if (!/^\d{1,3}$/.test(prefixText.trim())) return undefined;
	const prefix = Number(prefixText);
	if (v4Notation) return prefix <= 32 ? { bytes, prefix: prefix + 96, source } : undefined;
	return prefix <= 128 ? { bytes, prefix, source } : undefined;
}

/**
 * The IP Allowlist option: a text (entries separated by commas, semicolons, spaces or lines) or,
 * from an expression, a list of such texts. `problem` says why it cannot be used: then every
 * callback is refused (an allowlist that silently fell away would accept everyone).
 * `active` is false only when the option is empty (no allowlist).
 */
export function readAllowlist(value: unknown): {
	active: boolean;
	rules: IpRule[];
	invalid: string[];
	problem?: string;
} {
	if (value === undefined || value === null || value === '')
		return { active: false, rules: [], invalid: [] };
	let text: string;
	if (typeof value === 'string') text = value;
	else if (Array.isArray(value) && value.every((entry) => typeof entry === 'string'))
		text = value.join(',');
	else {
		const what = Array.isArray(value)
			? 'a list with entries that are not texts'
			: `a ${typeof value}`;
		return { active: true, rules: [], invalid: [], problem: `the IP Allowlist is ${what}` };
	}
	if (text.trim() === '') return { active: false, rules: [], invalid: [] };
	const { rules, invalid } = parseAllowlist(text);
	if (rules.length === 0) {
		return {
			active: true,
			rules,
			invalid,
			problem: `the IP Allowlist has no valid address or range (${invalid.slice(0, 5).join(', ')})`,
		};
	}
	return { active: true, rules, invalid };
}

/** Allowlist text (entries separated by commas, semicolons, spaces or lines) as rules. */
export function parseAllowlist(text: string): { rules: IpRule[]; invalid: string[] } {
	const rules: IpRule[] = [];
	const invalid: string[] = [];
	for (const entry of text.split(/[\s,;]+/)) {
		if (entry === '') continue;
		const rule = parseIpRule(entry);
		if (rule) rules.push(rule);
		else invalid.push(entry);
	}
	return { rules, invalid };
}

function matchesRule(address: Ip16, rule: IpRule): boolean {
	let bits = rule.prefix;
	for (let i = 0; i < 16 && bits > 0; i++, bits -= 8) {
		const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
		if ((address[i] & mask) !== (rule.bytes[i] & mask)) return false;
	}
	return true;
}

/**
 * Whether the caller's address is on the allowlist. `::ffff:1.2.3.4` and `1.2.3.4` are the same
 * caller on either side. An address that cannot be read is never allowed.
 */
export function isIpAllowed(ip: string | undefined, rules: IpRule[]): boolean {
	if (!ip) return false;
	const address = parseIp(ip);
	if (!address) return false;
	return rules.some((rule) => matchesRule(address, rule));
}

// ---------------------------------------------------------------------------------------------
// Log lines

/**
 * Caller-supplied text as it may appear in a log line: control and line-separator characters
 * (CR, LF, escape sequences, bidi overrides) shown as `\u….` escapes, and cut to `max` characters,
 * so a caller can neither forge log lines nor flood the log.
 */
export function forLog(value: unknown, max = 64): string {
	const text = typeof value === 'string' ? value : String(value ?? '');
	const cut = text.length > max ? text.slice(0, max) : text;
	const shown = cut.replace(
		/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/g,
		(char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);
	return text.length > max ? `${shown}… (${text.length} characters)` : shown;
}

// ---------------------------------------------------------------------------------------------
// Account username

/**
 * The first report whose `username` is not one of the accepted ones (case-insensitive). A report
 * without a username counts as a mismatch only when the event always carries one (`required`).
 */
export function findUsernameMismatch(
	accepted: string[],
	reports: IDataObject[],
	required: boolean,
): IDataObject | undefined {
	if (accepted.length === 0) return undefined;
	const names = new Set(accepted.map((name) => name.trim().toLowerCase()));
	return reports.find((report) => {
		const username =
			typeof report.username === 'string' ? report.username.trim().toLowerCase() : '';
		if (username === '') return required;
		return !names.has(username);
	});
}
