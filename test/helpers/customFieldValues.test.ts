/**
 * Custom field values checked by their field's type (nodes/Smsapi/helpers/customFieldValues.ts):
 * what each type takes and how it is sent, and the parts Contains takes. The operations that use
 * them: test/operations/contact/customFields.create.test.ts and getMany.filters.test.ts.
 */
import { DateTime } from 'luxon';

import { customFieldPart, customFieldValue } from '../../nodes/Smsapi/helpers/customFieldValues';

const sent = (type: string, raw: unknown) => {
	const checked = customFieldValue(type, raw);
	return checked.ok ? checked.value : `refused: ${checked.problem}`;
};

describe('customFieldValue', () => {
	it('numbers: plain decimals, from text or from an expression; nothing else', () => {
		expect([42, -3, 12.5, ' 7 ', '0.50'].map((raw) => sent('number', raw))).toEqual(['42', '-3', '12.5', '7', '0.50']);
		expect(['1e3', '0x10', '12,5', '12 kg', 'NaN'].map((raw) => sent('number', raw).startsWith('refused: takes a number'))).toEqual([
			true,
			true,
			true,
			true,
			true,
		]);
		expect(sent('number', Number.NaN)).toMatch(/^refused/);
	});

	it('dates: a calendar day as YYYY-MM-DD; a date-time, a Date or a Luxon DateTime keeps its date', () => {
		expect(sent('date', '2024-02-29')).toBe('2024-02-29');
		expect(sent('date', '2024-05-31T23:30:00+02:00')).toBe('2024-05-31');
		expect(sent('date', new Date(Date.UTC(2024, 4, 31, 12)))).toBe('2024-05-31');
		expect(sent('date', DateTime.fromISO('2024-05-31T10:00:00', { zone: 'Europe/Warsaw' }))).toBe('2024-05-31');
		expect(['2023-02-29', '2024-13-01', '31.05.2024', '2024-5-1'].map((raw) => sent('date', raw))).toEqual([
			'refused: takes a date as YYYY-MM-DD, e.g. 2024-05-31, not "2023-02-29"',
			'refused: takes a date as YYYY-MM-DD, e.g. 2024-05-31, not "2024-13-01"',
			'refused: takes a date as YYYY-MM-DD, e.g. 2024-05-31, not "31.05.2024"',
			'refused: takes a date as YYYY-MM-DD, e.g. 2024-05-31, not "2024-5-1"',
		]);
	});

	it('e-mail addresses and phone numbers (cleaned as the contact phone number is)', () => {
		expect(sent('email', ' a.b@example.co.uk ')).toBe('a.b@example.co.uk');
		expect(sent('email', 'a b@example.com')).toMatch(/^refused/);
		expect(sent('phone_number', '+48 500-000-000')).toBe('48500000000');
		expect(sent('phone_number', '0048 500 000 000')).toBe('48500000000');
		expect(sent('phone_number', '500 abc')).toMatch(/^refused: takes a phone number/);
	});

	it('text and a type the service may add later take any single value; empty and objects never', () => {
		expect([sent('text', ' gold '), sent('text', true), sent('list', 'x')]).toEqual(['gold', 'true', 'x']);
		expect([sent('text', ''), sent('text', null), sent('text', undefined)]).toEqual(['refused: is empty', 'refused: is empty', 'refused: is empty']);
		expect([sent('text', { a: 1 }), sent('text', ['a'])]).toEqual(['refused: is not a single value', 'refused: is not a single value']);
		const empty = customFieldValue('number', '');
		expect(empty.ok ? '' : empty.fix).toBe('Enter a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units). Or remove the row.');
	});
});

describe('customFieldPart (Contains)', () => {
	it('any part of a text, e-mail or phone number (without formatting); digits, dots and dashes of numbers and dates', () => {
		const part = (type: string, raw: unknown) => {
			const checked = customFieldPart(type, raw);
			return checked.ok ? checked.value : `refused: ${checked.problem}`;
		};
		expect([part('text', 'gol'), part('email', '@example'), part('phone_number', '500 000'), part('number', '12.'), part('date', '2024-05')]).toEqual([
			'gol',
			'@example',
			'500000',
			'12.',
			'2024-05',
		]);
		expect([part('number', 'ten'), part('date', 'May'), part('text', '')]).toEqual([
			'refused: takes a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units), not "ten"',
			'refused: takes a date as YYYY-MM-DD, e.g. 2024-05-31, not "May"',
			'refused: is empty',
		]);
	});
});
