import {
	dict,
	expandFormKeys as expandNested,
	isPlainObject,
	normalizeIndexedObjects as normalizeNested,
	parseFormEncoded,
	UNSAFE_KEYS,
	type Dict,
} from './formDecoding';
import { RESERVED_KEYS, type CallbackInput } from './eventFields';
import { checkRawBody, measureParsed, PARSE_LIMITS } from './limits';

/**
 * Reading one callback request (query, parsed body or raw body) into the fields or records it
 * carries, checked against PARSE_LIMITS before anything is expanded.
 */
// ---------------------------------------------------------------------------------------------
// Bodies and queries

const UNREADABLE = Symbol('unreadable');
type Readable = unknown[] | Dict | typeof UNREADABLE;

/** Too large to read: the request is refused before anything is expanded. */
class TooLarge {
	constructor(
		readonly status: 400 | 413,
		readonly reason: string,
	) {}
}

/** Flat form keys (`0[id]=1`, `id[]=1`) into nested records (see formDecoding.ts). */
export function expandFormKeys(flat: Record<string, unknown>): Dict {
	return expandNested(flat, PARSE_LIMITS.maxDepth);
}

/** Objects whose keys are all array indexes become arrays, at every depth. */
export function normalizeIndexedObjects(value: unknown): unknown {
	return normalizeNested(value, PARSE_LIMITS.maxDepth);
}

function readStructured(value: unknown[] | Dict): unknown[] | Dict {
	const expanded = Array.isArray(value) ? value : expandFormKeys(value);
	return normalizeIndexedObjects(expanded) as unknown[] | Dict;
}

function parseText(text: string): Readable | TooLarge {
	const breach = checkRawBody(text);
	if (breach) return new TooLarge(breach.status, breach.reason);
	const trimmed = text.trim();
	if (trimmed === '') return dict();
	if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(trimmed) as unknown;
		} catch {
			return UNREADABLE;
		}
		if (!Array.isArray(parsed) && !isPlainObject(parsed)) return UNREADABLE;
		const measured = measureParsed([parsed]);
		if (measured) return new TooLarge(measured.status, measured.reason);
		return readStructured(parsed);
	}
	if (!trimmed.includes('=')) return UNREADABLE;
	const flat = parseFormEncoded(trimmed);
	if (flat === undefined) return UNREADABLE;
	const measured = measureParsed([flat]);
	if (measured) return new TooLarge(measured.status, measured.reason);
	return readStructured(flat);
}

function readBody(body: unknown, rawBody: string | undefined): Readable | TooLarge {
	if (body === undefined || body === null) return rawBody ? parseText(rawBody) : dict();
	if (typeof body === 'string') return parseText(body);
	if (Array.isArray(body)) return readStructured(body);
	if (isPlainObject(body)) {
		if (Object.keys(body).length === 0 && rawBody) return parseText(rawBody);
		return readStructured(body);
	}
	return UNREADABLE;
}

export function withoutReserved(fields: Dict): Dict {
	const result = dict();
	for (const key of Object.keys(fields)) {
		if (!RESERVED_KEYS.has(key) && !UNSAFE_KEYS.has(key)) result[key] = fields[key];
	}
	return result;
}

type Collected =
	| { kind: 'records'; records: unknown[] }
	| { kind: 'fields'; fields: Dict }
	| { kind: 'empty' }
	| { kind: 'unreadable' }
	| { kind: 'tooLarge'; status: 400 | 413; reason: string };

/** Query and body of one request as either a list of records or one set of fields. */
export function collect(input: CallbackInput): Collected {
	// What n8n parsed already is measured as it is, before any expansion.
	const parsedParts = [input.query, typeof input.body === 'string' ? undefined : input.body];
	const measured = measureParsed(parsedParts);
	if (measured) return { kind: 'tooLarge', ...measured };

	const query = readStructured(isPlainObject(input.query) ? withoutReserved(input.query) : dict());
	let body = readBody(input.body, input.rawBody);
	if (body instanceof TooLarge)
		return { kind: 'tooLarge', status: body.status, reason: body.reason };
	if (isPlainObject(body)) body = withoutReserved(body);
	if (Array.isArray(body)) return { kind: 'records', records: body };
	const bodyFields = body === UNREADABLE ? dict() : body;
	if (Array.isArray(query)) {
		return Object.keys(bodyFields).length === 0
			? { kind: 'records', records: query }
			: { kind: 'fields', fields: bodyFields };
	}
	const fields = dict();
	for (const key of Object.keys(query)) fields[key] = query[key];
	for (const key of Object.keys(bodyFields)) fields[key] = bodyFields[key];
	if (Object.keys(fields).length === 0)
		return body === UNREADABLE ? { kind: 'unreadable' } : { kind: 'empty' };
	return { kind: 'fields', fields };
}
