import type { IDataObject } from 'n8n-workflow';

import type { SmsapiRequest, SmsapiTextShape } from './types';

/**
 * Response parsing. The transport always asks for `format=json`, so JSON is the main path;
 * the text parsers cover answers in the service's default text format (spec, "Text format"),
 * which a proxy, an emulator or an older account may still send. A body is parsed by its
 * content, never by its Content-Type: the service sends JSON as `text/html` at times.
 */

/** A text answer that matches none of the expected shapes. */
export class SmsapiParseError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'SmsapiParseError';
	}
}

export type ParsedBody =
	| { type: 'json'; value: unknown }
	| { type: 'text'; text: string }
	| { type: 'empty' };

/** The body by its content: JSON when it parses as JSON, otherwise trimmed text. */
export function parseResponseBody(raw: unknown): ParsedBody {
	if (raw === undefined || raw === null) return { type: 'empty' };
	let text: string;
	if (typeof raw === 'string') {
		text = raw;
	} else if (raw instanceof Uint8Array) {
		text = new TextDecoder('utf-8').decode(raw);
	} else if (raw instanceof ArrayBuffer) {
		text = new TextDecoder('utf-8').decode(new Uint8Array(raw));
	} else {
		return { type: 'json', value: raw };
	}
	const trimmed = text.replace(/^\uFEFF/, '').trim();
	if (trimmed === '') return { type: 'empty' };
	if (/^[[{]/.test(trimmed)) {
		try {
			return { type: 'json', value: JSON.parse(trimmed) as unknown };
		} catch {
			// Not JSON after all (e.g. an HTML error page): handled as text.
		}
	}
	return { type: 'text', text: trimmed };
}

const NUMERIC = /^\s*[-+]?\d+(?:\.\d+)?\s*$/;

/** A numeric string (`"0.3000"`) as a number; anything else unchanged. */
export function toNumber(value: unknown): unknown {
	if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
	return value;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withNumber(entry: IDataObject, key: string): IDataObject {
	if (!(key in entry)) return entry;
	return { ...entry, [key]: toNumber(entry[key]) as IDataObject[string] };
}

/** One HLR entry with `price` (and `error`) as numbers. */
export function normalizeHlrEntry(entry: unknown): unknown {
	if (!isObject(entry)) return entry;
	return withNumber(withNumber(entry, 'price'), 'error');
}

/** The endpoint path in the form the parsers compare: lowercase, no leading slash. */
export function endpointKey(endpoint: string): string {
	return endpoint.trim().replace(/^\/+/, '').replace(/[?#].*$/, '').toLowerCase();
}

/**
 * `points` (send results `list[].points`, balance, profile) and HLR `price` as numbers, also
 * when the service sent them as numeric strings. Returns a copy; the rest is left as sent.
 */
export function normalizeJsonAnswer(endpoint: string, value: unknown): unknown {
	const key = endpointKey(endpoint);
	if (key === 'hlr.do') {
		return Array.isArray(value) ? value.map(normalizeHlrEntry) : normalizeHlrEntry(value);
	}
	if (Array.isArray(value)) {
		return value.map((entry) => (isObject(entry) ? withNumber(entry, 'points') : entry));
	}
	if (!isObject(value)) return value;
	let result = withNumber(value, 'points');
	if (Array.isArray(result.list)) {
		result = {
			...result,
			list: (result.list as unknown[]).map((entry) =>
				isObject(entry) ? withNumber(entry, 'points') : entry,
			) as IDataObject[],
		};
	}
	return result;
}

/** HLR answers as a list: one number gives an object, several a bare array. */
export function hlrEntries(value: unknown): IDataObject[] {
	const entries = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
	return entries.map((entry) => normalizeHlrEntry(entry) as IDataObject);
}

/** A request-level error of the service, separated from the HTTP layer. */
export interface ServiceError {
	/** Numeric legacy code, a REST tag (`authorization_failed`), or the HTTP status when the body named none. */
	code: number | string;
	message?: string;
	invalidNumbers?: IDataObject[];
	fieldErrors?: IDataObject[];
	developerDescription?: string;
}

/**
 * `ERROR:<ERR>` or `ERROR: <ERR>` (optionally followed by a space and a text) as a request-level
 * error. HLR entries `ERROR:<NUMBER>:<ERR>;` are per-number results, not matched here.
 */
export function parseErrorText(text: string): ServiceError | undefined {
	const match = /^ERROR:\s*(\d+)\s*(?:[\s-]\s*(.*))?$/s.exec(text.trim());
	if (!match) return undefined;
	const message = match[2]?.trim();
	return message ? { code: Number(match[1]), message } : { code: Number(match[1]) };
}

function stringOrUndefined(value: unknown): string | undefined {
	if (typeof value === 'string') return value;
	if (typeof value === 'number') return String(value);
	return undefined;
}

function objectList(value: unknown): IDataObject[] | undefined {
	if (!Array.isArray(value)) return undefined;
	const list = value.filter(isObject);
	return list.length ? list : undefined;
}

/**
 * The error a body carries, if any:
 * - legacy JSON `{error: <int>, message, invalid_numbers?}` (HTTP 200), sch_del `{error, messages}`;
 * - REST `{message, error: "<tag>", developer_description, errors, code}` (HTTP 4xx/5xx);
 * - text `ERROR:<n>`;
 * - any HTTP status of 400 or more with a body that names nothing (code = the status).
 * An HLR entry `{error: 13, number, status: "ERROR"}` is a per-number result, not an error.
 */
export function findServiceError(parsed: ParsedBody, httpStatus: number): ServiceError | undefined {
	if (parsed.type === 'json' && isObject(parsed.value)) {
		const body = parsed.value;
		const isHlrEntry = body.status === 'ERROR' && 'number' in body && body.message === undefined;
		const rawCode = body.error;
		let code: number | string | undefined;
		if (typeof rawCode === 'number') code = rawCode;
		else if (typeof rawCode === 'string' && NUMERIC.test(rawCode)) code = Number(rawCode);
		else if (typeof rawCode === 'string' && rawCode.trim() !== '') code = rawCode.trim();
		if (code !== undefined && !isHlrEntry) {
			const error: ServiceError = { code };
			const message = stringOrUndefined(body.message) ?? stringOrUndefined(body.messages);
			if (message) error.message = message;
			const invalidNumbers = objectList(body.invalid_numbers);
			if (invalidNumbers) error.invalidNumbers = invalidNumbers;
			const fieldErrors = objectList(body.errors);
			if (fieldErrors) error.fieldErrors = fieldErrors;
			const developerDescription = stringOrUndefined(body.developer_description);
			if (developerDescription) error.developerDescription = developerDescription;
			return error;
		}
		if (httpStatus >= 400) {
			const error: ServiceError = { code: httpStatus };
			const message = stringOrUndefined(body.message) ?? stringOrUndefined(body.messages);
			if (message) error.message = message;
			const fieldErrors = objectList(body.errors);
			if (fieldErrors) error.fieldErrors = fieldErrors;
			return error;
		}
		return undefined;
	}
	if (parsed.type === 'text') {
		const textError = parseErrorText(parsed.text);
		if (textError) return textError;
		if (httpStatus >= 400) return { code: httpStatus, message: parsed.text.slice(0, 300) };
		return undefined;
	}
	if (httpStatus >= 400) return { code: httpStatus };
	return undefined;
}

// ---------------------------------------------------------------------------------------------
// Text parsers, one per shape of the spec

function expectOk(text: string, shape: string): string {
	const trimmed = text.trim();
	const match = /^OK(?::\s*([\s\S]*))?$/.exec(trimmed);
	if (!match) throw new SmsapiParseError(`Expected an "OK" answer (${shape}), got: ${trimmed.slice(0, 120)}`);
	return match[1] ?? '';
}

function pointsOf(value: string, context: string): number {
	const trimmed = value.trim();
	if (!NUMERIC.test(trimmed)) throw new SmsapiParseError(`"${trimmed}" is not a number (${context})`);
	return Number(trimmed);
}

function entriesOf(text: string): string[] {
	return text
		.split(';')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

export interface SmsapiSendListEntry extends IDataObject {
	id: string;
	points: number;
	number?: string;
}

/**
 * `OK:<ID>:<POINTS>` (one recipient) or `OK:<ID>:<POINTS>:<PHONE>;` repeated (several; the
 * last entry also ends with `;`), shaped like the JSON send result `{count, list}`.
 */
export function parseSendText(text: string): { count: number; list: SmsapiSendListEntry[] } {
	const trimmed = text.trim();
	const list: SmsapiSendListEntry[] = [];
	const entries = trimmed.includes(';') ? entriesOf(trimmed) : [trimmed];
	for (const entry of entries) {
		const match = /^OK:([^:;]+):([^:;]+)(?::([^:;]*))?$/.exec(entry);
		if (!match) throw new SmsapiParseError(`Unexpected send answer entry: ${entry.slice(0, 120)}`);
		const item: SmsapiSendListEntry = { id: match[1].trim(), points: pointsOf(match[2], 'send points') };
		if (match[3] !== undefined && match[3].trim() !== '') item.number = match[3].trim();
		list.push(item);
	}
	if (list.length === 0) throw new SmsapiParseError('Empty send answer');
	return { count: list.length, list };
}

export type SmsapiHlrEntry =
	| { status: 'OK'; number: string; id: string; price: number }
	| { status: 'ERROR'; number: string; error: number };

/** `OK:<NUMBER>:<ID>:<POINTS>;` and `ERROR:<NUMBER>:<ERR>;` entries, concatenated. */
export function parseHlrText(text: string): SmsapiHlrEntry[] {
	const result: SmsapiHlrEntry[] = [];
	for (const entry of entriesOf(text)) {
		const ok = /^OK:([^:]+):([^:]+):([^:]+)$/.exec(entry);
		if (ok) {
			result.push({ status: 'OK', number: ok[1].trim(), id: ok[2].trim(), price: pointsOf(ok[3], 'HLR price') });
			continue;
		}
		const error = /^ERROR:([^:]+):\s*(\d+)$/.exec(entry);
		if (error) {
			result.push({ status: 'ERROR', number: error[1].trim(), error: Number(error[2]) });
			continue;
		}
		throw new SmsapiParseError(`Unexpected HLR answer entry: ${entry.slice(0, 120)}`);
	}
	if (result.length === 0) throw new SmsapiParseError('Empty HLR answer');
	return result;
}

/** `Points: <n>` or, on the earlier variant, `Credits: <n>`; both give `{points}`. */
export function parseBalanceText(text: string): { points: number } {
	const match = /^(?:Points|Credits)\s*:\s*(\S+)\s*$/i.exec(text.trim());
	if (!match) throw new SmsapiParseError(`Unexpected balance answer: ${text.trim().slice(0, 120)}`);
	return { points: pointsOf(match[1], 'balance') };
}

/** `OK:<SUB_NAME>` (sub-user added or edited). */
export function parseSubuserText(text: string): { username: string } {
	const username = expectOk(text, 'sub-user').trim();
	if (username === '') throw new SmsapiParseError('The sub-user answer names no sub-user');
	return { username };
}

export interface SmsapiSubuserDetails extends IDataObject {
	limit: number | string;
	month_limit: number | string;
	senders: number | string;
	phonebook: number | string;
	active: number | string;
	info: string;
}

/** `OK:<LIMIT>:<MONTH_LIMIT>:<SENDERS>:<PHONEBOOK>:<ACTIVE>:<INFO>`; the info may contain colons. */
export function parseSubuserGetText(text: string): SmsapiSubuserDetails {
	const fields = expectOk(text, 'sub-user details').split(':');
	if (fields.length < 5) throw new SmsapiParseError(`Unexpected sub-user details answer: ${text.trim().slice(0, 120)}`);
	const [limit, monthLimit, senders, phonebook, active, ...info] = fields;
	const value = (field: string) => toNumber(field.trim()) as number | string;
	return {
		limit: value(limit),
		month_limit: value(monthLimit),
		senders: value(senders),
		phonebook: value(phonebook),
		active: value(active),
		info: info.join(':'),
	};
}

/** `OK: <sub1>:<sub2>` (also `OK` or `OK:` for none). */
export function parseSubuserListText(text: string): Array<{ username: string }> {
	return expectOk(text, 'sub-user list')
		.split(':')
		.map((name) => name.trim())
		.filter((name) => name !== '')
		.map((username) => ({ username }));
}

/** `OK:<STATUS>` (sender status); the service does not repeat the name in text mode. */
export function parseSenderStatusText(text: string, sender?: string): { sender?: string; status: string } {
	const status = expectOk(text, 'sender status').trim();
	if (status === '') throw new SmsapiParseError('The sender status answer names no status');
	return sender !== undefined ? { sender, status } : { status };
}

/** `OK:<SENDER_NAME>` (sender deleted). */
export function parseSenderNameText(text: string): { sender: string } {
	const sender = expectOk(text, 'sender name').trim();
	if (sender === '') throw new SmsapiParseError('The sender answer names no sender');
	return { sender };
}

/** `OK:<SENDER>,<STATUS>:<SENDER>,<STATUS>...`. */
export function parseSenderListText(text: string): Array<{ sender: string; status: string }> {
	return expectOk(text, 'sender list')
		.split(':')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '')
		.map((entry) => {
			const comma = entry.lastIndexOf(',');
			if (comma < 0) throw new SmsapiParseError(`Unexpected sender list entry: ${entry.slice(0, 120)}`);
			return { sender: entry.slice(0, comma).trim(), status: entry.slice(comma + 1).trim() };
		});
}

/** `OK` alone (sender added, default set), or `OK:<value>` when no finer shape applies. */
export function parseOkText(text: string): { ok: true; value?: string } {
	const value = expectOk(text, 'confirmation').trim();
	return value === '' ? { ok: true } : { ok: true, value };
}

function parameter(request: Pick<SmsapiRequest, 'qs' | 'body'>, name: string): unknown {
	const fromBody = request.body?.[name];
	return fromBody !== undefined ? fromBody : request.qs?.[name];
}

function present(value: unknown): boolean {
	return value !== undefined && value !== null && value !== '' && value !== false && value !== 0 && value !== '0';
}

/** Which text shape an endpoint answers, from the endpoint and its selecting parameter. */
export function textShapeFor(request: Pick<SmsapiRequest, 'endpoint' | 'qs' | 'body' | 'textShape'>): SmsapiTextShape {
	if (request.textShape) return request.textShape;
	const has = (name: string) => present(parameter(request, name));
	switch (endpointKey(request.endpoint)) {
		case 'sms.do':
		case 'mms.do':
		case 'vms.do':
			return has('sch_del') ? 'ok' : 'send';
		case 'hlr.do':
			return 'hlr';
		case 'user.do':
			if (has('credits')) return 'balance';
			if (has('list')) return 'subuserList';
			if (has('get_user')) return 'subuserGet';
			if (has('add_user') || has('set_user')) return 'subuser';
			return 'ok';
		case 'sender.do':
			if (has('status')) return 'senderStatus';
			if (has('list')) return 'senderList';
			if (has('delete')) return 'senderName';
			return 'ok';
		default:
			return 'ok';
	}
}

/** Parses a success text answer of the given shape; throws SmsapiParseError when it does not fit. */
export function parseTextAnswer(text: string, shape: SmsapiTextShape, request?: Pick<SmsapiRequest, 'qs' | 'body'>): unknown {
	switch (shape) {
		case 'send':
			return parseSendText(text);
		case 'hlr':
			return parseHlrText(text);
		case 'balance':
			return parseBalanceText(text);
		case 'subuser':
			return parseSubuserText(text);
		case 'subuserGet':
			return parseSubuserGetText(text);
		case 'subuserList':
			return parseSubuserListText(text);
		case 'senderStatus': {
			const name = request ? parameter(request, 'status') : undefined;
			return parseSenderStatusText(text, typeof name === 'string' ? name : undefined);
		}
		case 'senderName':
			return parseSenderNameText(text);
		case 'senderList':
			return parseSenderListText(text);
		case 'ok':
			return parseOkText(text);
	}
}

/** How one HTTP answer reads, before any failover decision. */
export type Interpretation =
	| { outcome: 'success'; data: unknown }
	| { outcome: 'serviceError'; error: ServiceError; body: ParsedBody }
	| { outcome: 'unreadable'; detail: string };

/**
 * Reads one answer: the error it carries, or its data (JSON normalised, text parsed by shape).
 * The HTTP status is only used to name an error the body does not name; whether a status is a
 * failure worth repeating is decided in failover.ts.
 */
export function interpretResponse(
	request: Pick<SmsapiRequest, 'endpoint' | 'qs' | 'body' | 'textShape'>,
	httpStatus: number,
	rawBody: unknown,
	legacy = endpointKey(request.endpoint).endsWith('.do'),
): Interpretation {
	const parsed = parseResponseBody(rawBody);
	const error = findServiceError(parsed, httpStatus);
	if (error) return { outcome: 'serviceError', error, body: parsed };
	if (parsed.type === 'empty') {
		// A REST delete answers 204 without a body; a legacy endpoint always says something.
		return legacy ? { outcome: 'unreadable', detail: 'The answer was empty' } : { outcome: 'success', data: {} };
	}
	if (parsed.type === 'json') return { outcome: 'success', data: normalizeJsonAnswer(request.endpoint, parsed.value) };
	try {
		return { outcome: 'success', data: parseTextAnswer(parsed.text, textShapeFor(request), request) };
	} catch (error) {
		// SmsapiParseError: text of none of the expected shapes (an HTML page from a proxy, ...).
		return { outcome: 'unreadable', detail: error instanceof Error ? error.message : String(error) };
	}
}
