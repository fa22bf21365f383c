import type { IDataObject } from 'n8n-workflow';

import { withoutReserved } from './callbackInput';
import {
	isEventField,
	type CallbackEvent,
	type DroppedReport,
	type ParseResult,
} from './eventFields';
import {
	addExtraFields,
	columnsOf,
	extraWarnings,
	newExtraNotes,
	type ExtraColumn,
} from './extraFields';
import { scalarText } from './fieldValues';
import { dict, isPlainObject, type Dict } from './formDecoding';
import { PARSE_LIMITS } from './limits';
import { buildReport, presentReports } from './reports';

/**
 * The events sent as records (every event but the delivery report's columns): JSON arrays,
 * form-encoded arrays, parallel arrays of fields, single forms.
 */

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
export function parseFields(event: CallbackEvent, fields: Dict): ParseResult {
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
	return { ok: true, reports: presentReports(built), dropped, warnings: extraWarnings(notes) };
}

export function parseRecords(event: CallbackEvent, records: unknown[]): ParseResult {
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
