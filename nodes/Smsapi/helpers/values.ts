/**
 * Reading parameter and answer values whose type an expression or the service decides.
 */

/** A decimal number written as text (`"0.3000"`, `"-12"`), as the service sometimes sends numbers. */
const DECIMAL = /^\s*[-+]?\d+(?:\.\d+)?\s*$/;

/** The text is a plain decimal number (`"0.3000"`, `" 12 "`), nothing else (`"1e3"`, `"0x10"` are not). */
export function isDecimalText(text: string): boolean {
	return DECIMAL.test(text);
}

/**
 * A number the service may send as text (`points: "0.3000"`) as a number; anything else, a
 * text that is not a plain decimal included, unchanged.
 */
export function numberFromService(value: unknown): unknown {
	if (typeof value === 'string' && isDecimalText(value)) return Number(value);
	return value;
}

/** A comma-separated list (or an array from an expression) as trimmed, non-empty strings. */
export function splitList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(',');
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** A parameter as text: an expression may give a number or another value; null and undefined are empty. */
export function toText(value: unknown): string {
	return value === undefined || value === null ? '' : String(value);
}

/** A value that was given: not null or undefined, not a blank text, not an empty list. */
export function isGiven(value: unknown): boolean {
	if (value === undefined || value === null) return false;
	if (typeof value === 'string') return value.trim() !== '';
	if (Array.isArray(value)) return value.length > 0;
	return true;
}

/** A UTF-16 surrogate pair: one character (an emoji, say) in two code units. */
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * How many characters a text has as SMSAPI's published API counts them for `maxLength`: code
 * points, as JSON Schema's `maxLength` defines a string's length (draft-wright-json-schema-validation-00,
 * which OpenAPI 3.0 uses), not UTF-16 code units. An emoji counts as one.
 */
export function characterCount(text: string): number {
	return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}
