/**
 * Fuzzing how the transport reads the service's answers (transport/interpretResponse.ts, responseBody.ts, textAnswers.ts) and builds errors
 * from them (transport/errors/serviceError.ts, failureErrors.ts, errorParts.ts, redact.ts): every endpoint's JSON and text answers,
 * valid and adversarial, with every status. Seeded, ≥ 10,000 generated inputs. Asserts: reading
 * never throws (an answer is a success, a service error or "unreadable"); text parsers throw only
 * their own SmsapiParseError; no entry of a valid answer is lost; errors built from any answer never
 * carry a secret; the largest answers and adversarial texts are read in linear time (≥ 20× headroom).
 */
import type { INode } from 'n8n-workflow';

import { createUncertainOutcomeError, createUnreachableError } from '../../nodes/Smsapi/transport/errors/failureErrors';
import { interpretResponse } from '../../nodes/Smsapi/transport/interpretResponse';
import { redactSecrets, secretsOf } from '../../nodes/Smsapi/transport/errors/redact';
import { SmsapiParseError } from '../../nodes/Smsapi/transport/responseBody';
import { createServiceError } from '../../nodes/Smsapi/transport/errors/serviceError';
import { parseTextAnswer, textShapeFor } from '../../nodes/Smsapi/transport/textAnswers';
import type { SmsapiRequest, SmsapiTextShape } from '../../nodes/Smsapi/transport/types';
import { DIGITS, type Random, forEachCase, fuzzSeed, timeMs } from '../support/random';

const SEED = fuzzSeed(20_250_317);

const node: INode = { id: 'fuzz', name: 'SMSAPI', type: 'n8n-nodes-smsapi-plus.smsapi', typeVersion: 1, position: [0, 0], parameters: {} };

function check(ok: boolean, what: string, ...values: unknown[]): void {
	if (!ok) throw new Error(`${what}: ${JSON.stringify(values).slice(0, 600)}`);
}

/** Every request whose answer the transport reads, one per text shape and REST kind. */
const REQUESTS: Array<Pick<SmsapiRequest, 'endpoint' | 'qs' | 'body'>> = [
	{ endpoint: 'sms.do', body: { to: '48500000000', message: 'x' } },
	{ endpoint: 'sms.do', body: { sch_del: '1,2' } },
	{ endpoint: 'hlr.do', body: { number: '48500000000' } },
	{ endpoint: 'user.do', qs: { credits: 1, details: 1 } },
	{ endpoint: 'user.do', qs: { list: 1 } },
	{ endpoint: 'user.do', qs: { get_user: 'shop' } },
	{ endpoint: 'user.do', body: { add_user: 'shop' } },
	{ endpoint: 'sender.do', qs: { status: 'MyShop' } },
	{ endpoint: 'sender.do', qs: { list: 1 } },
	{ endpoint: 'sender.do', body: { delete: 'MyShop' } },
	{ endpoint: 'sender.do', body: { add: 'MyShop' } },
	{ endpoint: 'prices.do' },
	{ endpoint: 'profile' },
	{ endpoint: 'contacts' },
	{ endpoint: 'contacts/5b83ba81a788494a04a2d9b4' },
	{ endpoint: 'ping' },
	{ endpoint: 'callbacks' },
];

const STATUSES = [200, 200, 200, 201, 204, 400, 401, 403, 404, 409, 415, 429, 500, 502, 503];

/** Any JSON value, nested a little, with the fields the service uses and values of the wrong type. */
function json(random: Random, depth = 0): unknown {
	const leaf = () =>
		random.pick<() => unknown>([
			() => random.nasty(12),
			() => random.int(-1e6, 1e6),
			() => `${random.int(0, 99)}.${random.string(4, DIGITS)}`,
			() => random.bool(),
			() => null,
			() => random.pick([1e308, -0, 0.1]),
		])();
	if (depth > 2 || random.bool(0.3)) return leaf();
	if (random.bool(0.3)) return Array.from({ length: random.int(0, 4) }, () => json(random, depth + 1));
	const keys = ['error', 'message', 'messages', 'invalid_numbers', 'list', 'count', 'points', 'price', 'status', 'number', 'errors', 'developer_description', 'code', 'collection', 'size', '__proto__', 'constructor', random.nasty(6)];
	const object: Record<string, unknown> = {};
	for (let i = random.int(0, 6); i > 0; i--) object[random.pick(keys)] = json(random, depth + 1);
	return object;
}

/** A text answer: one of the service's shapes, broken a little, or anything at all. */
function text(random: Random): string {
	const id = () => random.string(random.int(0, 20), DIGITS);
	const points = () => random.pick(['0.165', '0.3000', '1', '', 'x', '-1', '1e5']);
	return random.pick<() => string>([
		() => `OK:${id()}:${points()}`,
		() => Array.from({ length: random.int(0, 5) }, () => `OK:${id()}:${points()}:${id()};`).join(''),
		() => Array.from({ length: random.int(0, 4) }, () => (random.bool() ? `OK:${id()}:${id()}:${points()};` : `ERROR:${id()}:${id()};`)).join(''),
		() => `ERROR:${random.pick(['13', '101', '', ' 8', '53 idx'])}${random.nasty(5)}`,
		() => `${random.pick(['Points', 'Credits', 'points'])}:${random.pick([' ', '', '  '])}${points()}${random.nasty(3)}`,
		() => `OK:${random.nasty(20)}`,
		() => `OK${random.pick(['', ':', ': '])}${Array.from({ length: random.int(0, 4) }, () => `${random.nasty(5)},${random.pick(['ACTIVE', 'INACTIVE', ''])}`).join(':')}`,
		() => random.nasty(60),
		() => `<html><body>${random.nasty(20)}</body></html>`,
		() => `\uFEFF${random.nasty(10)}`,
	])();
}

function body(random: Random): unknown {
	return random.pick<() => unknown>([
		() => JSON.stringify(json(random)),
		() => text(random),
		() => json(random),
		() => new TextEncoder().encode(random.bool() ? text(random) : JSON.stringify(json(random))),
		() => undefined,
		() => '',
		() => `${JSON.stringify(json(random)).slice(0, random.int(0, 20))}`,
	])();
}

describe('service answers: read without throwing, whatever arrives', () => {
	it('6,000 answers of every endpoint and status: a success, a service error or unreadable, never an exception', () => {
		forEachCase(SEED, 6000, (random) => {
			const request = random.pick(REQUESTS);
			const status = random.pick(STATUSES);
			const raw = body(random);
			const answer = interpretResponse(request, status, raw);
			check(['success', 'serviceError', 'unreadable'].includes(answer.outcome), 'an unknown outcome', answer);
			if (answer.outcome === 'serviceError') {
				check(typeof answer.error.code === 'number' || (typeof answer.error.code === 'string' && answer.error.code !== ''), 'an error without a code', answer);
				// Whatever the answer said, the error built from it is clean.
				const error = createServiceError(node, { ...answer.error, httpStatus: status, endpoint: request.endpoint }, ['s3cr3t-token']);
				check(typeof error.message === 'string' && error.message !== '', 'an error without a message', answer);
			}
			if (answer.outcome === 'success' && request.endpoint === 'sms.do' && !request.body?.sch_del) {
				const list = (answer.data as { list?: unknown }).list;
				if (Array.isArray(list)) {
					for (const entry of list) {
						const points = (entry as { points?: unknown } | null)?.points;
						if (typeof points === 'string') check(!/^\s*[-+]?\d+(?:\.\d+)?\s*$/.test(points), 'numeric points left as text', entry);
					}
				}
			}
		});
	});

	it('3,000 text answers for each shape: only SmsapiParseError is thrown', () => {
		const shapes: SmsapiTextShape[] = ['send', 'hlr', 'balance', 'subuser', 'subuserGet', 'subuserList', 'senderStatus', 'senderName', 'senderList', 'ok'];
		forEachCase(SEED + 1, 3000, (random) => {
			const shape = random.pick(shapes);
			try {
				parseTextAnswer(text(random), shape, { qs: { status: random.nasty(5) } });
			} catch (error) {
				check(error instanceof SmsapiParseError, 'a parser threw something else', String(error));
			}
		});
	});

	it('1,000 well-formed multi-entry answers: every entry is read, none lost', () => {
		forEachCase(SEED + 2, 1000, (random) => {
			const count = random.int(1, 60);
			const numbers = Array.from({ length: count }, () => `48${random.string(9, DIGITS)}`);
			const send = numbers.map((n, i) => `OK:${7074294081650020000 + i}:0.165:${n};`).join('');
			const read = interpretResponse({ endpoint: 'sms.do', body: {} }, 200, send);
			check(read.outcome === 'success' && (read.data as { list: unknown[] }).list.length === count, 'a send entry was lost', send);
			const hlr = numbers.map((n, i) => (i % 3 ? `OK:${n}:id${i}:0.1;` : `ERROR:${n}:13;`)).join('');
			const hlrRead = interpretResponse({ endpoint: 'hlr.do' }, 200, hlr);
			check(hlrRead.outcome === 'success' && (hlrRead.data as unknown[]).length === count, 'an HLR entry was lost', hlr);
			check(textShapeFor({ endpoint: '/SMS.do?x', body: { sch_del: '1' } }) === 'ok', 'sch_del is not an OK answer');
		});
	});

	it('1,000 errors built from arbitrary details and secrets never carry a secret', () => {
		forEachCase(SEED + 3, 1000, (random) => {
			const token = `tok-${random.string(random.int(4, 30))}${random.pick(['', '\ud83d', '\udc00', '/x y'])}`;
			const password = `pw-${random.nasty(10)}${random.string(4)}`;
			const secrets = secretsOf({ token, password });
			const echo = `${random.nasty(10)} ${token} ${encodeURIComponent(token.replace(/[\ud800-\udfff]/g, ''))} password=${password} secret=${random.string(8)} ${random.nasty(10)}`;
			const details = { code: random.pick<number | string>([13, 102, 'authorization_failed', 999]), serviceMessage: echo, invalidNumbers: [{ number: '1', message: echo }], fieldErrors: [{ path: echo, message: echo }], developerDescription: echo, httpStatus: random.pick(STATUSES), endpoint: 'sms.do' };
			const errors = [
				createServiceError(node, details, secrets),
				createUncertainOutcomeError(node, { what: echo, answerNote: echo, endpoint: 'sms.do' }, secrets),
				createUnreachableError(node, { what: echo, answerNote: echo, safeToRepeat: false }, secrets),
			];
			for (const error of errors) {
				const all = JSON.stringify([error.message, error.description, error.messages, error.context]);
				for (const secret of secrets) if (secret.length >= 4) check(!all.includes(secret), 'a secret in an error', secret, all);
			}
		});
	});
});

describe('service answers: the largest and the worst in linear time', () => {
	it('10,000-recipient answers, as text and as JSON, are read well within the bound', () => {
		const numbers = Array.from({ length: 10_000 }, (_, i) => String(48_500_000_000 + i));
		const textAnswer = numbers.map((n, i) => `OK:${7074294081650020000 + i}:0.1650:${n};`).join('');
		const jsonAnswer = JSON.stringify({ count: numbers.length, list: numbers.map((n, i) => ({ id: String(i), points: '0.1650', number: n, idx: `x${i}` })) });
		let entries = 0;
		// About 50 ms on a loaded 2-core machine.
		expect(
			timeMs(() => {
				for (const raw of [textAnswer, jsonAnswer]) {
					const read = interpretResponse({ endpoint: 'sms.do', body: {} }, 200, raw);
					if (read.outcome === 'success') entries += (read.data as { list: unknown[] }).list.length;
				}
			}),
		).toBeLessThan(3_000);
		expect(entries).toBe(20_000);
	});

	it('adversarial texts of up to a megabyte (long digit runs, spaces, colons) are read in linear time', () => {
		const worst = [
			`ERROR:${'1'.repeat(65_535)}x`,
			`ERROR:1${' '.repeat(500_000)}x`,
			`OK:${':'.repeat(500_000)}`,
			`OK:${'1:'.repeat(300_000)}`,
			`Points: ${'9'.repeat(300_000)}${' '.repeat(300_000)}x`,
			`${' '.repeat(500_000)}1${' '.repeat(500_000)}x`,
			`${'OK:1:0.1:4850;'.repeat(70_000)}x`,
			`{${'['.repeat(100_000)}`,
		];
		const ms = timeMs(() => {
			for (const raw of worst) for (const request of REQUESTS) interpretResponse(request, 200, raw);
		});
		// About 1 s on a loaded 2-core machine: 17 requests × 8 texts of up to 1 MB.
		expect(ms).toBeLessThan(25_000);
	});

	it('redaction of a megabyte of adversarial text stays linear', () => {
		const worst = [
			`token${' '.repeat(1_000_000)}x`,
			'http://'.repeat(150_000),
			`${'a'.repeat(31)} `.repeat(30_000),
			'9'.repeat(1_000_000),
			'password=&'.repeat(100_000),
			'Bearer '.repeat(150_000),
		];
		const ms = timeMs(() => {
			for (const raw of worst) redactSecrets(raw, ['s3cr3t-token', 'pa55word']);
		});
		// About 0.3 s on a loaded 2-core machine.
		expect(ms).toBeLessThan(10_000);
	});
});
