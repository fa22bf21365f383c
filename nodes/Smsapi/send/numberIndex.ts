/**
 * The numbers already in an open batch request, to keep another item's same number out of it
 * (batching.ts). Pure: the numbers are cleaned digits.
 */
import { MIN_NUMBER_DIGITS } from '../helpers/numbers';

/** A number without its leading zeros: what `mayBeSameNumber` compares. */
function withoutLeadingZeros(n: string): string {
	let start = 0;
	while (start < n.length && n.charCodeAt(start) === 48) start++;
	return start === 0 ? n : n.slice(start);
}

/**
 * The last nine digits of a number of nine digits or more, as a number (below 2^30: a small
 * integer for the engine, no string per number).
 */
function lastNineOf(n: string): number {
	let value = 0;
	for (let i = n.length - 9; i < n.length; i++) value = value * 10 + (n.charCodeAt(i) - 48);
	return value;
}

/** Shortest and longest tail (without leading zeros) `mayBeSameNumber` matches inside a longer number, below nine digits. */
const SHORT_TAIL_MIN = MIN_NUMBER_DIGITS - 1;
const SHORT_TAIL_MAX = 8;

/** Whether the number without its leading zeros can be a short tail (a campaign's numbers cannot). */
function mayHaveShortTail(n: string): boolean {
	return n.length <= SHORT_TAIL_MAX || n.charCodeAt(0) === 48;
}

/**
 * Numbers already in an open request, to keep another item's same number out of it: the same
 * number, the same last nine digits (national and international forms), or one the national
 * form of the other (`mayBeSameNumber`). A tail of nine digits or more that one number ends with
 * gives the other the same last nine digits, so only tails of 6 to 8 digits need more than a set
 * lookup; per number that costs a few set operations, whatever the size of the request.
 */
export class NumberIndex {
	/** Numbers shorter than nine digits (a longer one is found by its last nine). */
	private readonly exact = new Set<string>();
	private readonly lastNine = new Set<number>();
	/** Short tails of indexed numbers, with the shortest length of a number that has it. */
	private readonly shortTails = new Map<string, number>();
	/** Every indexed number's last 6, 7 and 8 digits, with the longest number that ends so; built when first needed. */
	private suffixes?: Map<string, number>;
	private readonly all: string[] = [];

	add(numbers: readonly string[]): void {
		for (const n of numbers) {
			this.all.push(n);
			if (n.length >= 9) this.lastNine.add(lastNineOf(n));
			else this.exact.add(n);
			if (mayHaveShortTail(n)) {
				const tail = withoutLeadingZeros(n);
				if (tail.length >= SHORT_TAIL_MIN && tail.length <= SHORT_TAIL_MAX) {
					const known = this.shortTails.get(tail);
					if (known === undefined || n.length < known) this.shortTails.set(tail, n.length);
				}
			}
			if (this.suffixes) this.addSuffixes(n);
		}
	}

	private addSuffixes(n: string): void {
		const suffixes = this.suffixes as Map<string, number>;
		for (let k = SHORT_TAIL_MIN; k <= Math.min(SHORT_TAIL_MAX, n.length); k++) {
			const suffix = n.slice(-k);
			if ((suffixes.get(suffix) ?? 0) < n.length) suffixes.set(suffix, n.length);
		}
	}

	/** Whether any of `numbers` may reach a phone already in the request. */
	collides(numbers: readonly string[]): boolean {
		return numbers.some((n) => this.collidesWith(n));
	}

	private collidesWith(n: string): boolean {
		// The same number has the same last nine digits; a shorter one is in `exact`.
		if (n.length >= 9 ? this.lastNine.has(lastNineOf(n)) : this.exact.has(n)) return true;
		// An indexed number no longer than n whose short tail n ends with.
		if (this.shortTails.size > 0) {
			for (let k = SHORT_TAIL_MIN; k <= Math.min(SHORT_TAIL_MAX, n.length); k++) {
				const shortest = this.shortTails.get(n.slice(-k));
				if (shortest !== undefined && shortest <= n.length) return true;
			}
		}
		// A longer indexed number that ends with n's short tail.
		if (!mayHaveShortTail(n)) return false;
		const tail = withoutLeadingZeros(n);
		if (tail.length < SHORT_TAIL_MIN || tail.length > SHORT_TAIL_MAX) return false;
		if (!this.suffixes) {
			this.suffixes = new Map();
			for (const indexed of this.all) this.addSuffixes(indexed);
		}
		return (this.suffixes.get(tail) ?? 0) > n.length;
	}
}
