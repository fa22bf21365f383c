/**
 * A submitted custom form checked against its fields (nodes/Smsapi/approval/formFields.ts): a
 * dropdown's choice by its position, arriving exactly as the option was written (white space, tabs,
 * line breaks); lengths counted as the browser counts them (a line break is one character, though
 * it is sent as CRLF); the stored fields validated when read back; every check linear.
 */
import { MAX_ANSWER_LENGTH, readSubmission, storedField, type FormField } from '../../nodes/Smsapi/approval/formFields';

const plans: FormField = { label: 'Plan', type: 'dropdown', required: true, options: ['Plan  A', 'Tab\there', 'Line\nbreak', ' padded ', 'Plan A'] };

describe('a dropdown', () => {
	it.each(plans.options!.map((option, position) => [position, option]))('choice %i arrives exactly as written: %j', (position, option) => {
		expect(readSubmission([plans], { 'field-0': String(position) })).toEqual({ data: { Plan: option } });
	});

	it('anything but a position among the choices is refused (the text of a choice too)', () => {
		for (const given of ['5', '-1', '01', '1.0', ' 1', 'Plan  A', 'Plan A', '1e0', '0x1', '99999999999'])
			expect(readSubmission([plans], { 'field-0': given })).toEqual({ problems: ['"Plan" must be one of its choices'] });
	});
});

describe('lengths as the browser counts them', () => {
	const note: FormField = { label: 'Note', type: 'textarea', required: false };

	it(`a text area at its limit (${MAX_ANSWER_LENGTH}), typed with line breaks the browser sends as CRLF, is accepted; one more is not`, () => {
		const lines = Array.from({ length: 11 }, () => 'x'.repeat(Math.floor((MAX_ANSWER_LENGTH - 10) / 11)));
		const typed = lines.join('\n').padEnd(MAX_ANSWER_LENGTH, 'y');
		expect(typed).toHaveLength(MAX_ANSWER_LENGTH);
		const sent = typed.replace(/\n/g, '\r\n');
		expect(sent).toHaveLength(MAX_ANSWER_LENGTH + 10);
		expect(readSubmission([note], { 'field-0': sent })).toEqual({ data: { Note: typed } });
		expect(readSubmission([note], { 'field-0': `${sent}z` })).toEqual({ problems: [`"Note" is longer than ${MAX_ANSWER_LENGTH} characters`] });
	});
});

describe('e-mail addresses, in linear time', () => {
	const email: FormField = { label: 'Mail', type: 'email', required: true };
	const valid = (text: string) => 'data' in readSubmission([email], { 'field-0': text });

	it('one @ between a local part and a domain with a dot inside it, no white space', () => {
		for (const text of ['a@b.c', ' a@b.example ', 'a.b@c.d.e', 'a@.b.c', 'a@b..c']) expect(valid(text)).toBe(true);
		for (const text of ['a@b', '@b.c', 'a@b.', 'a@.b', 'a@@b.c', 'a@b@c.d', 'a b@c.d', 'a@b.c d', 'a@', 'a']) expect(valid(text)).toBe(false);
	});

	it('a long text that is no address is judged at once (the earlier expression took time quadratic in its length: ~0.2 s each here)', () => {
		const texts = [`a@${'.'.repeat(9_990)}@`, `a@${'b.'.repeat(4_995)} x`, `a@${'b'.repeat(9_990)}`, `${'a'.repeat(9_990)}@b`];
		const started = process.hrtime.bigint();
		for (let round = 0; round < 5; round++) for (const text of texts) expect(valid(text)).toBe(false);
		// Linear: well under a millisecond each; quadratic: seconds for these 20.
		expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
	});
});

describe('a field read back from the waiting item', () => {
	it('kept as readFormFields made it', () => {
		expect(storedField(plans)).toEqual(plans);
		expect(storedField({ label: 'When', type: 'date', required: false })).toEqual({ label: 'When', type: 'date', required: false });
	});

	it.each([
		['a type that is not one', { label: 'A', type: 'text"><script>alert(1)</script>', required: false }],
		['a label that is no text', { label: 7, type: 'text', required: false }],
		['an empty label', { label: '', type: 'text', required: false }],
		['required that is no boolean', { label: 'A', type: 'text', required: 'yes' }],
		['a placeholder that is no text', { label: 'A', type: 'text', required: false, placeholder: ['x'] }],
		['a dropdown without choices', { label: 'A', type: 'dropdown', required: false, options: [] }],
		['a dropdown with a choice that is no text', { label: 'A', type: 'dropdown', required: false, options: ['a', { b: 1 }] }],
		['choices on a field that is no dropdown', { label: 'A', type: 'text', required: false, options: ['a'] }],
		['no object', 'text'],
	])('refused: %s', (_why, value) => {
		expect(storedField(value)).toBeUndefined();
	});
});
