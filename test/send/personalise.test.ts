/**
 * Personalised texts as one template (send/personalise.ts), the mechanics: the template of a
 * Message expression, the cut of a text into its values, which values a parameter carries. Which
 * sends of a run go that way: test/send/routing.test.ts; through the node:
 * test/operations/sms/send.personalised.test.ts; generated item sets: personalise.fuzz.test.ts.
 */
import { carriable, cutText, textTemplate } from '../../nodes/Smsapi/send/personalise';

/** What the service delivers: the template with each value put in, one parameter after the other. */
const expand = (message: string, values: string[]) =>
	values.reduce((text, value, i) => text.split(`[%${i + 1}%]`).join(value), message);

describe('textTemplate', () => {
	it('the fixed text around the expressions, the message with [%1%]… between', () => {
		expect(textTemplate('=Hi {{ $json.name }}, your code is {{ $json.code }}.')).toEqual({
			fixed: ['Hi ', ', your code is ', '.'],
			message: 'Hi [%1%], your code is [%2%].',
		});
		expect(textTemplate('={{ $json.text }}')).toEqual({ fixed: ['', ''], message: '[%1%]' });
	});

	it('expressions with no text between share a value; beyond four, those with the shortest text between join', () => {
		expect(textTemplate('={{ $json.a }}{{ $json.b }} x')?.message).toBe('[%1%] x');
		expect(textTemplate('=1{{ $json.a }}-{{ $json.b }} and {{ $json.c }}, {{ $json.d }} / {{ $json.e }} then {{ $json.f }}.')?.message).toBe(
			'1[%1%] and [%2%] / [%3%] then [%4%].',
		);
	});

	it('none for a fixed text, an expression without {{ }}, or one n8n would not split that way', () => {
		for (const stored of ['Hi there', '=Hi there', '=Hi {{ $json.name', '=a \\{{ b }}', 42, undefined]) expect(textTemplate(stored)).toBeNull();
	});
});

describe('cutText', () => {
	const template = textTemplate('=Hi {{ $json.name }}, your code is {{ $json.code }}.')!;

	it('the values between the fixed pieces; any cut rejoins to the text', () => {
		expect(cutText(template, 'Hi Ann, your code is 123.')).toEqual(['Ann', '123']);
		// The fixed text inside a value: another cut, the same text delivered.
		const text = 'Hi Ann, your code is X, your code is 123.';
		const values = cutText(template, text)!;
		expect(expand(template.message, values)).toBe(text);
	});

	it('none where the text is not the template filled in', () => {
		for (const text of ['Hello Ann, your code is 1.', 'Hi Ann your code is 1.', 'Hi Ann, your code is 1', 'Hi .']) expect(cutText(template, text)).toBeNull();
	});
});

describe('carriable', () => {
	it('takes ordinary values: GSM, Unicode, emoji, %, digits, inner spaces', () => {
		for (const value of ['Ann', 'Żółć', '😀 ok', '50%', '0', 'a b', '[x]', '€'] ) expect(carriable(value)).toBe(true);
	});

	it('refuses empty values, the separator, line breaks and controls, white space at either end, half a surrogate pair', () => {
		for (const value of ['', 'a|b', 'a\nb', 'a\r', '\tx', 'x ', ' x', 'a\u0000', '\ud800x', 'x\udc00']) expect(carriable(value)).toBe(false);
	});
});
