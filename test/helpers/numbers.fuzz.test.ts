/**
 * Fuzzing the phone-number helpers (helpers/numbers.ts) and the number index that keeps one phone
 * out of a request twice (send/batching.ts): seeded, ≥ 10,000 generated and adversarial inputs.
 * Asserts: nothing throws; no recipient is lost or duplicated between the input and the prepared
 * list; the index finds exactly what a scan with `mayBeSameNumber` finds; the largest input a send
 * accepts is handled in linear time (bounds with ≥ 20× headroom).
 */
import * as numberHelpers from '../../nodes/Smsapi/helpers/numbers';
import { type ItemSendRequest, splitIntoRequests } from '../support/looseSend';
import { NumberIndex } from '../../nodes/Smsapi/send/numberIndex';
import { DIGITS, type Random, forEachCase, fuzzSeed, timeMs } from '../support/random';

const { SameNumberIndex, cleanNumber, findDuplicates, mayBeSameNumber, prepareRecipients, splitNumbers, validateNumber } = numberHelpers;

const SEED = fuzzSeed(20_250_315);

/** A failed property: thrown with the values that broke it (forEachCase adds seed and case). */
function check(ok: boolean, what: string, ...values: unknown[]): void {
	if (!ok) throw new Error(`${what}: ${JSON.stringify(values).slice(0, 500)}`);
}

/** A number as users write it: grouped, with + or 00, dashes, dots, parentheses. */
function written(random: Random, digits: string): string {
	let out = digits;
	if (random.bool(0.3)) out = out.replace(/(\d{3})(?=\d)/g, (group) => `${group}${random.pick([' ', '-', '.', ''])}`);
	if (random.bool(0.2)) out = `(${out.slice(0, 2)}) ${out.slice(2)}`;
	const prefix = random.pick(['', '', '+', '00']);
	return `${random.bool(0.2) ? ' ' : ''}${prefix}${out}${random.bool(0.2) ? '\t' : ''}`;
}

function validDigits(random: Random): string {
	return `${random.int(1, 9)}${random.string(random.int(6, 14), DIGITS)}`;
}

describe('numbers: nothing lost, nothing duplicated, nothing thrown', () => {
	it('3,000 lists of valid numbers in any notation and separator come back whole and in order', () => {
		forEachCase(SEED, 3000, (random) => {
			const numbers = Array.from({ length: random.int(1, 30) }, () => validDigits(random));
			const separators = [',', ';', '\n', '\r\n', ', ', ' ,', ',,'];
			const text = numbers.map((n) => written(random, n)).join(random.pick(separators));
			const input = random.bool(0.2) ? [text] : text;
			const prepared = prepareRecipients(input);
			check(prepared.invalid.length === 0, 'a valid number was refused', text, prepared.invalid);
			check(prepared.numbers.join() === numbers.join(), 'numbers lost, added or reordered', text, prepared.numbers);
			check(prepared.duplicates.join() === findDuplicates(numbers).join(), 'duplicates misreported', numbers);
		});
	});

	it('4,000 adversarial inputs: every split entry is either a valid number or named as invalid, never both, never dropped', () => {
		forEachCase(SEED + 1, 4000, (random) => {
			const pieces = Array.from({ length: random.int(0, 12) }, () =>
				random.pick([
					() => random.nasty(20),
					() => validDigits(random),
					() => written(random, validDigits(random)),
					() => random.string(random.int(0, 25), `${DIGITS}+-() ./`),
					() => '\ud800'.repeat(random.int(1, 3)),
				])(),
			);
			const input: unknown = random.pick([
				pieces.join(random.pick([',', ';', '\n', ' '])),
				pieces,
				pieces.map((piece) => (random.bool(0.1) ? null : piece)),
				random.int(0, 1e12),
			]);
			const split = splitNumbers(input as string);
			const prepared = prepareRecipients(input as string);
			check(prepared.numbers.length + prepared.invalid.length === split.length, 'an entry was lost or doubled', input);
			for (const number of prepared.numbers) check(/^\d{7,15}$/.test(number), 'an invalid number passed', number);
			for (const entry of prepared.invalid) check(/\w/.test(entry.reason), 'an invalid number without a reason', entry);
			for (const piece of split) {
				check(validateNumber(piece).ok === /^\d{7,15}$/.test(cleanNumber(piece)), 'validation disagrees with cleaning', piece);
			}
		});
	});

	it('5,000 single numbers as text: the short way for a plain number gives what the whole way gives', () => {
		forEachCase(SEED, 5000, (random) => {
			const digits = random.string(random.int(0, 18), DIGITS);
			const input = random.pick([digits, `00${digits}`, `0${digits}`, `+${digits}`, ` ${digits}`, `${digits}\n`, digits.slice(0, 7)]);
			// An array goes the whole way (split, clean, validate) for the same text.
			const whole = prepareRecipients([input]);
			check(JSON.stringify(prepareRecipients(input)) === JSON.stringify(whole), 'short way differs', input, whole);
		});
	});

	it('3,000 index queries find exactly the earliest number a scan with mayBeSameNumber finds', () => {
		forEachCase(SEED + 2, 3000, (random) => {
			const digitString = () =>
				`${'0'.repeat(random.pick([0, 0, 0, 1, 2]))}${random.pick(['', '48', '44', '4'])}${random.string(random.int(3, 12), '0123456789')}`;
			const base = Array.from({ length: random.int(1, 8) }, digitString);
			// Related forms: national and international versions of the same numbers.
			const indexed = [...base, ...base.map((n) => (random.bool() ? `48${n}` : n.replace(/^\d{1,2}/, '0')))];
			const index = new SameNumberIndex<number>();
			indexed.forEach((number, i) => index.add(number, i));
			for (const query of [...indexed, ...Array.from({ length: 4 }, digitString)]) {
				const scan = indexed.findIndex((number) => mayBeSameNumber(number, query));
				check((index.first(query) ?? -1) === scan, 'the index disagrees with the scan', indexed, query, scan);
			}
		});
	});

	it("3,000 request number sets collide exactly when a scan with mayBeSameNumber or the last nine digits says so", () => {
		forEachCase(SEED + 4, 3000, (random) => {
			const digitString = () =>
				`${'0'.repeat(random.pick([0, 0, 0, 1, 2]))}${random.pick(['', '48', '44', '4'])}${random.string(random.int(3, 12), '0123456789')}`;
			const base = Array.from({ length: random.int(1, 8) }, digitString);
			const indexed = [...base, ...base.map((n) => (random.bool() ? `48${n}` : n.replace(/^\d{1,2}/, '0')))];
			const index = new NumberIndex();
			// Added in two steps: a short query between them builds the suffix table late.
			const half = random.int(0, indexed.length);
			index.add(indexed.slice(0, half));
			const queries = [...indexed, ...Array.from({ length: 6 }, digitString)];
			const scan = (query: string, among: string[]) =>
				among.some(
					(number) => mayBeSameNumber(number, query) || (number.length >= 9 && query.length >= 9 && number.slice(-9) === query.slice(-9)),
				);
			for (const query of queries.slice(0, 3)) check(index.collides([query]) === scan(query, indexed.slice(0, half)), 'collides disagrees (first half)', indexed.slice(0, half), query);
			index.add(indexed.slice(half));
			for (const query of queries) check(index.collides([query]) === scan(query, indexed), 'collides disagrees with the scan', indexed, query);
		});
	});

	it('splitIntoRequests never puts one phone in a request twice and never loses a recipient', () => {
		forEachCase(SEED + 3, 800, (random) => {
			const pool = Array.from({ length: random.int(1, 15) }, () => validDigits(random));
			const items: ItemSendRequest[] = Array.from({ length: random.int(1, 25) }, (_, itemIndex) => ({
				itemIndex,
				params: {
					to: Array.from({ length: random.int(1, 4) }, () => {
						const n = random.pick(pool);
						return random.bool(0.3) ? n.slice(2) : n;
					}).filter((n) => n.length >= 7),
					message: random.pick(['A', 'B']),
				},
			})).filter((item) => (item.params.to as string[]).length > 0);
			const requests = splitIntoRequests(items);
			const seen = requests.flatMap((request) => request.members.flatMap((member) => member.numbers.map((n) => `${member.itemIndex}:${n}`)));
			const expected = items.flatMap((item) => (item.params.to as string[]).map((n) => `${item.itemIndex}:${n}`));
			check(seen.sort().join() === expected.sort().join(), 'a recipient was lost or doubled', items);
			for (const request of requests) {
				// Numbers of different items in one request never reach the same phone.
				for (let a = 0; a < request.members.length; a++) {
					for (let b = a + 1; b < request.members.length; b++) {
						for (const x of request.members[a].numbers) {
							for (const y of request.members[b].numbers) {
								check(!mayBeSameNumber(x, y) && !mayBeSameNumber(y, x), 'one phone twice in a request', x, y);
							}
						}
					}
				}
			}
		});
	});
});

describe('numbers: the largest inputs in linear time', () => {
	it('200,000 recipients in one To text (the size that broke checkSingle): prepared well within the bound', () => {
		const text = Array.from({ length: 200_000 }, (_, i) => `+48 ${String(500000000 + i).replace(/(\d{3})/g, '$1 ')}`).join(', ');
		let count = 0;
		// About 0.5 to 1 s on a loaded 2-core machine; the bound leaves 20× headroom (a scan per number would take hours).
		expect(timeMs(() => (count = prepareRecipients(text).numbers.length))).toBeLessThan(20_000);
		expect(count).toBe(200_000);
	});

	it('a To text of 2 MB without a single separator or digit is refused in linear time', () => {
		const junk = `${'+ ( ) - . / '.repeat(80_000)}x`;
		let invalid = 0;
		expect(timeMs(() => (invalid = prepareRecipients(junk).invalid.length))).toBeLessThan(5_000);
		expect(invalid).toBe(1);
	});

	it('10,000 items of 10 short numbers each are planned into requests in linear time', () => {
		const items: ItemSendRequest[] = Array.from({ length: 10_000 }, (_, i) => ({
			itemIndex: i,
			params: { to: Array.from({ length: 10 }, (_, j) => String(1_000_000 + i * 10 + j)), message: 'Same' },
		}));
		let requests = 0;
		// About 0.4 s on a loaded 2-core machine (a scan per number took minutes at this size).
		expect(timeMs(() => (requests = splitIntoRequests(items).length))).toBeLessThan(8_000);
		expect(requests).toBe(10);
	});
});
