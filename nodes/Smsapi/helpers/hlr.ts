/**
 * Number lookup (HLR, `hlr.do`): request limits, the `idx` check and the service's answer read
 * back per number. The transport already turns every answer shape (one object, a bare array,
 * text) into entries with `price` as a number; here they are matched to the numbers sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { mayBeSameNumber } from './numbers';

/** The service checks at most 20 numbers per request (docs/service-behaviour.md, "Limits"). */
export const MAX_HLR_NUMBERS_PER_REQUEST = 20;
const MAX_HLR_IDX_LENGTH = 255;

/** What is wrong with an HLR `idx`, or undefined when it is acceptable (empty means none). */
export function checkHlrIdx(idx: string): string | undefined {
	if (idx === '') return undefined;
	if (idx.length > MAX_HLR_IDX_LENGTH) {
		return `Idx is ${idx.length} characters long; the service takes at most ${MAX_HLR_IDX_LENGTH}.`;
	}
	const foreign = idx.match(/[^a-z0-9]/i);
	if (foreign) {
		return `Idx contains "${foreign[0]}"; the service takes only letters a–z and digits (case-insensitive).`;
	}
	return undefined;
}

/** Consecutive slices of at most `size` elements, in order. */
export function chunk<T>(list: readonly T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size)
		chunks.push(list.slice(start, start + size));
	return chunks;
}

/** Whether an entry reports a failed lookup (`status: ERROR` or an `error` code). */
export function isHlrError(entry: IDataObject): boolean {
	return (
		String(entry.status ?? '').toUpperCase() === 'ERROR' ||
		(entry.error !== undefined && entry.error !== null)
	);
}

/**
 * The entry answering each number sent, in the order sent. The service answers in request order,
 * so equal counts are matched by position; otherwise by number (the answer may carry the country
 * prefix the request left out). Undefined: the answer has nothing for that number.
 */
export function matchHlrEntries(
	numbers: readonly string[],
	entries: readonly IDataObject[],
): Array<IDataObject | undefined> {
	if (entries.length === numbers.length) return [...entries];
	return numbers.map((number) =>
		entries.find(
			(entry) => entry.number !== undefined && mayBeSameNumber(String(entry.number), number),
		),
	);
}
