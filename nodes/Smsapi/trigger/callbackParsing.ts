import type { IDataObject } from 'n8n-workflow';

import { collect, withoutReserved } from './callbackInput';
import {
	isEventField,
	type CallbackEvent,
	type CallbackInput,
	type DroppedReport,
	type ParseResult,
} from './eventFields';
import { dict, isPlainObject, parseFormEncoded, type Dict } from './formDecoding';
import {
	addExtraFields,
	columnsOf,
	extraWarnings,
	newExtraNotes,
	type ExtraColumn,
} from './extraFields';
import { scalarText } from './fieldValues';
import { PARSE_LIMITS } from './limits';
import { buildReport } from './reports';

/**
 * Turning one callback request into reports, one per delivery report, inbound message, lookup
 * result, click or bulk start. Pure: no n8n context, never throws on any input, and linear in the
 * size of the request: its size is checked against PARSE_LIMITS (limits.ts) before anything is
 * decoded or expanded, and an oversized request is refused at once (413).
 *
 * The service's shapes (docs/service-behaviour.md, "Callbacks"):
 * - delivery report: GET, every parameter carries 1 to 5 comma-separated values aligned by position;
 * - inbound message: POST form; short-link click: GET; bulk start: method not documented;
 * - number lookup: POST with an array of entries, as JSON or form-encoded arrays (unconfirmed which).
 * n8n parses form bodies with Node's `querystring` (flat keys such as `0[id]`, `id[]`) and query
 * strings with Express's parser (nested objects with the extended parser), so both are accepted.
 */

export { isPlainObject, parseFormEncoded, PARSE_LIMITS };
export { unixToIso } from './fieldValues';
export * from './eventFields';
export { expandFormKeys, normalizeIndexedObjects } from './callbackInput';

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
	return values.every(
		(item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean',
	)
		? values.map(String).join(',')
		: undefined;
}

function tooManyDlrs(count: number): ParseResult {
	return {
		ok: false,
		status: 413,
		reason: `${count} delivery reports in one request (at most ${PARSE_LIMITS.maxReports} are accepted)`,
	};
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
			if (isEventField('dlr', key))
				warnings.push(`parameter ${key} is not a plain value and was ignored`);
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
		return {
			ok: true,
			reports: [],
			dropped: [{ position: 0, reason: 'MsgId is missing' }],
			warnings,
		};
	}
	const count = ids.length;
	if (count > PARSE_LIMITS.maxReports) return tooManyDlrs(count);

	// One report: nothing to align, so a value containing a comma (an `idx` chosen by the sender)
	// is taken whole instead of being refused.
	const single = count === 1;
	let dropIdx = false;
	if (!single) {
		const mismatched = [...columns.entries()].filter(
			([key, values]) => isEventField('dlr', key) && values.length !== count,
		);
		const alignedExceptIdx = mismatched.every(([key]) => key === 'idx');
		if (mismatched.length > 0 && !alignedExceptIdx) {
			const counts = [['MsgId', ids] as const, ...mismatched].map(
				([key, values]) => `${key}: ${values.length}`,
			);
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
			warnings.push(
				`idx carries ${columns.get('idx')?.length} values for ${count} reports; idx left empty`,
			);
		}
	}

	// Several reports: every event field left is aligned (idx, when it is not, is left out).
	const own: Array<[string, string[]]> = [];
	const extras: ExtraColumn[] = [];
	for (const [key, values] of columns) {
		if (isEventField('dlr', key)) {
			if (!(dropIdx && key === 'idx')) own.push([key, values]);
			continue;
		}
		const sent = whole.get(key);
		extras.push(
			!single && values.length === count
				? { key, each: values, sent }
				: { key, shared: sent, sent },
		);
	}
	const built: Array<IDataObject | undefined> = [];
	const dropped: DroppedReport[] = [];
	for (let position = 0; position < count; position++) {
		const source = dict();
		for (const [key, values] of own) source[key] = single ? whole.get(key) : values[position];
		const result = buildReport('dlr', source);
		built.push(result.report);
		if (!result.report) dropped.push({ position, reason: result.problem });
	}
	const notes = newExtraNotes();
	addExtraFields('dlr', built, extras, notes);
	warnings.push(...extraWarnings(notes));
	return { ok: true, reports: present(built), dropped, warnings };
}

function present(reports: Array<IDataObject | undefined>): IDataObject[] {
	return reports.filter((report): report is IDataObject => report !== undefined);
}

// ---------------------------------------------------------------------------------------------
// Records: JSON arrays, form-encoded arrays, single forms

function tooManyEntries(): ParseResult {
	return {
		ok: false,
		status: 413,
		reason: `more than ${PARSE_LIMITS.maxReports} entries in one request`,
	};
}

/**
 * One set of fields as reports: a wrapper holding an array of entries (`{"data": [...]}`),
 * parallel arrays of the event's fields (`id[]=1&id[]=2&number[]=...`, repeated keys) zipped by
 * position, or one record. In the zipped form a value that is not one of the parallel arrays
 * belongs to every entry: an event field copied beyond PARSE_LIMITS.maxExtraCopies is refused
 * (413), other fields are kept once (extraFields.ts).
 */
function parseFields(event: CallbackEvent, fields: Dict): ParseResult {
	const keys = Object.keys(fields);
	const wrappers = keys.filter((key) => {
		const value = fields[key];
		return Array.isArray(value) && value.length > 0 && value.every(isPlainObject);
	});
	if (wrappers.length === 1 && !keys.some((key) => isEventField(event, key)))
		return parseRecords(event, fields[wrappers[0]] as unknown[]);

	// Only the event's own fields say how many entries there are: a repeated field the service
	// does not document (`extra=a&extra=b`) must not turn one callback into two reports.
	let length = 0;
	for (const key of keys) {
		const value = fields[key];
		if (isEventField(event, key) && Array.isArray(value) && value.length > length)
			length = value.length;
	}
	if (length <= 1) return parseRecords(event, [fields]);
	if (length > PARSE_LIMITS.maxReports) return tooManyEntries();

	const aligned = (value: unknown): value is unknown[] =>
		Array.isArray(value) && value.length === length;
	let copies = 0;
	for (const key of keys) {
		const value = fields[key];
		if (!isEventField(event, key) || aligned(value)) continue;
		const raw = scalarText(value);
		if (typeof raw === 'string') copies += (length - 1) * (key.length + raw.length);
	}
	if (copies > PARSE_LIMITS.maxExtraCopies) {
		return {
			ok: false,
			status: 413,
			reason: `values sent once for ${length} entries would be copied into each of them (more than ${PARSE_LIMITS.maxExtraCopies} characters)`,
		};
	}

	const built: Array<IDataObject | undefined> = [];
	const dropped: DroppedReport[] = [];
	const own = keys.filter((key) => isEventField(event, key));
	for (let position = 0; position < length; position++) {
		const source = dict();
		for (const key of own) {
			const value = fields[key];
			source[key] = aligned(value) ? value[position] : value;
		}
		const result = buildReport(event, source);
		built.push(result.report);
		if (!result.report) dropped.push({ position, reason: result.problem });
	}
	const extras: ExtraColumn[] = keys.map((key) => {
		const value = fields[key];
		return aligned(value) ? { key, each: value, sent: value } : { key, shared: value, sent: value };
	});
	const notes = newExtraNotes();
	addExtraFields(event, built, extras, notes);
	return { ok: true, reports: present(built), dropped, warnings: extraWarnings(notes) };
}

function parseRecords(event: CallbackEvent, records: unknown[]): ParseResult {
	if (records.length > PARSE_LIMITS.maxReports) return tooManyEntries();
	const reports: IDataObject[] = [];
	const dropped: DroppedReport[] = [];
	const notes = newExtraNotes();
	records.forEach((record, position) => {
		if (!isPlainObject(record)) {
			dropped.push({ position, reason: 'entry is not an object' });
			return;
		}
		const source = withoutReserved(record);
		const built = buildReport(event, source);
		if (!built.report) {
			dropped.push({ position, reason: built.problem });
			return;
		}
		addExtraFields(event, [built.report], columnsOf(source), notes);
		reports.push(built.report);
	});
	return { ok: true, reports, dropped, warnings: extraWarnings(notes) };
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
				return {
					ok: true,
					reports: [],
					dropped: [{ position: 0, reason: 'body is neither JSON nor form data' }],
					warnings: [],
				};
			case 'records':
				return parseRecords(event, collected.records);
			case 'fields':
				if (event === 'dlr') return parseDlrColumns(collected.fields);
				return parseFields(event, collected.fields);
		}
	} catch (error) {
		// The checks above leave nothing to throw on; should anything still do, the caller gets a
		// clean refusal (the fuzz suite asserts that this never happens).
		return {
			ok: false,
			status: 400,
			reason: `${INTERNAL_PARSE_FAILURE} (${error instanceof Error ? error.name : 'error'})`,
		};
	}
}
