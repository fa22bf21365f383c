import type { IDataObject } from 'n8n-workflow';

import { assignField, NOT_SCALAR, scalarText, type FieldKind } from './fieldValues';
import {
	dict,
	expandFormKeys as expandNested,
	hasOwn,
	isPlainObject,
	normalizeIndexedObjects as normalizeNested,
	parseFormEncoded,
	UNSAFE_KEYS,
	type Dict,
} from './formDecoding';
import { checkRawBody, measureParsed, PARSE_LIMITS } from './limits';
import { resolveStatus } from './statuses';

/**
 * Turning one callback request into reports, one per delivery report, inbound message, lookup
 * result, click or bulk start. Pure: no n8n context, never throws on any input, and linear in the
 * size of the request: its size is checked against PARSE_LIMITS (limits.ts) before anything is
 * decoded or expanded, and an oversized request is refused at once (413).
 *
 * The service's shapes (spec "Events", SERVICE-FACTS "Callbacks"):
 * - delivery report: GET, every parameter carries 1 to 5 comma-separated values aligned by position;
 * - inbound message: POST form; short-link click: GET; bulk start: method not documented;
 * - number lookup: POST with an array of entries, as JSON or form-encoded arrays (unconfirmed which).
 * n8n parses form bodies with Node's `querystring` (flat keys such as `0[id]`, `id[]`) and query
 * strings with Express's parser (nested objects with the extended parser), so both are accepted.
 */

export type CallbackEvent = 'dlr' | 'bulk' | 'click' | 'mo' | 'hlr';

export const CALLBACK_EVENTS: readonly CallbackEvent[] = ['dlr', 'bulk', 'click', 'mo', 'hlr'];

export { isPlainObject, parseFormEncoded, PARSE_LIMITS };
export { unixToIso } from './fieldValues';

/** Query parameters that are the node's own, never part of a report. */
const RESERVED_KEYS = new Set(['secret']);

/** The service's field names per event, in the order the service documents them. */
export const EVENT_FIELDS: Record<CallbackEvent, Record<string, FieldKind>> = {
	dlr: {
		MsgId: 'id',
		status: 'int',
		status_name: 'id',
		idx: 'id',
		sent_at: 'time',
		donedate: 'time',
		username: 'id',
		points: 'number',
		to: 'id',
		mcc: 'id',
		mnc: 'id',
	},
	click: {
		MsgId: 'id',
		MsgIdx: 'id',
		suffix: 'id',
		to: 'id',
		click_date: 'time',
		device: 'text',
		operating_system: 'text',
		browser: 'text',
		username: 'id',
		ip: 'id',
	},
	mo: {
		sms_to: 'id',
		sms_from: 'id',
		sms_text: 'text',
		sms_date: 'time',
		username: 'id',
		MsgId: 'id',
	},
	hlr: {
		id: 'id',
		number: 'id',
		mcc: 'id',
		mnc: 'id',
		info: 'text',
		status: 'id',
		date: 'time',
		ported: 'flag',
		ported_from: 'id',
		idx: 'id',
	},
	bulk: {
		type: 'id',
		all: 'int',
		points: 'number',
		info: 'text',
		text: 'text',
	},
};

export interface DroppedReport {
	/** Position of the report in the request (0-based). */
	position: number;
	reason: string;
}

export type ParseResult =
	| {
			ok: true;
			reports: IDataObject[];
			/** Malformed reports left out; the valid ones of the same request are kept. */
			dropped: DroppedReport[];
			/** Oddities worth a log line that did not cost a report. */
			warnings: string[];
	  }
	| { ok: false; status: 400 | 413; reason: string };

export interface CallbackInput {
	query: unknown;
	body: unknown;
	/** The raw body as text; read when n8n left the body unparsed (missing or unknown content type). */
	rawBody?: string;
}

/** Whether `name` is one of the event's own fields (own keys only: `toString` is no field). */
function isEventField(event: CallbackEvent, name: string): boolean {
	return hasOwn(EVENT_FIELDS[event], name);
}

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

function withoutReserved(fields: Dict): Dict {
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
function collect(input: CallbackInput): Collected {
	// What n8n parsed already is measured as it is, before any expansion.
	const parsedParts = [input.query, typeof input.body === 'string' ? undefined : input.body];
	const measured = measureParsed(parsedParts);
	if (measured) return { kind: 'tooLarge', ...measured };

	const query = readStructured(isPlainObject(input.query) ? withoutReserved(input.query) : dict());
	let body = readBody(input.body, input.rawBody);
	if (body instanceof TooLarge) return { kind: 'tooLarge', status: body.status, reason: body.reason };
	if (isPlainObject(body)) body = withoutReserved(body);
	if (Array.isArray(body)) return { kind: 'records', records: body };
	const bodyFields = body === UNREADABLE ? dict() : body;
	if (Array.isArray(query)) {
		return Object.keys(bodyFields).length === 0 ? { kind: 'records', records: query } : { kind: 'fields', fields: bodyFields };
	}
	const fields = dict();
	for (const key of Object.keys(query)) fields[key] = query[key];
	for (const key of Object.keys(bodyFields)) fields[key] = bodyFields[key];
	if (Object.keys(fields).length === 0) return body === UNREADABLE ? { kind: 'unreadable' } : { kind: 'empty' };
	return { kind: 'fields', fields };
}

// ---------------------------------------------------------------------------------------------
// Reports

function hasValue(value: unknown): boolean {
	return value !== null && value !== undefined && value !== '';
}

/** Why a report cannot be used, or undefined when it can. */
function validate(event: CallbackEvent, report: IDataObject): string | undefined {
	switch (event) {
		case 'dlr':
			if (!hasValue(report.MsgId)) return 'MsgId is missing';
			if (report.status === null && !(typeof report.status_name === 'string' && /^[A-Za-z_]+$/.test(report.status_name))) {
				return 'status is missing or not a number';
			}
			return undefined;
		case 'click':
			return hasValue(report.MsgId) || hasValue(report.suffix) ? undefined : 'MsgId and suffix are missing';
		case 'mo':
			return hasValue(report.sms_from) || report.sms_text !== null ? undefined : 'sms_from and sms_text are missing';
		case 'hlr':
			return hasValue(report.id) || hasValue(report.number) ? undefined : 'id and number are missing';
		case 'bulk':
			return Object.keys(EVENT_FIELDS.bulk).some((name) => hasValue(report[name])) ? undefined : 'no bulk field is present';
	}
}

/** Adds the derived fields: delivery status names and `final` for delivery reports. */
function enrich(event: CallbackEvent, report: IDataObject): IDataObject {
	if (event === 'dlr') {
		const status = resolveStatus(report.status as number | null, report.status_name as string | null);
		const enriched: IDataObject = {};
		for (const key of Object.keys(report)) {
			const value = report[key];
			if (key === 'status') {
				enriched.status = value ?? status?.code ?? null;
			} else if (key === 'status_name') {
				enriched.status_name = value ?? status?.name ?? null;
				enriched.final = status?.final ?? false;
			} else {
				enriched[key] = value;
			}
		}
		return enriched;
	}
	if (event === 'hlr' && typeof report.ported_from === 'string' && report.ported_from.toLowerCase() === 'null') {
		report.ported_from = null;
	}
	return report;
}

/** One report from one record of raw values; `problem` when it is malformed. */
export function buildReport(
	event: CallbackEvent,
	source: Record<string, unknown>,
): { report: IDataObject; problem?: undefined } | { report?: undefined; problem: string } {
	const spec = EVENT_FIELDS[event];
	const report: IDataObject = {};
	for (const name of Object.keys(spec)) {
		const kind = spec[name];
		const raw = scalarText(hasOwn(source, name) ? source[name] : undefined);
		if (raw === NOT_SCALAR) return { problem: `${name} is not a single value` };
		if (typeof raw === 'string' && raw.length > PARSE_LIMITS.maxFieldLength) return { problem: `${name} is too long` };
		assignField(report, name, kind, raw);
	}
	// Fields the service may add later pass through unchanged (single values only).
	for (const key of Object.keys(source)) {
		if (isEventField(event, key) || RESERVED_KEYS.has(key) || UNSAFE_KEYS.has(key) || key.endsWith('_iso')) continue;
		const value = source[key];
		const raw = scalarText(value);
		if (raw === NOT_SCALAR || raw === undefined) continue;
		if (typeof raw === 'string' && raw.length > PARSE_LIMITS.maxFieldLength) continue;
		report[key] = typeof value === 'number' || typeof value === 'boolean' ? value : raw;
	}
	const problem = validate(event, report);
	return problem ? { problem } : { report: enrich(event, report) };
}

// ---------------------------------------------------------------------------------------------
// Delivery reports: comma-separated columns

/** More values in one column than reports are accepted: the request is refused. */
const OVERFLOW = Symbol('overflow');
const MAX_COLUMN_VALUES = PARSE_LIMITS.maxReports + 1;

/** A column's values, split on commas, bounded: never more than MAX_COLUMN_VALUES are made. */
function columnValues(value: unknown): string[] | undefined | typeof OVERFLOW {
	const items = Array.isArray(value) ? value : [value];
	const values: string[] = [];
	for (const item of items) {
		if (typeof item === 'string') {
			const pieces = item.split(',', MAX_COLUMN_VALUES + 1);
			if (pieces.length > MAX_COLUMN_VALUES) return OVERFLOW;
			for (const piece of pieces) values.push(piece);
		} else if (typeof item === 'number' || typeof item === 'boolean') {
			values.push(String(item));
		} else {
			return undefined;
		}
		if (values.length > MAX_COLUMN_VALUES) return OVERFLOW;
	}
	return values;
}

function wholeValue(value: unknown): string | undefined {
	const values = Array.isArray(value) ? value : [value];
	return values.every((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
		? values.map(String).join(',')
		: undefined;
}

function tooManyDlrs(count: number): ParseResult {
	return { ok: false, status: 413, reason: `${count} delivery reports in one request (at most ${PARSE_LIMITS.maxReports} are accepted)` };
}

function parseDlrColumns(fields: Dict): ParseResult {
	const warnings: string[] = [];
	const columns = new Map<string, string[]>();
	const whole = new Map<string, string>();
	for (const key of Object.keys(fields)) {
		const value = fields[key];
		const values = columnValues(value);
		if (values === OVERFLOW) return tooManyDlrs(MAX_COLUMN_VALUES);
		if (values === undefined) {
			if (isEventField('dlr', key)) warnings.push(`parameter ${key} is not a plain value and was ignored`);
			continue;
		}
		// `idx=` or `idx=,,,,`: the parameter is empty for every report.
		if (values.every((item) => item.trim() === '')) continue;
		columns.set(key, values);
		whole.set(key, wholeValue(value) ?? values.join(','));
	}

	const ids = columns.get('MsgId');
	if (ids === undefined) {
		if (columns.size === 0) return { ok: true, reports: [], dropped: [], warnings };
		return { ok: true, reports: [], dropped: [{ position: 0, reason: 'MsgId is missing' }], warnings };
	}
	const count = ids.length;
	if (count > PARSE_LIMITS.maxReports) return tooManyDlrs(count);

	// One report: nothing to align, so a value containing a comma (an `idx` chosen by the sender)
	// is taken whole instead of being refused.
	const single = count === 1;
	let dropIdx = false;
	if (!single) {
		const mismatched = [...columns.entries()].filter(([key, values]) => isEventField('dlr', key) && values.length !== count);
		const alignedExceptIdx = mismatched.every(([key]) => key === 'idx');
		if (mismatched.length > 0 && !alignedExceptIdx) {
			const counts = [['MsgId', ids] as const, ...mismatched].map(([key, values]) => `${key}: ${values.length}`);
			return {
				ok: false,
				status: 400,
				reason: `delivery report parameters carry different numbers of values (${counts.join(', ')})`,
			};
		}
		if (mismatched.length > 0) {
			// `idx` is the sender's free text and may itself contain commas; the reports are still
			// usable, only their idx cannot be attributed.
			dropIdx = true;
			warnings.push(`idx carries ${columns.get('idx')?.length} values for ${count} reports; idx left empty`);
		}
	}

	const reports: IDataObject[] = [];
	const dropped: DroppedReport[] = [];
	for (let position = 0; position < count; position++) {
		const source = dict();
		for (const [key, values] of columns) {
			if (dropIdx && key === 'idx') continue;
			if (single) source[key] = whole.get(key);
			else if (values.length === count) source[key] = values[position];
			else if (!isEventField('dlr', key)) source[key] = whole.get(key);
		}
		const built = buildReport('dlr', source);
		if (built.report) reports.push(built.report);
		else dropped.push({ position, reason: built.problem });
	}
	return { ok: true, reports, dropped, warnings };
}

// ---------------------------------------------------------------------------------------------
// Records: JSON arrays, form-encoded arrays, single forms

/**
 * One set of fields as records: a wrapper holding an array of entries (`{"data": [...]}`),
 * parallel arrays of the event's fields (`id[]=1&id[]=2&number[]=...`, repeated keys) zipped by
 * position, or one record.
 * More than `maxReports` records: OVERFLOW.
 */
function splitRecords(event: CallbackEvent, fields: Dict): unknown[] | typeof OVERFLOW {
	const keys = Object.keys(fields);
	const wrappers = keys.filter((key) => {
		const value = fields[key];
		return Array.isArray(value) && value.length > 0 && value.every(isPlainObject);
	});
	if (wrappers.length === 1 && !keys.some((key) => isEventField(event, key))) return fields[wrappers[0]] as unknown[];

	// Only the event's own fields say how many entries there are: a repeated field the service
	// does not document (`extra=a&extra=b`) must not turn one callback into two reports.
	let length = 0;
	for (const key of keys) {
		const value = fields[key];
		if (isEventField(event, key) && Array.isArray(value) && value.length > length) length = value.length;
	}
	if (length <= 1) return [fields];
	if (length > PARSE_LIMITS.maxReports) return OVERFLOW;
	const records: unknown[] = [];
	for (let position = 0; position < length; position++) {
		const record = dict();
		for (const key of keys) {
			const value = fields[key];
			record[key] = Array.isArray(value) && value.length === length ? value[position] : value;
		}
		records.push(record);
	}
	return records;
}

function parseRecords(event: CallbackEvent, records: unknown[] | typeof OVERFLOW): ParseResult {
	if (records === OVERFLOW || records.length > PARSE_LIMITS.maxReports) {
		return { ok: false, status: 413, reason: `more than ${PARSE_LIMITS.maxReports} entries in one request` };
	}
	const reports: IDataObject[] = [];
	const dropped: DroppedReport[] = [];
	records.forEach((record, position) => {
		if (!isPlainObject(record)) {
			dropped.push({ position, reason: 'entry is not an object' });
			return;
		}
		const built = buildReport(event, withoutReserved(record));
		if (built.report) reports.push(built.report);
		else dropped.push({ position, reason: built.problem });
	});
	return { ok: true, reports, dropped, warnings: [] };
}

/** Reason given when parsing met something it did not expect; never seen unless there is a bug. */
export const INTERNAL_PARSE_FAILURE = 'the callback could not be read';

/**
 * The reports of one callback request for the given event. Malformed reports are listed in
 * `dropped` while the valid ones of the same request are kept; a request that cannot be read
 * consistently (delivery report columns of different lengths) is refused with 400, one over the
 * size limits with 413, before any of it is expanded.
 */
export function parseCallback(event: CallbackEvent, input: CallbackInput): ParseResult {
	try {
		const collected = collect(input);
		switch (collected.kind) {
			case 'tooLarge':
				return { ok: false, status: collected.status, reason: collected.reason };
			case 'empty':
				return { ok: true, reports: [], dropped: [], warnings: [] };
			case 'unreadable':
				return { ok: true, reports: [], dropped: [{ position: 0, reason: 'body is neither JSON nor form data' }], warnings: [] };
			case 'records':
				return parseRecords(event, collected.records);
			case 'fields':
				if (event === 'dlr') return parseDlrColumns(collected.fields);
				return parseRecords(event, splitRecords(event, collected.fields));
		}
	} catch (error) {
		// The checks above leave nothing to throw on; should anything still do, the caller gets a
		// clean refusal (the fuzz suite asserts that this never happens).
		return { ok: false, status: 400, reason: `${INTERNAL_PARSE_FAILURE} (${error instanceof Error ? error.name : 'error'})` };
	}
}
