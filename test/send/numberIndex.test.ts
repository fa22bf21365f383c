/**
 * The numbers already in an open batch request (send/numberIndex.ts): a number collides with one
 * there exactly when `mayBeSameNumber` says the two may reach the same phone (equal, the same last
 * nine digits, one the national form of the other, short numbers with leading zeros), found with
 * set lookups; checked here against a scan with `mayBeSameNumber` over chosen and seeded numbers.
 * Large inputs fuzzed: test/helpers/numbers.fuzz.test.ts.
 */
import { mayBeSameNumber } from '../../nodes/Smsapi/helpers/numbers';
import { NumberIndex } from '../../nodes/Smsapi/send/numberIndex';
import { forEachCase, fuzzSeed } from '../support/random';

const indexOf = (numbers: string[]) => {
	const index = new NumberIndex();
	index.add(numbers);
	return index;
};
const scan = (indexed: string[], numbers: string[]) => numbers.some((n) => indexed.some((m) => mayBeSameNumber(m, n)));

describe('the number index', () => {
	it('finds the same number, and its national and international forms', () => {
		const index = indexOf(['48500000001', '447700900123']);
		expect(index.collides(['48500000001'])).toBe(true);
		expect(index.collides(['500000001'])).toBe(true);
		expect(index.collides(['07700900123'])).toBe(true);
		expect(index.collides(['48500000002', '447700900124'])).toBe(false);
	});

	it('finds short numbers and their longer forms both ways, added before or after a lookup', () => {
		const index = indexOf(['1234567']);
		expect(index.collides(['481234567'])).toBe(scan(['1234567'], ['481234567']));
		expect(index.collides(['01234567'])).toBe(scan(['1234567'], ['01234567']));
		index.add(['4899887766']);
		expect(index.collides(['99887766'])).toBe(scan(['1234567', '4899887766'], ['99887766']));
	});

	it('agrees with a scan with mayBeSameNumber on seeded numbers of every length', () => {
		forEachCase(fuzzSeed(20_261_128), 400, (random) => {
			const number = () => `${random.pick(['', '0', '00', '48', '44', '1'])}${random.string(random.int(5, 12), '0123456789')}`;
			const indexed = Array.from({ length: random.int(1, 12) }, number);
			const asked = Array.from({ length: random.int(1, 3) }, () => (random.bool(0.3) ? random.pick(indexed).slice(random.int(0, 3)) : number()));
			const index = indexOf(indexed);
			if (index.collides(asked) !== scan(indexed, asked)) throw new Error(`differs for ${JSON.stringify({ indexed, asked })}`);
		});
	});
});
