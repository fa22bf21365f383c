/**
 * `--record DIR`: the requests and answers of a run as fixtures the emulator's tests replay
 * (test/emulator/conformance-replay.test.ts), with the secrets and the phone numbers taken out:
 * - the token, the legacy username and password (plain and md5) wherever they appear, and the
 *   Authorization header;
 * - every phone number (in the numbers' fields of requests and answers, and the check's own
 *   recipients), anywhere in the text, replaced by a made-up number of the same length
 *   (the same number always by the same stand-in, so requests and answers still match);
 * - personal data of the account's contacts and profile (names, e-mail addresses, birthdays,
 *   cities, descriptions) replaced by placeholders of the same type.
 * The shapes stay as the service answered them: that is what the fixtures are for.
 */
import { createHash } from 'node:crypto';
import * as fs from 'fs';
import * as path from 'path';

import type { CheckResult } from './compare';
import { requestParameters, type Exchange } from './wire';

export interface Secrets {
	token?: string;
	username?: string;
	password?: string;
}

export interface FixtureExchange {
	address: 'primary' | 'backup';
	request: { method: string; path: string; query: string; headers: Record<string, string>; body: string };
	response?: { status: number; contentType: string; body: string };
	refused?: string;
}

export interface Fixture {
	check: string;
	verdict: string;
	exchanges: FixtureExchange[];
}

const PHONE_KEYS = new Set(['to', 'number', 'numbers', 'submitted_number', 'phone_number', 'receiver_number', 'msisdn', 'sms_from', 'sms_to', 'phone']);
const PERSONAL_TEXT_KEYS = new Set(['first_name', 'last_name', 'username', 'name', 'company', 'company_name', 'city', 'description', 'address', 'street', 'nip', 'regon']);
const PERSONAL_KEYS_ANYWHERE = new Set(['first_name', 'last_name', 'email', 'birthday_date', 'city', 'username']);
const REDACTED = '<redacted>';

function digitsIn(value: string): string[] {
	return value.split(/[,|;\s]+/).map((part) => part.replace(/^\+/, '')).filter((part) => /^\d{7,16}$/.test(part));
}

function collectPhones(value: unknown, into: Set<string>, underPhoneKey = false): void {
	if (Array.isArray(value)) {
		for (const entry of value) collectPhones(entry, into, underPhoneKey);
	} else if (value && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value as Record<string, unknown>)) collectPhones(entry, into, PHONE_KEYS.has(key));
	} else if (underPhoneKey && (typeof value === 'string' || typeof value === 'number')) {
		for (const digits of digitsIn(String(value))) into.add(digits);
	}
}

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Stand-ins for the phone numbers: same length, digits only, the first two kept (the country, mostly). */
function phoneStandIns(phones: Set<string>): Array<[RegExp, string]> {
	const cores = new Map<string, string>();
	const replacements: Array<[string, string]> = [];
	for (const phone of [...phones].sort((a, b) => b.length - a.length || a.localeCompare(b))) {
		const core = phone.slice(-9);
		if (!cores.has(core)) cores.set(core, `5${String(cores.size + 1).padStart(8, '0')}`);
		const standIn = phone.length > 9 ? `${phone.slice(0, phone.length - 9)}${cores.get(core)}` : (cores.get(core) as string).slice(9 - phone.length);
		replacements.push([phone, standIn]);
	}
	for (const [core, standIn] of cores) replacements.push([core, standIn]);
	return replacements.map(([from, to]) => [new RegExp(`(?<!\\d)${escapeRegExp(from)}(?!\\d)`, 'g'), to]);
}

function redactPersonal(value: unknown, inProfile: boolean): unknown {
	if (Array.isArray(value)) return value.map((entry) => redactPersonal(entry, inProfile));
	if (!value || typeof value !== 'object') return value;
	const out: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
		const personal = PERSONAL_KEYS_ANYWHERE.has(key) || (inProfile && PERSONAL_TEXT_KEYS.has(key));
		if (personal && typeof entry === 'string' && entry !== '') {
			out[key] = key === 'email' ? 'redacted@example.com' : key === 'birthday_date' ? '2000-01-01' : 'Redacted';
		} else {
			out[key] = redactPersonal(entry, inProfile);
		}
	}
	return out;
}

/** The secrets as they may appear in a request: plain, md5 (legacy password), URL-encoded. */
function secretForms(secrets: Secrets): string[] {
	const plain = [secrets.token, secrets.username, secrets.password].filter((value): value is string => typeof value === 'string' && value.length >= 3);
	if (secrets.password) plain.push(createHash('md5').update(secrets.password).digest('hex'));
	const forms = new Set<string>();
	for (const value of plain) {
		forms.add(value);
		forms.add(encodeURIComponent(value));
		forms.add(new URLSearchParams({ v: value }).toString().slice(2));
	}
	return [...forms].sort((a, b) => b.length - a.length);
}

/** The run's exchanges as fixtures, one per check, with secrets, numbers and personal data replaced. */
export function redactExchanges(exchanges: readonly Exchange[], results: readonly CheckResult[], secrets: Secrets, knownPhones: string[]): Fixture[] {
	const phones = new Set<string>(knownPhones.flatMap(digitsIn));
	for (const exchange of exchanges) {
		const parameters = requestParameters(exchange.request);
		for (const [key, value] of Object.entries(parameters)) if (PHONE_KEYS.has(key)) for (const digits of digitsIn(value)) phones.add(digits);
		if (exchange.response) collectPhones(parseJson(exchange.response.body), phones);
	}
	const standIns = phoneStandIns(phones);
	const secretTexts = secretForms(secrets);
	const clean = (text: string): string => {
		let out = text;
		for (const secret of secretTexts) out = out.split(secret).join(REDACTED);
		for (const [pattern, standIn] of standIns) out = out.replace(pattern, standIn);
		return out;
	};

	const fixtures: Fixture[] = [];
	for (const result of results) {
		const own = exchanges.filter((exchange) => exchange.check === result.check);
		if (own.length === 0) continue;
		fixtures.push({
			check: result.check,
			verdict: result.verdict,
			exchanges: own.map((exchange) => {
				const headers: Record<string, string> = {};
				for (const name of ['content-type', 'user-agent']) if (exchange.request.headers[name]) headers[name] = exchange.request.headers[name];
				if (exchange.request.headers.authorization) headers.authorization = exchange.request.headers.authorization.replace(/^(\S+)\s.*$/, `$1 ${REDACTED}`);
				const fixture: FixtureExchange = {
					address: exchange.address,
					request: {
						method: exchange.request.method,
						path: clean(exchange.request.path),
						query: clean(exchange.request.query),
						headers,
						body: clean(exchange.request.body),
					},
				};
				if (exchange.refused) fixture.refused = exchange.refused;
				if (exchange.response) {
					const parsed = parseJson(exchange.response.body);
					const body =
						parsed === undefined ? exchange.response.body : JSON.stringify(redactPersonal(parsed, exchange.request.path === '/profile'));
					fixture.response = { status: exchange.response.status, contentType: exchange.response.contentType, body: clean(body) };
				}
				return fixture;
			}),
		});
	}
	return fixtures;
}

const fileName = (index: number, check: string) =>
	`${String(index + 1).padStart(2, '0')}-${check.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.json`;

/** Writes the fixtures (one file per check) and `run.json` (when, where, the verdicts) into `dir`. */
export function writeFixtures(dir: string, fixtures: readonly Fixture[], run: Record<string, unknown>): string[] {
	fs.mkdirSync(dir, { recursive: true });
	const written = fixtures.map((fixture, index) => {
		const file = path.join(dir, fileName(index, fixture.check));
		fs.writeFileSync(file, `${JSON.stringify(fixture, null, '\t')}\n`);
		return file;
	});
	fs.writeFileSync(path.join(dir, 'run.json'), `${JSON.stringify(run, null, '\t')}\n`);
	return written;
}
