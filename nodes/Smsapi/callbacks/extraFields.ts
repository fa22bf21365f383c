import type { IDataObject } from 'n8n-workflow';

import { isEventField, RESERVED_KEYS, type CallbackEvent } from './eventFields';
import { NOT_SCALAR, scalarText } from './fieldValues';
import { hasOwn, UNSAFE_KEYS } from './formDecoding';
import { PARSE_LIMITS } from './limits';

/**
 * Fields the service does not document (it may add some later): which of them pass through to
 * the reports, and how often.
 *
 * - A field named like a member every JavaScript object has (`toString`, `valueOf`,
 *   `hasOwnProperty`, `constructor`, … and `toJSON`) is left out: on an item's `$json` it would
 *   hide that member, and `String($json)` or `$json.hasOwnProperty(…)` would throw. No field of the
 *   service has such a name.
 * - A field never replaces one the node sets itself (the event's fields, `…_iso`, `final`).
 * - In a callback of several reports, a value sent once for all of them is copied into each, and a
 *   field sent with one value per report repeats its name in each. While those copies stay within
 *   PARSE_LIMITS.maxExtraCopies (about 16 KiB: far more than any real callback needs), every report
 *   carries every extra field. Beyond that, the callback's extra fields are kept once, as sent, on
 *   its first report, and a warning says so: what n8n gets then grows with the request, never
 *   with the request times the number of its reports.
 */

/** Names no report field may have: the members of every object, and what `JSON.stringify` calls. */
const MEMBER_NAMES: ReadonlySet<string> = new Set([
	...Object.getOwnPropertyNames(Object.prototype),
	'toJSON',
]);

/** JSON around one copied field in n8n's data (`"name":"value",`): counted with every copy. */
const FIELD_OVERHEAD = 6;

/** How many extra field names a warning lists. */
const NAMES_SHOWN = 5;

/**
 * One extra field of a callback: one value for all of its reports (`shared`), or one value per
 * report, by position (`each`). `sent`: the field as the request carried it, kept when the field
 * goes on the first report only.
 */
export type ExtraColumn =
	| { key: string; shared: unknown; each?: undefined; sent: unknown }
	| { key: string; each: unknown[]; shared?: undefined; sent: unknown };

/** What the extra fields of one callback left to say in the log. */
interface ExtraNotes {
	/** Fields left out for their names (MEMBER_NAMES). */
	memberNames: Set<string>;
	/** Fields kept once on the first report instead of in each. */
	keptOnce: string[];
	/** The number of reports they would have been copied into. */
	reports: number;
}

export function newExtraNotes(): ExtraNotes {
	return { memberNames: new Set(), keptOnce: [], reports: 0 };
}

/** The value an extra field gets on a report, or undefined when it is left out. */
function extraValue(value: unknown): string | number | boolean | null | undefined {
	const raw = scalarText(value);
	if (raw === NOT_SCALAR || raw === undefined) return undefined;
	if (typeof raw === 'string' && raw.length > PARSE_LIMITS.maxFieldLength) return undefined;
	return typeof value === 'number' || typeof value === 'boolean' ? value : raw;
}

/** The field as sent, for the first report: one value, or a list of single values. */
function sentValue(value: unknown): IDataObject[string] | undefined {
	if (!Array.isArray(value) || value.length <= 1) return extraValue(value);
	const values: Array<string | number | boolean | null> = [];
	for (const item of value) {
		const single = Array.isArray(item) ? undefined : extraValue(item);
		if (single === undefined) return undefined;
		values.push(single);
	}
	return values as IDataObject[string];
}

function valueLength(value: string | number | boolean | null): number {
	return typeof value === 'string' ? value.length : String(value).length;
}

/** Whether `key` may be an extra field of the event's reports; records a member name in `notes`. */
function passes(event: CallbackEvent, key: string, notes: ExtraNotes): boolean {
	if (
		isEventField(event, key) ||
		RESERVED_KEYS.has(key) ||
		UNSAFE_KEYS.has(key) ||
		key.endsWith('_iso')
	)
		return false;
	if (MEMBER_NAMES.has(key)) {
		notes.memberNames.add(key);
		return false;
	}
	return true;
}

/**
 * Puts the extra fields of one callback on its reports: `reports[i]` is the report built from
 * position i (undefined: left out as malformed). Linear in the request: copies are counted per
 * field before any is made, and made only while they stay within PARSE_LIMITS.maxExtraCopies.
 */
export function addExtraFields(
	event: CallbackEvent,
	reports: Array<IDataObject | undefined>,
	columns: ExtraColumn[],
	notes: ExtraNotes,
): void {
	if (columns.length === 0) return;
	let first = -1;
	let count = 0;
	for (let position = 0; position < reports.length; position++) {
		if (reports[position] === undefined) continue;
		if (first === -1) first = position;
		count++;
	}
	const kept: ExtraColumn[] = [];
	let copies = 0;
	for (const column of columns) {
		if (!passes(event, column.key, notes)) continue;
		if (column.each === undefined) {
			// A value left out (a list, an object, too long) costs nothing and is dropped here, so
			// that it is not looked at again for every report.
			const value = extraValue(column.shared);
			if (value === undefined) continue;
			copies += (count - 1) * (column.key.length + valueLength(value) + FIELD_OVERHEAD);
			kept.push({ key: column.key, shared: value, sent: column.sent });
		} else {
			copies += (count - 1) * (column.key.length + FIELD_OVERHEAD);
			kept.push(column);
		}
	}
	if (count === 0 || kept.length === 0) return;

	if (copies > PARSE_LIMITS.maxExtraCopies) {
		const report = reports[first]!;
		for (const column of kept) {
			const value = column.each === undefined ? column.shared : sentValue(column.sent);
			if (value !== undefined && !hasOwn(report, column.key)) report[column.key] = value;
		}
		for (const column of kept) notes.keptOnce.push(column.key);
		notes.reports = Math.max(notes.reports, count);
		return;
	}
	for (let position = first; position < reports.length; position++) {
		const report = reports[position];
		if (report === undefined) continue;
		for (const column of kept) {
			const value =
				column.each === undefined
					? (column.shared as string | number | boolean | null)
					: extraValue(column.each[position]);
			if (value !== undefined && !hasOwn(report, column.key)) report[column.key] = value;
		}
	}
}

/** The extra fields of one record of its own (a JSON entry, a single form): each as sent. */
export function columnsOf(source: Record<string, unknown>): ExtraColumn[] {
	return Object.keys(source).map((key) => ({ key, shared: source[key], sent: source[key] }));
}

function listed(names: Iterable<string>): string {
	const all = [...names];
	const shown = all.slice(0, NAMES_SHOWN).join(', ');
	return all.length > NAMES_SHOWN ? `${shown} and ${all.length - NAMES_SHOWN} more` : shown;
}

/** The log lines of one callback's extra fields (none when there is nothing to say). */
export function extraWarnings(notes: ExtraNotes): string[] {
	const warnings: string[] = [];
	if (notes.memberNames.size > 0) {
		warnings.push(
			`left out fields named like members of every object (they would break $json): ${listed(notes.memberNames)}`,
		);
	}
	if (notes.keptOnce.length > 0) {
		warnings.push(
			`extra fields not copied into each of ${notes.reports} reports (over ${PARSE_LIMITS.maxExtraCopies} characters of copies), kept once on the first: ${listed(new Set(notes.keptOnce))}`,
		);
	}
	return warnings;
}
