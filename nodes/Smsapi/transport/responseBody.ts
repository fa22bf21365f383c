import type { IDataObject } from 'n8n-workflow';

import { numberFromService } from '../helpers/values';

/**
 * The body of an answer read by its content, never by its Content-Type (the service sends JSON
 * as `text/html` at times), and the JSON answers brought to one shape (`price` as a number,
 * HLR results as a list).
 */

/** A text answer that matches none of the expected shapes. */
export class SmsapiParseError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'SmsapiParseError';
	}
}

export type ParsedBody =
	{ type: 'json'; value: unknown } | { type: 'text'; text: string } | { type: 'empty' };

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

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withNumber(entry: IDataObject, key: string): IDataObject {
	if (!(key in entry)) return entry;
	return { ...entry, [key]: numberFromService(entry[key]) as IDataObject[string] };
}

/** One HLR entry with `price` (and `error`) as numbers. */
function normalizeHlrEntry(entry: unknown): unknown {
	if (!isObject(entry)) return entry;
	return withNumber(withNumber(entry, 'price'), 'error');
}

/** The endpoint path in the form the parsers compare: lowercase, no leading slash. */
export function endpointKey(endpoint: string): string {
	return endpoint
		.trim()
		.replace(/^\/+/, '')
		.replace(/[?#].*$/, '')
		.toLowerCase();
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
	const result = withNumber(value, 'points');
	if (Array.isArray(result.list)) {
		// Changed in place: the list is the answer's own (just parsed), and a send's answer lists up to
		// 10,000 messages, whose copies would only add work for n8n's garbage collector.
		for (const entry of result.list as unknown[]) {
			if (isObject(entry) && 'points' in entry)
				entry.points = numberFromService(entry.points) as IDataObject[string];
		}
	}
	return result;
}

/** HLR answers as a list: one number gives an object, several a bare array. */
export function hlrEntries(value: unknown): IDataObject[] {
	const entries = Array.isArray(value)
		? value
		: value === undefined || value === null
			? []
			: [value];
	return entries.map((entry) => normalizeHlrEntry(entry) as IDataObject);
}
