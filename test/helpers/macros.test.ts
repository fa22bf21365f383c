/**
 * The service's macros in text from outside (helpers/macros.ts): an n8n expression split where n8n
 * splits it (none when the node cannot be sure: an unclosed `{{`, escaped brackets), and every
 * `[%` and `%]` that involves a character from outside broken by a space, so that a customer's text
 * cannot become a short link, a code or a parameter, while the user's own macros keep working, also
 * around a value.
 */
import { neutralizeAllMacros, neutralizeMacros, splitTemplate } from '../../nodes/Smsapi/helpers/macros';

describe('macros', () => {
	it('splits an expression into fixed text and code as n8n does', () => {
		expect(splitTemplate('Hi {{ $json.name }}, code {{$json.code}}!')).toEqual([
			{ kind: 'text', text: 'Hi ' },
			{ kind: 'code', code: ' $json.name ' },
			{ kind: 'text', text: ', code ' },
			{ kind: 'code', code: '$json.code' },
			{ kind: 'text', text: '!' },
		]);
		expect(splitTemplate('{{ 1 }}')).toEqual([{ kind: 'code', code: ' 1 ' }]);
	});

	it('gives up where it cannot be sure to split as n8n: an unclosed {{, escaped brackets', () => {
		expect(splitTemplate('Hi {{ $json.name')).toBeNull();
		expect(splitTemplate('\\{{ not code }}')).toBeNull();
		expect(splitTemplate('{{ a }}\\}}')).toBeNull();
	});

	it("breaks macros of text from outside, keeps the user's own, also around a value", () => {
		expect(neutralizeAllMacros('[%goto:https://evil.example%] [%1%]')).toBe('[ %goto:https://evil.example% ] [ %1% ]');
		expect(
			neutralizeMacros([
				{ text: '[%goto:https://shop.example/o/', untrusted: false },
				{ text: '42', untrusted: true },
				{ text: '%] Hi ', untrusted: false },
				{ text: '[%code%]', untrusted: true },
			]),
		).toBe('[%goto:https://shop.example/o/42%] Hi [ %code% ]');
	});

	it('breaks a macro that a value opens or closes across the boundary', () => {
		expect(neutralizeMacros([{ text: 'x[', untrusted: false }, { text: '%1%', untrusted: true }, { text: ']', untrusted: false }])).toBe('x[ %1% ]');
		expect(neutralizeAllMacros('100% sure [ok]')).toBe('100% sure [ok]');
	});
});
