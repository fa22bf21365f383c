import type { IDataObject } from 'n8n-workflow';

/**
 * One raw callback value into the report field it stands for: ids and texts as sent, numbers and
 * flags converted, UNIX times with an ISO 8601 twin (`sent_at` and `sent_at_iso`). Every check is a
 * length test or a regular expression without ambiguous repetition, so it takes linear time.
 */

export type FieldKind = 'id' | 'text' | 'int' | 'number' | 'time' | 'flag';

/** A number (a time, points) longer than this is no number the service sends. */
const MAX_NUMBER_LENGTH = 64;

/** Sign, digits with an optional fraction (or a bare fraction), optional exponent: no nested choice can backtrack. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
const UNSIGNED_DECIMAL = /^\d+(?:\.\d+)?$/;
const INTEGER = /^[+-]?\d{1,15}$/;

export const NOT_SCALAR = Symbol('not scalar');

/** A single value as text; `NOT_SCALAR` for lists of several values and objects. */
export function scalarText(value: unknown): string | null | undefined | typeof NOT_SCALAR {
	if (value === undefined) return undefined;
	if (value === null) return null;
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (Array.isArray(value) && value.length === 1) return scalarText(value[0]);
	return NOT_SCALAR;
}

/** UNIX seconds (or milliseconds, when the value is that large) as an ISO 8601 string. */
export function unixToIso(value: unknown): string | null {
	let seconds = NaN;
	if (typeof value === 'number') seconds = value;
	else if (typeof value === 'string') {
		const trimmed = value.trim();
		if (trimmed.length <= MAX_NUMBER_LENGTH && UNSIGNED_DECIMAL.test(trimmed))
			seconds = Number(trimmed);
	}
	if (!Number.isFinite(seconds) || seconds <= 0) return null;
	const ms = seconds >= 1e11 ? seconds : seconds * 1000;
	if (ms > 8.64e15) return null;
	return new Date(ms).toISOString();
}

function toInteger(text: string): number | null {
	const trimmed = text.trim();
	return trimmed.length <= 16 && INTEGER.test(trimmed) ? Number(trimmed) : null;
}

function toDecimal(text: string): number | null {
	let trimmed = text.trim();
	if (trimmed.length > MAX_NUMBER_LENGTH) return null;
	if (DECIMAL_COMMA.test(trimmed)) trimmed = trimmed.replace(',', '.');
	if (!DECIMAL.test(trimmed)) return null;
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
export function assignField(
	report: IDataObject,
	name: string,
	kind: FieldKind,
	raw: string | null | undefined,
): void {
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
