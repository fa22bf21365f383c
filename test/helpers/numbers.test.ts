/**
 * Phone numbers as the node reads them (helpers/numbers.ts): lists split on commas, semicolons and
 * lines, numbers cleaned and checked with a reason, duplicates found, recipients prepared, and
 * which national and international forms may be the same number.
 */
import {
	cleanNumber,
	findDuplicates,
	mayBeSameNumber,
	prepareRecipients,
	splitNumbers,
	validateNumber,
} from '../../nodes/Smsapi/helpers/numbers';

describe('splitNumbers', () => {
	it('splits on commas, semicolons and line breaks, trims, drops empties', () => {
		expect(splitNumbers(' 48500000000, 48500000001;48500000002\n48500000003\r\n,, ;')).toEqual([
			'48500000000',
			'48500000001',
			'48500000002',
			'48500000003',
		]);
	});

	it('splits on whitespace when every piece is a whole number', () => {
		expect(splitNumbers('48500000000 48500000001\t48500000002')).toEqual(['48500000000', '48500000001', '48500000002']);
	});

	it('keeps a number written in groups whole', () => {
		expect(splitNumbers('+48 500 000 000, +48 500-000-001')).toEqual(['+48 500 000 000', '+48 500-000-001']);
	});

	it('accepts numbers and arrays (of lists)', () => {
		expect(splitNumbers(48500000000)).toEqual(['48500000000']);
		expect(splitNumbers(['48500000000, 48500000001', 48500000002, '', null])).toEqual([
			'48500000000',
			'48500000001',
			'48500000002',
		]);
		expect(splitNumbers(undefined)).toEqual([]);
		expect(splitNumbers('')).toEqual([]);
	});
});

describe('cleanNumber', () => {
	it.each([
		['+48 500 000 000', '48500000000'],
		['0048500000000', '48500000000'],
		['(48) 500-000.000', '48500000000'],
		['48 500/000/000', '48500000000'],
		['+48–500–000–000', '48500000000'],
		['500000000', '500000000'],
		['07700900123', '07700900123'],
		[48500000000, '48500000000'],
	])('%s → %s', (input, output) => {
		expect(cleanNumber(input)).toBe(output);
	});
});

describe('validateNumber', () => {
	it('accepts 7 to 15 digits after cleaning', () => {
		expect(validateNumber('+48 500 000 000')).toEqual({ ok: true, input: '+48 500 000 000', number: '48500000000' });
		expect(validateNumber('1234567').ok).toBe(true);
		expect(validateNumber('123456789012345').ok).toBe(true);
	});

	it('refuses 6 digits and 16 digits with the count in the reason', () => {
		const short = validateNumber('123456');
		expect(short.ok).toBe(false);
		if (!short.ok) expect(short.reason).toMatch(/6 digits, fewer than 7/);
		const long = validateNumber('1234567890123456');
		expect(long.ok).toBe(false);
		if (!long.ok) expect(long.reason).toMatch(/16 digits, more than the 15/);
	});

	it('names a character that is not a digit', () => {
		const result = validateNumber('48500x00000');
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.reason).toContain('"x"');
	});

	it('refuses an empty number', () => {
		const result = validateNumber('  ');
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.reason).toMatch(/Empty phone number/);
	});

	it('refuses a + in the middle', () => {
		expect(validateNumber('48+500000000').ok).toBe(false);
	});
});

describe('findDuplicates', () => {
	it('reports each repeated number once, compared after cleaning', () => {
		expect(findDuplicates(['48500000000', '+48 500 000 000', '48500000001', '0048500000001', '48500000002'])).toEqual([
			'48500000000',
			'48500000001',
		]);
		expect(findDuplicates(['48500000000', '48500000001'])).toEqual([]);
	});
});

describe('prepareRecipients', () => {
	it('cleans, validates and finds duplicates', () => {
		const result = prepareRecipients('+48 500 000 000, 12, 48500000000');
		expect(result.numbers).toEqual(['48500000000', '48500000000']);
		expect(result.invalid).toHaveLength(1);
		expect(result.invalid[0].input).toBe('12');
		expect(result.duplicates).toEqual(['48500000000']);
	});
});

describe('mayBeSameNumber', () => {
	it('matches national and international forms', () => {
		expect(mayBeSameNumber('500000000', '48500000000')).toBe(true);
		expect(mayBeSameNumber('07700900123', '447700900123')).toBe(true);
		expect(mayBeSameNumber('48500000000', '48500000000')).toBe(true);
		expect(mayBeSameNumber('48500000001', '48500000000')).toBe(false);
		expect(mayBeSameNumber('00', '48500000000')).toBe(false);
	});
});
