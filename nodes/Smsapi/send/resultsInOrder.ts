/**
 * The usual answer to a send request, told apart so that it goes back without the matching of
 * results.ts: one entry per recipient, in request order, each with the idx it was sent with. A
 * request of 10,000 recipients then costs no object per recipient, nor the indexes the matching
 * builds.
 */
import type { ServiceRequest } from './batching';
import type { ServiceListEntry } from './resultTypes';

const ONLY_DIGITS = /^\d*$/;

/** The digits of a number as given or listed; '' for none. */
export function digits(value: unknown): string {
	if (value === undefined || value === null) return '';
	const text = String(value);
	// Numbers as the node sends them and the service lists them are digits already: no copy.
	return ONLY_DIGITS.test(text) ? text : text.replace(/\D/g, '');
}

/**
 * Whether entry i of `list` is the answer for recipient i of `batch`: each entry carries
 * recipient i's idx and its number, the number as sent (`submitted_number`) when the entry has
 * one, else the number with prefix (the order in which the matching of results.ts looks). Then
 * the matching too would give each entry the first free recipient with its idx and number, which
 * is recipient i, and skip nothing; for any other answer the matching decides.
 */
export function isInRequestOrder(
	batch: ServiceRequest,
	list: readonly ServiceListEntry[],
	sentIdx: readonly string[],
): boolean {
	if (list.length !== batch.recipients || sentIdx.length !== list.length) return false;
	let position = 0;
	for (const member of batch.members) {
		for (const sent of member.numbers) {
			const entry = list[position];
			const idx = sentIdx[position++];
			const number = digits(sent);
			if (typeof entry.idx !== 'string' || entry.idx === '' || entry.idx !== idx) return false;
			const submitted = digits(entry.submitted_number);
			const listed = submitted !== '' ? submitted : digits(entry.number);
			if (number === '' || listed !== number) return false;
		}
	}
	return true;
}
