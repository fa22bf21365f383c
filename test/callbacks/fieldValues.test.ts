/**
 * One raw callback value into its report field (callbacks/fieldValues.ts): single values as text
 * (a list of several is no single value), ids trimmed, texts as sent, integers and decimals (a
 * decimal comma too) converted or null, flags, and times as sent with an ISO 8601 twin.
 */
import type { IDataObject } from 'n8n-workflow';

import { assignField, type FieldKind, NOT_SCALAR, scalarText, unixToIso } from '../../nodes/Smsapi/callbacks/fieldValues';

const field = (kind: FieldKind, raw: string | null | undefined) => {
	const report: IDataObject = {};
	assignField(report, 'f', kind, raw);
	return report;
};

describe('field values', () => {
	it('reads a single value as text; a list of one is its value, of several or an object no single value', () => {
		expect([scalarText('a'), scalarText(7), scalarText(true), scalarText(['x']), scalarText(null), scalarText(undefined)]).toEqual(['a', '7', 'true', 'x', null, undefined]);
		expect([scalarText(['a', 'b']), scalarText({ a: 1 }), scalarText([])]).toEqual([NOT_SCALAR, NOT_SCALAR, NOT_SCALAR]);
	});

	it('converts UNIX seconds and milliseconds, and nothing else, to ISO', () => {
		expect(unixToIso('1700000000')).toBe('2023-11-14T22:13:20.000Z');
		expect(unixToIso(1700000000123)).toBe('2023-11-14T22:13:20.123Z');
		expect(unixToIso('yesterday')).toBeNull();
		expect(unixToIso('0')).toBeNull();
		expect(unixToIso('9'.repeat(30))).toBeNull();
	});

	it('ids trimmed (empty is null), texts exactly as sent', () => {
		expect(field('id', ' 7074 ')).toEqual({ f: '7074' });
		expect(field('id', '  ')).toEqual({ f: null });
		expect(field('text', '  Hi, there  ')).toEqual({ f: '  Hi, there  ' });
	});

	it('integers and decimals (with a decimal comma too) as numbers, anything else null', () => {
		expect([field('int', '404'), field('int', '-3'), field('int', '4.5'), field('int', '1'.repeat(17))]).toEqual([{ f: 404 }, { f: -3 }, { f: null }, { f: null }]);
		expect([field('number', '0.165'), field('number', '0,165'), field('number', '1e3'), field('number', 'abc')]).toEqual([{ f: 0.165 }, { f: 0.165 }, { f: 1000 }, { f: null }]);
	});

	it('flags from 1/0 and true/false, anything else null', () => {
		expect(['1', 'TRUE', '0', 'false', 'yes'].map((raw) => field('flag', raw).f)).toEqual([true, true, false, false, null]);
	});

	it('a time as a number with its ISO twin; a text that is no number kept, with a null twin; a missing value null', () => {
		expect(field('time', '1700000000')).toEqual({ f: 1700000000, f_iso: '2023-11-14T22:13:20.000Z' });
		expect(field('time', 'soon')).toEqual({ f: 'soon', f_iso: null });
		expect(field('time', undefined)).toEqual({ f: null, f_iso: null });
		expect(field('int', null)).toEqual({ f: null });
	});
});
