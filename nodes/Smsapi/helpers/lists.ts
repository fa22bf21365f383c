import type { IDataObject } from 'n8n-workflow';

/**
 * The entries of a list answer: legacy endpoints answer a bare JSON array, REST endpoints
 * `{size, collection}`. Anything else has no entries.
 */
export function listEntries(data: unknown): IDataObject[] {
	const list = Array.isArray(data) ? data : (data as IDataObject | undefined)?.collection;
	return Array.isArray(list)
		? (list as unknown[]).filter(
				(entry): entry is IDataObject => typeof entry === 'object' && entry !== null,
			)
		: [];
}

/** `size` of a REST list answer (all matches, not only this page), when the service gave it. */
export function listSize(data: unknown): number | undefined {
	const size = (data as IDataObject | undefined)?.size;
	return typeof size === 'number' ? size : undefined;
}
