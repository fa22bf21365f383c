/** Numbers the service sometimes sends as strings ("0.3000") come out as numbers. */
export function toNumber(value: unknown): number | unknown {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
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
