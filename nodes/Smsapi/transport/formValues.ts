import type { IDataObject } from 'n8n-workflow';

/** Parameter values as the service reads them on the wire: booleans 1/0, lists comma-separated. */

/** One form or query value as the service expects it: booleans 1/0, lists comma-separated. */
export function formValue(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value === 'boolean') return value ? '1' : '0';
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
	if (typeof value === 'string') return value;
	if (value instanceof Date) return value.toISOString();
	if (Array.isArray(value)) {
		return value
			.map((entry) => formValue(entry))
			.filter((entry): entry is string => entry !== undefined)
			.join(',');
	}
	return JSON.stringify(value);
}

/** Flattens parameters to strings (undefined and null dropped). */
export function flattenParameters(parameters: IDataObject | undefined): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [key, value] of Object.entries(parameters ?? {})) {
		const text = formValue(value);
		if (text !== undefined) result[key] = text;
	}
	return result;
}

/** `application/x-www-form-urlencoded` body text (the service rejects JSON on REST bodies with 415). */
export function formEncode(parameters: Record<string, string>): string {
	return new URLSearchParams(parameters).toString();
}
