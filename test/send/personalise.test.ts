/**
 * Personalised texts as one template (send/personalise.ts), the pure parts: the template of a
 * Message expression, the cut of a text into its values, which values a parameter carries, and
 * which sends of a run are rewritten. Through the node: test/operations/sms/send.personalised.test.ts;
 * generated item sets: test/fuzz/personalised-texts.test.ts.
 */
import { carriable, cutText, personaliseSends, textTemplate } from '../../nodes/Smsapi/send/personalise';
import { Pacer } from '../../nodes/Smsapi/helpers/pacer';
import type { PlannedSend } from '../../nodes/Smsapi/send/batching';
import { parseSendParameters } from '../../nodes/Smsapi/send/request';
import { toWire } from '../../nodes/Smsapi/send/wire';

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

describe('personaliseSends', () => {
	const template = textTemplate('=Hi {{ $json.name }}!')!;
	const send = (itemIndex: number, message: string, extra: Record<string, string> = {}): PlannedSend => {
		const request = parseSendParameters({ to: `4850000${String(itemIndex).padStart(4, '0')}`, message, idx: `i${itemIndex}`, ...extra });
		return { itemIndex, request, wire: toWire(request) };
	};

	it('rewrites the sends that can go as the template; keeps the others and their originals', async () => {
		const sends = [send(0, 'Hi Ann!'), send(1, 'Hi Bob!'), send(2, 'Hi !'), send(3, 'Hi a|b!'), send(4, 'Hi [%1%]!'), send(5, 'Hi Żaneta!'), send(6, 'Hi Cy!', { details: '1' })];
		const before = [...sends];
		const originals = (await personaliseSends(sends, template, new Pacer()));
		expect([...originals.keys()]).toEqual([0, 1]);
		expect(sends[0].wire).toMatchObject({ message: 'Hi [%1%]!', param1: 'Ann', idx: 'i0', to: '48500000000' });
		expect(sends[1].wire).toMatchObject({ message: 'Hi [%1%]!', param1: 'Bob' });
		// Unicode value, GSM template: as it is. Empty, separator, a macro, Details: as they are.
		for (const i of [2, 3, 4, 5, 6]) expect(sends[i]).toBe(before[i]);
		expect(originals.get(0)).toBe(before[0]);
	});

	it('a template whose fixed text needs Unicode takes Unicode values too', async () => {
		const sends = [send(0, 'Cześć Żaneta!'), send(1, 'Cześć Ann!'), send(2, 'Cześć Bob!')];
		expect((await personaliseSends(sends, textTemplate('=Cześć {{ $json.name }}!')!, new Pacer())).size).toBe(3);
	});

	it('with Normalize on, only values that normalizing leaves as they are', async () => {
		const sends = [send(0, 'Hi Ann!', { normalize: '1' }), send(1, 'Hi Łucja!', { normalize: '1' }), send(2, 'Hi Bob!', { normalize: '1' })];
		expect([...(await personaliseSends(sends, template, new Pacer())).keys()]).toEqual([0, 2]);
	});

	it('nothing when it would not save requests (the texts are the same)', async () => {
		const sends = [send(0, 'Hi Ann!'), send(1, 'Hi Ann!'), send(2, 'Hi Ann!')];
		expect((await personaliseSends(sends, template, new Pacer())).size).toBe(0);
	});

	it('several numbers in one item: the value once per recipient', async () => {
		const request = parseSendParameters({ to: '48500000001,48500000002', message: 'Hi Ann!', idx: 'a|b' });
		const sends: PlannedSend[] = [{ itemIndex: 0, request, wire: toWire(request) }, send(1, 'Hi Bob!')];
		await personaliseSends(sends, template, new Pacer());
		expect(sends[0].wire).toMatchObject({ param1: 'Ann|Ann', idx: 'a|b' });
	});

	it("not with the user's own Param 1–4 or a stored template", async () => {
		const sends = [send(0, 'Hi Ann!', { param1: 'x' }), send(1, 'Hi Bob!', { template: 't' }), send(2, 'Hi Cy!'), send(3, 'Hi Di!')];
		expect([...(await personaliseSends(sends, template, new Pacer())).keys()]).toEqual([2, 3]);
	});
});
