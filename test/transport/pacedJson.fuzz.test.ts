/**
 * Fuzzing the answer parser that reads long JSON answers in pieces (transport/pacedJson.ts):
 * seeded generated answers (the service's send answer, root arrays, objects with several arrays,
 * strings full of quotes, backslashes, brackets, commas and multi-byte characters), and broken
 * copies of them (a character dropped or added, a trailing comma where a piece ends, a repeated
 * key, a byte order mark, other whitespace). Asserts: the pieces give exactly what JSON.parse gives
 * for the text, or JSON.parse's own error; what the transport makes of a body read this way is
 * what it makes of the body as it came (responseBody.ts); and a long answer gives the event loop
 * turns while it is read.
 */
import { isDeepStrictEqual } from 'node:util';

import type { Pacer } from '../../nodes/Smsapi/helpers/pacer';
import { PACED_PARSE_FROM, parseJsonInTurns, readLongJson } from '../../nodes/Smsapi/transport/pacedJson';
import { parseResponseBody } from '../../nodes/Smsapi/transport/responseBody';
import { NASTY_PIECES, Random, forEachCaseAsync, fuzzSeed } from '../support/random';

const SEED = fuzzSeed(20_261_126);
const encoder = new TextEncoder();

/** Characters JSON must escape or that the piece finder must read past inside strings. */
const TRICKY = ['"', '\\', '[', ']', '{', '}', ',', ':', '\\"', '\\\\', '"],[', 'é', '€', '😀', '中文', '\u2028', '\ufeff', ' '];

function text(random: Random): string {
	let out = '';
	const length = random.int(0, 12);
	for (let i = 0; i < length; i++) out += random.bool(0.5) ? random.pick(TRICKY) : random.pick(NASTY_PIECES);
	return out;
}

function scalar(random: Random): unknown {
	switch (random.int(0, 6)) {
		case 0:
			return text(random);
		case 1:
			return random.int(-1e6, 1e6) / random.pick([1, 7, 1000]);
		case 2:
			return random.pick([true, false, null, 0, -0, 1e21, 5e-324]);
		case 3:
			return [scalar(random), text(random)];
		case 4:
			return { [text(random)]: scalar(random), n: random.int(0, 9) };
		default:
			return String(48_500_000_000 + random.int(0, 99_999_999));
	}
}

/** One message of the service's send answer, with some of the strangeness an answer may carry. */
function entry(random: Random, i: number): unknown {
	return {
		id: `${random.int(1e9, 9e9)}${i}`,
		points: random.pick(['0.16', 0.16, '0,16']),
		number: String(48_500_100_000 + i),
		date_sent: 1_764_000_000 + i,
		submitted_number: String(48_500_100_000 + i),
		status: 'QUEUE',
		error: random.bool(0.05) ? text(random) : null,
		idx: random.bool(0.1) ? text(random) : `run-${i}`,
	};
}

/** JSON long enough to be read in pieces, in one of the shapes answers have. */
function answerText(random: Random): string {
	const count = random.int(200, 2500);
	const list = Array.from({ length: count }, (_, i) => (random.bool(0.9) ? entry(random, i) : scalar(random)));
	const space = random.bool(0.3) ? random.pick([2, '\t', ' ']) : undefined;
	switch (random.int(0, 3)) {
		case 0:
			return JSON.stringify(list, null, space);
		case 1:
			return JSON.stringify({ count, list, [text(random)]: scalar(random) }, null, space);
		case 2:
			return JSON.stringify({ a: list.slice(0, count >> 1), b: [], c: scalar(random), d: list.slice(count >> 1) }, null, space);
		default:
			// An own `__proto__` key (JSON.parse makes it a plain property, so must the pieces).
			return JSON.stringify({ ['__proto__']: list, constructor: [scalar(random)] }, null, space);
	}
}

/** A broken or unusual copy: what the pieces must not read differently from JSON.parse. */
function mutated(random: Random, json: string): string {
	const at = random.int(0, json.length - 1);
	switch (random.int(0, 7)) {
		case 0:
			return json.slice(0, at) + json.slice(at + 1);
		case 1:
			return json.slice(0, at) + random.pick([',', ']', '"', '\\', '[', '{', '}', ' ', ',]']) + json.slice(at);
		case 2:
			// A trailing comma before a closing bracket, where a piece may end.
			return json.replace(/\](?=[^\]]*$)/, ',]');
		case 3:
			return json.replace(/^\{/, '{"list":[1,2],');
		case 4:
			return `${json}${random.pick([' ', '\n', '\u00a0', 'x', ',', '\ufeff'])}`;
		case 5:
			return `${random.pick(['', '\ufeff', '\ufeff\ufeff', ' \n', '\u00a0'])}${json}`;
		case 6:
			return json.replace(/,/g, (comma) => (random.bool(0.001) ? ',,' : comma));
		default:
			return json;
	}
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };

async function outcome(read: () => unknown): Promise<Outcome> {
	try {
		return { ok: true, value: await read() };
	} catch (error) {
		return { ok: false, message: (error as Error).message };
	}
}

function same(a: Outcome, b: Outcome): boolean {
	return a.ok && b.ok ? isDeepStrictEqual(a.value, b.value) : !a.ok && !b.ok && a.message === b.message;
}

/** A pacer whose turn is always due: counts the turns a read takes. */
function countingPacer(): Pacer & { pauses: number } {
	const pacer = { pauses: 0, due: () => true, pause: async () => void pacer.pauses++ };
	return pacer as unknown as Pacer & { pauses: number };
}

/** The fuzz loops below take 15-30 s on a busy 2-core machine; a hang still fails. */
const FUZZ_TIMEOUT_MS = 180_000;

describe('long JSON answers read in pieces', () => {
	it('300 generated answers and 300 broken copies: exactly what JSON.parse gives, or its own error', async () => {
		await forEachCaseAsync(SEED, 600, async (random, index) => {
			const json = index < 300 ? answerText(random) : mutated(random, answerText(random));
			const bytes = encoder.encode(json);
			const want = await outcome(() => JSON.parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)));
			const pacer = countingPacer();
			const got = await outcome(() => parseJsonInTurns(bytes, pacer));
			if (!same(want, got)) throw new Error(`differs from JSON.parse for ${json.slice(0, 120)}…`);
			// A valid answer of this size is read in pieces, not handed to JSON.parse whole.
			if (index < 300 && bytes.length > 100_000 && pacer.pauses === 0)
				throw new Error(`read in one go: ${json.slice(0, 120)}…`);
		});
		// 28.5 s alone on this 2-core machine while other tests ran: jest's default of 30 s is too near.
	}, FUZZ_TIMEOUT_MS);

	it('where a piece ends on a comma that JSON does not allow, JSON.parse decides', async () => {
		const big = JSON.stringify('x\\"],'.repeat(8_000));
		const cases = [
			`[${big},]`,
			`[${big}, \n]`,
			`[${big},,1]`,
			`{"list":[${big},]}`,
			`{"list":[${big},1],"list":[${big},2]}`,
			`{"list":[${big},1],"list":5}`,
			`{"list":[],"list":[${big},${big}]}`,
			`[${big},${big}]]`,
			`[${big},${big}`,
			`[${big},${big}]`,
			`{"a":[${big},"\\u0022"],"b":{"c":[${big},1]}}`,
		];
		for (const json of cases) {
			const bytes = encoder.encode(json);
			const want = await outcome(() => JSON.parse(json));
			const got = await outcome(() => parseJsonInTurns(bytes, countingPacer()));
			expect({ json: json.slice(-40), same: same(want, got) }).toEqual({ json: json.slice(-40), same: true });
		}
	});

	it('the transport reads any body the same way with or without the pieces (responseBody.ts)', async () => {
		await forEachCaseAsync(SEED, 300, async (random) => {
			const json = mutated(random, answerText(random));
			const body = random.bool(0.2) ? encoder.encode(`<html>${json}</html>`) : encoder.encode(json);
			const want = await outcome(() => parseResponseBody(body));
			const got = await outcome(async () => parseResponseBody(await readLongJson(body)));
			if (!same(want, got)) throw new Error(`differs for ${json.slice(0, 120)}…`);
		});
	}, FUZZ_TIMEOUT_MS);

	it('a send answer of 10,000 messages gives the event loop turns while it is read; short answers come as they were', async () => {
		const random = new Random(SEED);
		const answer = JSON.stringify({ count: 10_000, list: Array.from({ length: 10_000 }, (_, i) => entry(random, i)) });
		const bytes = encoder.encode(answer);
		expect(bytes.length).toBeGreaterThan(PACED_PARSE_FROM);
		const pacer = countingPacer();
		expect(await parseJsonInTurns(bytes, pacer)).toEqual(JSON.parse(answer));
		// Pieces of about 32 KB: one turn after each.
		expect(pacer.pauses).toBeGreaterThan(bytes.length / (64 * 1024));

		const short = encoder.encode('{"count":1,"list":[]}');
		expect(await readLongJson(short)).toBe(short);
		expect(await readLongJson('{"count":1}')).toBe('{"count":1}');
		const html = encoder.encode(`<html>${'x'.repeat(PACED_PARSE_FROM)}</html>`);
		expect(await readLongJson(html)).toBe(html);
	});
});
