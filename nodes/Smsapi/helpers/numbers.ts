/**
 * Phone numbers as users type them ("+48 500-000-000", "0048500000000", one per line...)
 * turned into what the service expects: digits with the country prefix, comma-separated.
 */

/** E.164 allows at most 15 digits; 7 is the shortest plausible subscriber number. */
export const MIN_NUMBER_DIGITS = 7;
export const MAX_NUMBER_DIGITS = 15;

export type NumbersInput =
	string | number | ReadonlyArray<string | number | null | undefined> | null | undefined;

const FORMATTING = /[\s\-\u2010-\u2015().\/]/g;

/**
 * Remove formatting (spaces, dashes, parentheses, dots, slashes) and an international
 * prefix written as a leading `+` or `00`: "+48 (500) 000-000" → "48500000000".
 * Whatever else is there stays, so that `validateNumber` can name it.
 */
export function cleanNumber(n: string | number): string {
	const stripped = String(n).trim().replace(FORMATTING, '');
	if (stripped.startsWith('+')) return stripped.slice(1);
	if (stripped.startsWith('00')) return stripped.slice(2);
	return stripped;
}

function isCompleteNumber(piece: string): boolean {
	const cleaned = cleanNumber(piece);
	return /^\d+$/.test(cleaned) && cleaned.length >= MIN_NUMBER_DIGITS;
}

// Whitespace separates numbers only when every piece is a number on its own: "+48 500 000 000"
// is one number written in groups, "48500000000 48500000001" is two.
function splitChunk(chunk: string): string[] {
	const trimmed = chunk.trim();
	if (trimmed === '') return [];
	const pieces = trimmed.split(/\s+/);
	if (pieces.length > 1 && pieces.every(isCompleteNumber)) return pieces;
	return [trimmed];
}

/**
 * Split user input into single numbers, as written (not cleaned). Commas, semicolons and line
 * breaks always separate; spaces and tabs separate only when every piece is a whole number
 * (at least 7 digits), so grouped numbers such as "+48 500 000 000" stay whole. Arrays are
 * flattened (each element may itself hold several numbers); empty entries are dropped.
 */
export function splitNumbers(input: NumbersInput): string[] {
	if (input === null || input === undefined) return [];
	if (Array.isArray(input))
		return input.flatMap((element) => splitNumbers(element as NumbersInput));
	return String(input)
		.split(/[,;\r\n]+/)
		.flatMap(splitChunk);
}

export type NumberValidation =
	| { ok: true; input: string; number: string }
	| { ok: false; input: string; number: string; reason: string };

const EXAMPLE = 'digits with the country prefix, for example 48500000000';

/**
 * Check one number after `cleanNumber`: only digits, 7 to 15 of them (E.164). On failure
 * `reason` says what is wrong and what to enter instead.
 */
export function validateNumber(n: string | number): NumberValidation {
	const input = String(n).trim();
	const number = cleanNumber(input);
	const fail = (reason: string): NumberValidation => ({ ok: false, input, number, reason });

	if (number === '') return fail(`Empty phone number: enter ${EXAMPLE}.`);
	const foreign = number.match(/\D/);
	if (foreign) {
		return fail(`Phone number "${input}" contains "${foreign[0]}": use only ${EXAMPLE}.`);
	}
	if (number.length < MIN_NUMBER_DIGITS) {
		return fail(
			`Phone number "${input}" has ${number.length} digits, fewer than ${MIN_NUMBER_DIGITS}: enter the full number, ${EXAMPLE}.`,
		);
	}
	if (number.length > MAX_NUMBER_DIGITS) {
		return fail(
			`Phone number "${input}" has ${number.length} digits, more than the ${MAX_NUMBER_DIGITS} a phone number can have: check for two numbers written together without a comma.`,
		);
	}
	return { ok: true, input, number };
}

/**
 * Cleaned numbers that occur more than once, each reported once, in order of first appearance.
 * Without `allow_duplicates` the service sends one message to such a number.
 */
export function findDuplicates(numbers: ReadonlyArray<string | number>): string[] {
	const counts = new Map<string, number>();
	for (const n of numbers) {
		const cleaned = cleanNumber(n);
		if (cleaned !== '') counts.set(cleaned, (counts.get(cleaned) ?? 0) + 1);
	}
	return [...counts].filter(([, count]) => count > 1).map(([number]) => number);
}

export interface PreparedRecipients {
	/** Valid numbers, cleaned, in input order (duplicates kept). */
	numbers: string[];
	/** Entries that are not valid numbers, with the reason. */
	invalid: Array<{ input: string; number: string; reason: string }>;
	/** Valid numbers that occur more than once. */
	duplicates: string[];
}

/**
 * One number as the service expects it already (what a campaign's `{{ $json.to }}` usually
 * gives): digits only, 7 to 15 of them, and no `00` international prefix (cleanNumber drops it).
 */
const PLAIN_NUMBER = new RegExp(`^(?!00)\\d{${MIN_NUMBER_DIGITS},${MAX_NUMBER_DIGITS}}$`);

/** Split, clean and validate in one go: what an operation needs before sending. */
export function prepareRecipients(input: NumbersInput): PreparedRecipients {
	// The same as the whole way below gives for it, without its steps (100,000 items in a run).
	if (typeof input === 'string' && PLAIN_NUMBER.test(input))
		return { numbers: [input], invalid: [], duplicates: [] };
	const numbers: string[] = [];
	const invalid: PreparedRecipients['invalid'] = [];
	for (const entry of splitNumbers(input)) {
		const checked = validateNumber(entry);
		if (checked.ok) numbers.push(checked.number);
		else invalid.push({ input: checked.input, number: checked.number, reason: checked.reason });
	}
	return { numbers, invalid, duplicates: findDuplicates(numbers) };
}

/**
 * Whether two cleaned numbers may reach the same phone: equal, or one is the national form of
 * the other ("500000000" and "48500000000"; "07700900123" and "447700900123"). Deliberately
 * generous: it is used to keep numbers apart, where a false match only costs a request.
 */
export function mayBeSameNumber(a: string, b: string): boolean {
	if (a === b) return true;
	const tail = (n: string) => n.replace(/^0+/, '');
	const [shorter, longer] = a.length <= b.length ? [tail(a), b] : [tail(b), a];
	return shorter.length >= MIN_NUMBER_DIGITS - 1 && longer.endsWith(shorter);
}

/** Longer digit strings are no phone numbers: the index matches them only exactly. */
const MAX_MATCHED_DIGITS = 32;
const MIN_TAIL_DIGITS = MIN_NUMBER_DIGITS - 1;

interface Indexed<T> {
	order: number;
	value: T;
}

/**
 * Numbers with a value each, found again by `mayBeSameNumber(indexed, query)` in time that does
 * not grow with the count of numbers (a scan of every number for every query is quadratic:
 * 1,000 items of 10 short numbers took seconds). The indexed number is the first argument, as in
 * the scans this replaces (the test is not symmetric for numbers of equal length).
 *
 * - Equal strings match.
 * - An indexed number no longer than the query matches when the query ends with its tail (the
 *   number without leading zeros, at least 6 digits): the indexed number is that tail behind
 *   0..n zeros, so the candidates are looked up by name.
 * - A longer indexed number matches when it ends with the query's tail: indexed by
 *   (length, suffix) for every suffix of 6 digits or more.
 */
export class SameNumberIndex<T> {
	private readonly exact = new Map<string, Array<Indexed<T>>>();
	private readonly bySuffix = new Map<string, Array<Indexed<T>>>();
	/** Where the usable entries of a list start (entries before it are spent). */
	private readonly heads = new Map<Array<Indexed<T>>, number>();
	private maxLength = 0;
	private count = 0;

	private static push<V>(map: Map<string, V[]>, key: string, value: V): void {
		const list = map.get(key);
		if (list) list.push(value);
		else map.set(key, [value]);
	}

	add(number: string, value: T): void {
		const entry = { order: this.count++, value };
		SameNumberIndex.push(this.exact, number, entry);
		if (number.length > MAX_MATCHED_DIGITS) return;
		if (number.length > this.maxLength) this.maxLength = number.length;
		for (let k = MIN_TAIL_DIGITS; k <= number.length; k++) {
			SameNumberIndex.push(this.bySuffix, `${number.length}:${number.slice(-k)}`, entry);
		}
	}

	/**
	 * The earliest added value whose number may be the same as `query` and that `usable` accepts.
	 * A value `usable` refuses once must stay refused (it is skipped for good).
	 */
	first(query: string, usable: (value: T) => boolean = () => true): T | undefined {
		let best: Indexed<T> | undefined;
		const consider = (list: Array<Indexed<T>> | undefined) => {
			if (!list) return;
			let head = this.heads.get(list) ?? 0;
			while (head < list.length && !usable(list[head].value)) head++;
			this.heads.set(list, head);
			const candidate = list[head];
			if (candidate && (best === undefined || candidate.order < best.order)) best = candidate;
		};
		consider(this.exact.get(query));
		if (query.length <= MAX_MATCHED_DIGITS) {
			// Indexed no longer than the query: zeros + a tail the query ends with.
			for (
				let tailLength = MIN_TAIL_DIGITS;
				tailLength <= Math.min(query.length, this.maxLength);
				tailLength++
			) {
				const tail = query.slice(-tailLength);
				if (tail.startsWith('0')) continue;
				for (let zeros = 0; tailLength + zeros <= Math.min(query.length, this.maxLength); zeros++) {
					consider(this.exact.get('0'.repeat(zeros) + tail));
				}
			}
			// Indexed longer than the query: it ends with the query's tail.
			const tail = query.replace(/^0+/, '');
			if (tail.length >= MIN_TAIL_DIGITS) {
				for (let length = query.length + 1; length <= this.maxLength; length++) {
					consider(this.bySuffix.get(`${length}:${tail}`));
				}
			}
		}
		return best?.value;
	}

	/** Whether any indexed number may be the same as `query`. */
	has(query: string): boolean {
		return this.first(query) !== undefined;
	}
}
