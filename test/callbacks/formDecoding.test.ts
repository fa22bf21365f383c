/**
 * Form-encoded callback data into plain records (callbacks/formDecoding.ts), as Express's extended
 * parser would build them: pairs decoded (`+` a space, a broken %-sequence kept as sent), repeated
 * keys collected in order, bracket keys nested, objects of array indexes made arrays, and no
 * prototype key ever a property: every record has no prototype.
 */
import { expandFormKeys, hasOwn, isPlainObject, normalizeIndexedObjects, parseFormEncoded } from '../../nodes/Smsapi/callbacks/formDecoding';

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('parseFormEncoded', () => {
	it('decodes pairs (+ as a space, %-sequences), a key without = as an empty value', () => {
		expect(plain(parseFormEncoded('sms_text=Hello+w%C3%B3rld%21&sms_from=48500&flag'))).toEqual({ sms_text: 'Hello wórld!', sms_from: '48500', flag: '' });
	});

	it('keeps a value with a broken %-sequence as sent', () => {
		expect(parseFormEncoded('sms_text=100%&sms_from=1')).toEqual({ sms_text: '100%', sms_from: '1' });
	});

	it('collects a repeated key in one list, in order; a key that cannot be decoded makes the body unreadable', () => {
		expect(plain(parseFormEncoded('id=1&x=a&id=2&id=3'))).toEqual({ id: ['1', '2', '3'], x: 'a' });
		expect(parseFormEncoded('%E0%A4%A=1')).toBeUndefined();
	});

	it('builds records without a prototype: toString and constructor are ordinary keys', () => {
		const parsed = parseFormEncoded('toString=1&valueOf=2')!;
		expect(Object.getPrototypeOf(parsed)).toBeNull();
		expect(plain(parsed)).toEqual({ toString: '1', valueOf: '2' });
	});
});

describe('bracket keys and indexed objects', () => {
	it('nests bracket keys, `x[]` appending in order, up to the depth given (deeper keys kept whole)', () => {
		expect(plain(expandFormKeys({ 'data[0][id]': '1', 'data[1][id]': '2', 'id[]': ['a', 'b'], plain: 'p' }, 5))).toEqual({
			data: { 0: { id: '1' }, 1: { id: '2' } },
			id: { 0: 'a', 1: 'b' },
			plain: 'p',
		});
		expect(plain(expandFormKeys({ 'a[b][c]': '1' }, 1))).toEqual({ 'a[b][c]': '1' });
	});

	it('leaves out every path through __proto__, constructor or prototype', () => {
		const expanded = expandFormKeys({ '__proto__[x]': '1', 'a[constructor][y]': '2', prototype: '3', ok: '4' }, 5);
		expect(plain(expanded)).toEqual({ ok: '4' });
		expect(({} as Record<string, unknown>).x).toBeUndefined();
	});

	it('makes objects whose keys are all indexes arrays, in index order, at every depth', () => {
		expect(normalizeIndexedObjects({ list: { 1: 'b', 0: 'a', 10: 'c' }, rec: { 0: 'x', name: 'y' } }, 5)).toEqual({
			list: ['a', 'b', 'c'],
			rec: { 0: 'x', name: 'y' },
		});
	});

	it('tells own keys and plain records from the rest', () => {
		expect(hasOwn({ a: 1 }, 'a')).toBe(true);
		expect(hasOwn({}, 'toString')).toBe(false);
		expect([{}, Object.create(null), []].map(isPlainObject)).toEqual([true, true, false]);
		expect([null, 'x', new Date(), new Map()].map(isPlainObject)).toEqual([false, false, false, false]);
	});
});
