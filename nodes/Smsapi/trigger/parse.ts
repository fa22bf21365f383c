import type { IDataObject } from 'n8n-workflow';

import { resolveStatus } from './statuses';

/**
 * Turning one callback request into reports, one per delivery report, inbound message, lookup
 * result, click or bulk start. Pure: no n8n context, never throws on any input.
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

export const PARSE_LIMITS = {
	/**
	 * Reports in one request. The service sends at most 5 delivery reports per request and lookups
	 * of at most 20 numbers; a request far beyond that is not the service and is refused (413).
	 */
	maxReports: 1000,
	/** Characters in one value (a 6-part SMS has 918). A longer value makes its report malformed. */
	maxFieldLength: 65_536,
	/** Bracket nesting in form keys (`0[id]`, `data[0][id]`). */
	maxDepth: 4,
};

/** Query parameters that are the node's own, never part of a report. */
const RESERVED_KEYS = new Set(['secret']);
/** Keys that must never become object properties (prototype pollution). */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type FieldKind = 'id' | 'text' | 'int' | 'number' | 'time' | 'flag';

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

const UNREADABLE = Symbol('unreadable');
type Readable = unknown[] | Record<string, unknown> | typeof UNREADABLE;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const proto = Object.getPrototypeOf(value) as unknown;
	return proto === Object.prototype || proto === null;
}

// ---------------------------------------------------------------------------------------------
// Form keys and bodies

function splitBracketKey(key: string): string[] | undefined {
	const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
	if (!match) return undefined;
	const segments = [match[1]];
	for (const part of match[2].matchAll(/\[([^[\]]*)\]/g)) segments.push(part[1]);
	return segments;
}

function appendValue(existing: unknown, value: unknown): unknown {
	if (existing === undefined) return value;
	const before = Array.isArray(existing) ? existing : [existing];
	return before.concat(Array.isArray(value) ? value : [value]);
}

function nextIndex(node: Record<string, unknown>): string {
	return String(Object.keys(node).filter((key) => /^(0|[1-9]\d*)$/.test(key)).length);
}

function insertPath(root: Record<string, unknown>, path: string[], value: unknown): void {
	let node = root;
	for (let i = 0; i < path.length - 1; i++) {
		const segment = path[i] === '' ? nextIndex(node) : path[i];
		const child = node[segment];
		if (child === undefined) {
			const created: Record<string, unknown> = {};
			node[segment] = created;
			node = created;
		} else if (isPlainObject(child)) {
			node = child;
		} else {
			return; // `a=1&a[b]=2`: the plain value wins, the nested one is ignored
		}
	}
	const last = path[path.length - 1];
	if (last === '') {
		for (const item of Array.isArray(value) ? value : [value]) node[nextIndex(node)] = item;
	} else {
		node[last] = appendValue(node[last], value);
	}
}

/**
 * Flat form keys (`0[id]=1`, `id[]=1`, `data[0][id]=1`) into nested objects, as Express's
 * extended parser would have built them. Keys without brackets stay as they are.
 */
export function expandFormKeys(flat: Record<string, unknown>): Record<string, unknown> {
	const root: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(flat)) {
		const path = splitBracketKey(key);
		if (path === undefined || path.length > PARSE_LIMITS.maxDepth + 1) {
			if (!UNSAFE_KEYS.has(key)) root[key] = appendValue(root[key], value);
			continue;
		}
		if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
		insertPath(root, path, value);
	}
	return root;
}

/** Objects whose keys are all array indexes become arrays (in index order), at every depth. */
export function normalizeIndexedObjects(value: unknown, depth = 0): unknown {
	if (depth > PARSE_LIMITS.maxDepth + 1) return value;
	if (Array.isArray(value)) return value.map((item) => normalizeIndexedObjects(item, depth + 1));
	if (!isPlainObject(value)) return value;
	const keys = Object.keys(value);
	const normalized: Record<string, unknown> = {};
	for (const key of keys) {
		if (UNSAFE_KEYS.has(key)) continue;
		normalized[key] = normalizeIndexedObjects(value[key], depth + 1);
	}
	if (keys.length > 0 && keys.every((key) => /^(0|[1-9]\d*)$/.test(key))) {
		return keys
			.map(Number)
			.sort((a, b) => a - b)
			.map((index) => normalized[String(index)]);
	}
	return normalized;
}

function parseText(text: string): Readable {
	const trimmed = text.trim();
	if (trimmed === '') return {};
	if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
		try {
			const parsed = JSON.parse(trimmed) as unknown;
			if (Array.isArray(parsed) || isPlainObject(parsed)) return readStructured(parsed);
		} catch {
			// not JSON: fall through to the form check below
		}
		return UNREADABLE;
	}
	if (!trimmed.includes('=')) return UNREADABLE;
	const flat = parseFormEncoded(trimmed);
	return flat === undefined ? UNREADABLE : readStructured(flat);
}

function decodeFormComponent(text: string): string | undefined {
	try {
		return decodeURIComponent(text.replace(/\+/g, ' '));
	} catch {
		return undefined; // a broken %-sequence
	}
}

/** `a=1&b=2&a=3` into `{ a: ['1', '3'], b: '2' }`; undefined when a key cannot be decoded. */
export function parseFormEncoded(text: string): Record<string, unknown> | undefined {
	const flat: Record<string, unknown> = {};
	for (const pair of text.split('&')) {
		if (pair === '') continue;
		const separator = pair.indexOf('=');
		const key = decodeFormComponent(separator === -1 ? pair : pair.slice(0, separator));
		const rawValue = separator === -1 ? '' : pair.slice(separator + 1);
		if (key === undefined) return undefined;
		if (UNSAFE_KEYS.has(key)) continue;
		// A value with a broken %-sequence is kept as sent rather than lost.
		flat[key] = appendValue(flat[key], decodeFormComponent(rawValue) ?? rawValue);
	}
	return flat;
}

function readStructured(value: unknown[] | Record<string, unknown>): Readable {
	const expanded = Array.isArray(value) ? value : expandFormKeys(value);
	return normalizeIndexedObjects(expanded) as unknown[] | Record<string, unknown>;
}

function readBody(body: unknown, rawBody: string | undefined): Readable {
	if (body === undefined || body === null) return rawBody ? parseText(rawBody) : {};
	if (typeof body === 'string') return parseText(body);
	if (Array.isArray(body)) return readStructured(body);
	if (isPlainObject(body)) {
		if (Object.keys(body).length === 0 && rawBody) return parseText(rawBody);
		return readStructured(body);
	}
	return UNREADABLE;
}

function withoutReserved(fields: Record<string, unknown>): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(fields)) {
		if (!RESERVED_KEYS.has(key) && !UNSAFE_KEYS.has(key)) result[key] = value;
	}
	return result;
}

type Collected =
	| { kind: 'records'; records: unknown[] }
	| { kind: 'fields'; fields: Record<string, unknown> }
	| { kind: 'empty' }
	| { kind: 'unreadable' };

/** Query and body of one request as either a list of records or one set of fields. */
function collect(input: CallbackInput): Collected {
	const rawQuery = isPlainObject(input.query) ? withoutReserved(input.query) : {};
	const query = readStructured(rawQuery);
	let body = readBody(input.body, input.rawBody);
	if (isPlainObject(body)) body = withoutReserved(body);
	if (Array.isArray(body)) return { kind: 'records', records: body };
	const bodyFields = body === UNREADABLE ? {} : body;
	if (Array.isArray(query)) {
		return Object.keys(bodyFields).length === 0 ? { kind: 'records', records: query } : { kind: 'fields', fields: bodyFields };
	}
	const fields = { ...(query as Record<string, unknown>), ...bodyFields };
	if (Object.keys(fields).length === 0) return body === UNREADABLE ? { kind: 'unreadable' } : { kind: 'empty' };
	return { kind: 'fields', fields };
}

// ---------------------------------------------------------------------------------------------
// Values

const NOT_SCALAR = Symbol('not scalar');

function scalarText(value: unknown): string | null | undefined | typeof NOT_SCALAR {
	if (value === undefined) return undefined;
	if (value === null) return null;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (Array.isArray(value) && value.length === 1) return scalarText(value[0]);
	return NOT_SCALAR;
}

/** UNIX seconds (or milliseconds, when the value is that large) as an ISO 8601 string. */
export function unixToIso(value: unknown): string | null {
	const seconds = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
	if (!Number.isFinite(seconds) || seconds <= 0) return null;
	const ms = seconds >= 1e11 ? seconds : seconds * 1000;
	if (ms > 8.64e15) return null;
	return new Date(ms).toISOString();
}

function toInteger(text: string): number | null {
	const trimmed = text.trim();
	return /^[+-]?\d{1,15}$/.test(trimmed) ? Number(trimmed) : null;
}

function toDecimal(text: string): number | null {
	let trimmed = text.trim();
	if (/^[+-]?\d+,\d+$/.test(trimmed)) trimmed = trimmed.replace(',', '.');
	if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return null;
	const number = Number(trimmed);
	return Number.isFinite(number) ? number : null;
}

function toFlag(text: string): boolean | null {
	const trimmed = text.trim().toLowerCase();
	if (trimmed === '1' || trimmed === 'true') return true;
	if (trimmed === '0' || trimmed === 'false') return false;
	return null;
}

/** Sets `name` (and `<name>_iso` for times) on the report from one raw value. */
function assignField(report: IDataObject, name: string, kind: FieldKind, raw: string | null | undefined): void {
	if (raw === undefined || raw === null) {
		report[name] = null;
		if (kind === 'time') report[`${name}_iso`] = null;
		return;
	}
	const trimmed = raw.trim();
	switch (kind) {
		case 'text':
			report[name] = raw;
			return;
		case 'id':
			report[name] = trimmed === '' ? null : trimmed;
			return;
		case 'int':
			report[name] = toInteger(trimmed);
			return;
		case 'number':
			report[name] = toDecimal(trimmed);
			return;
		case 'flag':
			report[name] = toFlag(trimmed);
			return;
		case 'time': {
			const seconds = toDecimal(trimmed);
			report[name] = seconds ?? (trimmed === '' ? null : trimmed);
			report[`${name}_iso`] = unixToIso(seconds);
			return;
		}
	}
}

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
		for (const [key, value] of Object.entries(report)) {
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
	for (const [name, kind] of Object.entries(spec)) {
		const raw = scalarText(source[name]);
		if (raw === NOT_SCALAR) return { problem: `${name} is not a single value` };
		if (typeof raw === 'string' && raw.length > PARSE_LIMITS.maxFieldLength) return { problem: `${name} is too long` };
		assignField(report, name, kind, raw);
	}
	// Fields the service may add later pass through unchanged (single values only).
	for (const [key, value] of Object.entries(source)) {
		if (key in spec || RESERVED_KEYS.has(key) || UNSAFE_KEYS.has(key) || key.endsWith('_iso')) continue;
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

function columnValues(value: unknown): string[] | undefined {
	if (typeof value === 'string') return value.split(',');
	if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
	if (Array.isArray(value)) {
		const values: string[] = [];
		for (const item of value) {
			if (typeof item === 'string') values.push(...item.split(','));
			else if (typeof item === 'number' || typeof item === 'boolean') values.push(String(item));
			else return undefined;
		}
		return values;
	}
	return undefined;
}

function wholeValue(value: unknown): string | undefined {
	const values = Array.isArray(value) ? value : [value];
	return values.every((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
		? values.map(String).join(',')
		: undefined;
}

function parseDlrColumns(fields: Record<string, unknown>): ParseResult {
	const spec = EVENT_FIELDS.dlr;
	const warnings: string[] = [];
	const columns = new Map<string, string[]>();
	const whole = new Map<string, string>();
	for (const [key, value] of Object.entries(fields)) {
		const values = columnValues(value);
		if (values === undefined) {
			if (key in spec) warnings.push(`parameter ${key} is not a plain value and was ignored`);
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
	if (count > PARSE_LIMITS.maxReports) {
		return { ok: false, status: 413, reason: `${count} delivery reports in one request (at most ${PARSE_LIMITS.maxReports} are accepted)` };
	}

	// One report: nothing to align, so a value containing a comma (an `idx` chosen by the sender)
	// is taken whole instead of being refused.
	const single = count === 1;
	let dropIdx = false;
	if (!single) {
		const mismatched = [...columns.entries()].filter(([key, values]) => key in spec && values.length !== count);
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
		const source: Record<string, unknown> = {};
		for (const [key, values] of columns) {
			if (dropIdx && key === 'idx') continue;
			if (single) source[key] = whole.get(key);
			else if (values.length === count) source[key] = values[position];
			else if (!(key in spec)) source[key] = whole.get(key);
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
 * parallel arrays (`id[]=1&id[]=2&number[]=...`, repeated keys) zipped by position, or one record.
 */
function splitRecords(event: CallbackEvent, fields: Record<string, unknown>): unknown[] {
	const spec = EVENT_FIELDS[event];
	const keys = Object.keys(fields);
	const wrappers = keys.filter((key) => {
		const value = fields[key];
		return Array.isArray(value) && value.length > 0 && value.every(isPlainObject);
	});
	if (wrappers.length === 1 && !keys.some((key) => key in spec)) return fields[wrappers[0]] as unknown[];

	const arrayKeys = keys.filter((key) => Array.isArray(fields[key]));
	const length = Math.max(0, ...arrayKeys.map((key) => (fields[key] as unknown[]).length));
	if (length <= 1) return [fields];
	const records: unknown[] = [];
	for (let position = 0; position < Math.min(length, PARSE_LIMITS.maxReports + 1); position++) {
		const record: Record<string, unknown> = {};
		for (const key of keys) {
			const value = fields[key];
			record[key] = Array.isArray(value) ? value[position] : value;
		}
		records.push(record);
	}
	return records;
}

function parseRecords(event: CallbackEvent, records: unknown[], warnings: string[]): ParseResult {
	if (records.length > PARSE_LIMITS.maxReports) {
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
	return { ok: true, reports, dropped, warnings };
}

/**
 * The reports of one callback request for the given event. Malformed reports are listed in
 * `dropped` while the valid ones of the same request are kept; a request that cannot be read
 * consistently (delivery report columns of different lengths, far too many reports) is refused.
 */
export function parseCallback(event: CallbackEvent, input: CallbackInput): ParseResult {
	const collected = collect(input);
	switch (collected.kind) {
		case 'empty':
			return { ok: true, reports: [], dropped: [], warnings: [] };
		case 'unreadable':
			return { ok: true, reports: [], dropped: [{ position: 0, reason: 'body is neither JSON nor form data' }], warnings: [] };
		case 'records':
			return parseRecords(event, collected.records, []);
		case 'fields':
			if (event === 'dlr') return parseDlrColumns(collected.fields);
			return parseRecords(event, splitRecords(event, collected.fields), []);
	}
}
