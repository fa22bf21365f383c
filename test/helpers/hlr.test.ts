/**
 * Number lookup's pure parts (helpers/hlr.ts): the idx the service takes (letters and digits, at
 * most 255), requests of at most 20 numbers in order, a failed lookup told apart, and each number
 * sent matched to its entry: by position when the counts agree, else by number (with or without
 * its country prefix), nothing for a number the answer lacks.
 */
import { checkHlrIdx, chunk, isHlrError, matchHlrEntries, MAX_HLR_NUMBERS_PER_REQUEST } from '../../nodes/Smsapi/helpers/hlr';

describe('number lookup', () => {
	it('takes an idx of letters and digits up to 255 characters, none when empty', () => {
		expect([checkHlrIdx(''), checkHlrIdx('Order42'), checkHlrIdx('a'.repeat(255))]).toEqual([undefined, undefined, undefined]);
		expect(checkHlrIdx('a'.repeat(256))).toBe('Idx is 256 characters long; the service takes at most 255.');
		expect(checkHlrIdx('order-42')).toBe('Idx contains "-"; the service takes only letters a–z and digits (case-insensitive).');
	});

	it('asks for at most 20 numbers a request, in order', () => {
		const numbers = Array.from({ length: 45 }, (_, index) => String(index));
		const requests = chunk(numbers, MAX_HLR_NUMBERS_PER_REQUEST);
		expect(requests.map((request) => request.length)).toEqual([20, 20, 5]);
		expect(requests.flat()).toEqual(numbers);
		expect(chunk([], 20)).toEqual([]);
	});

	it('tells a failed lookup: status ERROR or an error code', () => {
		expect([isHlrError({ status: 'ERROR' }), isHlrError({ status: 'error' }), isHlrError({ error: 13 })]).toEqual([true, true, true]);
		expect([isHlrError({ status: 'OK' }), isHlrError({ error: null })]).toEqual([false, false]);
	});

	it('matches by position when every number has its entry, else by number', () => {
		const entries = [{ number: '48500000002', status: 'OK' }, { number: '48500000001', status: 'OK' }];
		expect(matchHlrEntries(['a', 'b'], entries)).toEqual(entries);
		expect(matchHlrEntries(['500000001', '48500000003', '48500000002'], entries)).toEqual([entries[1], undefined, entries[0]]);
	});
});
