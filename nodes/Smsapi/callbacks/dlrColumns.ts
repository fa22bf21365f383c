import type { IDataObject } from 'n8n-workflow';

import { isEventField, type DroppedReport, type ParseResult } from './eventFields';
import { addExtraFields, extraWarnings, newExtraNotes, type ExtraColumn } from './extraFields';
import { dict, type Dict } from './formDecoding';
import { PARSE_LIMITS } from './limits';
import { buildReport, presentReports } from './reports';

/**
 * Delivery reports as the service sends them: GET, every parameter carrying 1 to 5
 * comma-separated values aligned by position (docs/service-behaviour.md, "Callbacks"), read into
 * one report per position.
 */

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

export function parseDlrColumns(fields: Dict): ParseResult {
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
	return { ok: true, reports: presentReports(built), dropped, warnings };
}
