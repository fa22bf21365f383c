/**
 * Fuzzing personalised texts as one template (send/personalise.ts) through the node in n8n-core's
 * ExecuteContext (n8n 2.x's expression engine; real n8n of both lines: test/e2e/installed-package/personalised.ts):
 * generated item sets — GSM and Unicode text, emoji, empty values, `|`, `[%n%]`, `%`, line breaks,
 * numbers, null, values near the part limits — and Messages of plain reads and of code n8n
 * evaluates. A model of the service puts the parameters into the message one after the other, as
 * the service may. For every recipient the text delivered equals n8n's own rendering of the item's
 * Message; no recipient is sent twice; an item is sent, or fails alone with nothing sent.
 */
import nock from 'nock';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { toText } from '../../nodes/Smsapi/helpers/values';
import { mockService, nodeContext, runNode, useMockedNetwork } from '../operations/support/run-node';
import { fuzzSeed, Random, fuzzCases } from '../support/random';

useMockedNetwork();

const SEED = fuzzSeed(20_261_128);
const CASES = fuzzCases(30);

const MESSAGES = [
	'=Hi {{ $json.a }}, your code is {{ $json.b }}.',
	'={{ $json.a }}',
	'=Dear {{ $json.a }} {{ $json.b }}: {{ $json.c }} / {{ $json.d }} - {{ $json.e }}!',
	'=Cześć {{ $json.a }}! Kod: {{ $json.b }}',
	'=Hi {{ String($json.a ?? "").toUpperCase() }}, {{ $json.b }} and more text that repeats , and , again',
	'=Order {{ $json.b }}: {{ $json.a }}\nThanks, {{ $json.c }}.',
	'={{ $json.a }}{{ $json.b }} done',
];

const wellFormed = (text: string) =>
	text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A value of an item field: mostly ordinary, sometimes awkward. */
function fieldValue(random: Random): IDataObject[string] {
	switch (random.int(0, 40)) {
		case 0:
			return '';
		case 1:
			return null;
		case 2:
			return random.int(-5, 99999);
		case 3:
			return random.pick(['a|b', '[%1%]', '[%2%]x', '50%', '%]', '[%', 'two\nlines', ' lead', 'trail ', '\t']);
		case 4:
			return random.pick(['Żaneta', 'Łódź', '😀', '€5', 'ñandú', '中文']);
		case 5:
			return 'x'.repeat(random.int(100, 700));
		case 6:
			return random.nasty(12);
		default:
			return random.string(random.int(1, 12), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-');
	}
}

function itemSet(random: Random): IDataObject[] {
	const count = random.int(1, 150);
	return Array.from({ length: count }, (_, i) => ({
		to: `48600${String(i).padStart(6, '0')}`,
		a: fieldValue(random),
		b: fieldValue(random),
		c: fieldValue(random),
		d: fieldValue(random),
		e: fieldValue(random),
	}));
}

/** The service: every recipient's text with the parameters put in one after the other. */
function service() {
	const delivered: Array<{ number: string; text: string }> = [];
	let templated = 0;
	let nextId = 1;
	const sms = mockService().on('POST', '/sms.do', (request) => {
		const p = request.body;
		const numbers = p.to.split(',');
		const params = [1, 2, 3, 4].map((n) => p[`param${n}`]?.split('|'));
		if (params.some((list) => list && list.length !== numbers.length)) return [200, { error: 18, message: 'Invalid number of parameters' }];
		if (params.some(Boolean)) templated++;
		const idx = p.idx.split('|');
		const list = numbers.map((number, i) => {
			let text = p.message;
			params.forEach((values, n) => {
				if (values) text = text.split(`[%${n + 1}%]`).join(values[i]);
			});
			delivered.push({ number, text });
			return { id: String(nextId++), points: '0.16', number, date_sent: 1798000000, submitted_number: number, status: 'QUEUE', error: null, idx: idx[i] };
		});
		return [200, { count: list.length, list }];
	});
	return { sms, delivered, templated: () => templated };
}

it(`every recipient receives n8n's own rendering of its item's Message, once (${CASES} generated campaigns)`, async () => {
	let templatedRequests = 0;
	let recipientsInTemplates = 0;
	for (let index = 0; index < CASES; index++) {
		const random = new Random((SEED * 1_000_003 + index) >>> 0);
		const items = itemSet(random);
		const parameters: INodeParameters = {
			resource: 'sms',
			operation: 'send',
			to: '={{ $json.to }}',
			message: random.pick(MESSAGES),
			options: random.bool(0.3) ? { normalize: true } : {},
		};
		try {
			nock.cleanAll();
			const { delivered, templated, sms } = service();
			const output = await runNode({ parameters, items, typeVersion: 1.2, continueOnFail: true });
			// n8n's own rendering, by its expression engine (no fast path of the node's).
			const oracle = nodeContext({ parameters, items, typeVersion: 1.2 });
			const byNumber = new Map<string, string[]>();
			for (const { number, text } of delivered) byNumber.set(number, [...(byNumber.get(number) ?? []), text]);
			items.forEach((item, i) => {
				const texts = byNumber.get(item.to as string) ?? [];
				expect(texts.length).toBeLessThanOrEqual(1);
				// Failed alone (Continue On Fail: its error item, no message id): nothing of it sent.
				if (output[i].json.id === undefined) {
					expect({ texts, item: output[i].json }).toEqual({ texts: [], item: output[i].json });
					return;
				}
				// Half a surrogate pair has no UTF-8 bytes: any form body carries it as U+FFFD.
				expect(texts).toEqual([wellFormed(toText(oracle.getNodeParameter('message', i)))]);
			});
			templatedRequests += templated();
			recipientsInTemplates += sms.calls.filter((call) => call.body.param1 !== undefined).reduce((sum, call) => sum + call.body.to.split(',').length, 0);
		} catch (error) {
			throw new Error(`fuzz case ${index} (seed ${SEED}, message ${String(parameters.message)}) failed: ${error instanceof Error ? error.message : String(error)}`);
		}
	}
	// The generator reaches the template (and not only the texts sent as they are).
	expect(templatedRequests).toBeGreaterThan(fuzzCases(15));
	expect(recipientsInTemplates).toBeGreaterThan(fuzzCases(500));
}, 300_000);
