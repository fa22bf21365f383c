/**
 * Seeded random inputs for the fuzzers (`<file>.fuzz.test.ts` beside the tests of the file they fuzz): the same seed gives the same
 * inputs on every machine, so a failure names the seed and case that reproduces it.
 * Set SMSAPI_FUZZ_SEED to try other seeds locally.
 */

/** mulberry32: a small, fast 32-bit PRNG; good enough to spread test inputs. */
export class Random {
	private state: number;

	constructor(readonly seed: number) {
		this.state = seed >>> 0;
	}

	/** A float in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** An integer in [min, max] (both included). */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	bool(probability = 0.5): boolean {
		return this.next() < probability;
	}

	pick<T>(values: readonly T[]): T {
		return values[this.int(0, values.length - 1)];
	}

	/** A string of `length` characters drawn from `alphabet` (default: printable ASCII). */
	string(length: number, alphabet = PRINTABLE): string {
		let out = '';
		for (let i = 0; i < length; i++) out += alphabet[this.int(0, alphabet.length - 1)];
		return out;
	}

	/** A string mixing ASCII, separators, Unicode (incl. lone surrogates) and control characters. */
	nasty(maxLength = 40): string {
		const length = this.int(0, maxLength);
		let out = '';
		for (let i = 0; i < length; i++) out += this.pick(NASTY_PIECES);
		return out;
	}
}

export const PRINTABLE =
	' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
export const DIGITS = '0123456789';

/** Pieces that break naive parsers: separators, encodings, prototype names, odd Unicode. */
export const NASTY_PIECES: readonly string[] = [
	'a', 'Z', '0', '9', ' ', '+', '-', '.', ',', ';', ':', '|', '&', '=', '?', '#', '%', '%2', '%zz', '%00', '%E2%82',
	'[', ']', '[]', '[0]', '{', '}', '"', "'", '\\', '/', '\n', '\r\n', '\t', '\u0000', '\u001b', '\u00a0', 'é', '€',
	'ąęł', '中文', '😀', '\ud800', '\udfff', '\u202e', '__proto__', 'constructor', 'prototype', 'toString', 'valueOf',
	'hasOwnProperty', 'NaN', 'Infinity', '-0', '1e309', '0x1F', 'null', 'undefined', 'true', '[%1%]', '[%goto:x%]',
];

/** The seed of this run: SMSAPI_FUZZ_SEED or a fixed default (CI always uses the default). */
export function fuzzSeed(fallback: number): number {
	const fromEnv = Number(process.env.SMSAPI_FUZZ_SEED);
	return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}

/**
 * How many of its `count` cases a fuzzer runs: all of them, or the share SMSAPI_FUZZ_SCALE names
 * (above 0, below 1; `npm run test:quick` runs a tenth, `npm test` every case). The cases run are
 * the first ones of the seed, so a failure found either way replays the same.
 */
export function fuzzCases(count: number): number {
	const scale = Number(process.env.SMSAPI_FUZZ_SCALE);
	return scale > 0 && scale < 1 ? Math.max(1, Math.ceil(count * scale)) : count;
}

/**
 * Runs `fn` for the fuzzer's cases (`fuzzCases(count)`) with a fresh Random per case (seed +
 * index), so each failing case can be replayed alone; the error message names the seed and case.
 */
export function forEachCase(seed: number, count: number, fn: (random: Random, index: number) => void): void {
	const cases = fuzzCases(count);
	for (let index = 0; index < cases; index++) {
		try {
			fn(caseRandom(seed, index), index);
		} catch (error) {
			throw caseFailed(seed, index, error);
		}
	}
}

/** The Random of one case: seed and index alone decide it, so a case can be replayed alone. */
function caseRandom(seed: number, index: number): Random {
	return new Random((seed * 1_000_003 + index) >>> 0);
}

/** A case's failure, naming the seed and the case. */
function caseFailed(seed: number, index: number, error: unknown): Error {
	const message = error instanceof Error ? error.message : String(error);
	return new Error(`fuzz case ${index} (seed ${seed}) failed: ${message}`);
}

/** forEachCase for bodies that wait (a call through a node's webhook, a paced read): each case awaited in turn. */
export async function forEachCaseAsync(seed: number, count: number, fn: (random: Random, index: number) => Promise<void>): Promise<void> {
	const cases = fuzzCases(count);
	for (let index = 0; index < cases; index++) {
		try {
			await fn(caseRandom(seed, index), index);
		} catch (error) {
			throw caseFailed(seed, index, error);
		}
	}
}

/** Wall time of `fn` in milliseconds (for linear-time bounds with generous headroom). */
export function timeMs(fn: () => void): number {
	const start = process.hrtime.bigint();
	fn();
	return Number(process.hrtime.bigint() - start) / 1e6;
}
