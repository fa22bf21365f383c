/**
 * Fuzzing the resume address of Send and Wait for Delivery (delivery/reportWebhook.ts) through the
 * node's `webhook()` in n8n-core's WebhookContext (test/delivery/support/resume-calls.ts): for any call —
 * queries of any length and bytes, arrays, objects and repeated names as Express's `qs` parser
 * builds them, huge values, any body — the webhook never throws (n8n would end the waiting
 * execution) and never resumes without the check of the address; with the credential deleted
 * too, and for an execution that began waiting before the random check. With the genuine check
 * it resumes only with a report of the waiting message that ends the wait. Copies of the genuine
 * report arriving together resume it once.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { CHECK_HASH_FIELD } from '../../nodes/Smsapi/delivery/reportCheck';
import { endsTheWait } from '../../nodes/Smsapi/delivery/deliveryWait';
import { useMockedNetwork } from '../operations/support/run-node';
import { callResume, reportQuery, startWaiting, type ResumeCall, type Waiting } from './support/resume-calls';
import { fuzzSeed, Random, fuzzCases } from '../support/random';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parse: parseQs } = require('qs') as { parse: (text: string, options?: Record<string, unknown>) => Record<string, unknown> };

useMockedNetwork();

const SEED = fuzzSeed(20_261_127);
const CASES = fuzzCases(400);
const NAMES = ['smsapi_check', 'MsgId', 'status', 'status_name', 'idx', 'to', 'signature', 'points', 'sent_at', 'donedate', 'username', 'mcc', 'mnc'];

/** A value as Express may hand it over: a string (any bytes, sometimes huge), an array, an object. */
function value(random: Random, depth = 0): unknown {
	switch (random.int(0, depth > 1 ? 3 : 6)) {
		case 0:
			return random.nasty(80);
		case 1:
			return random.string(random.int(0, 200));
		case 2:
			return random.pick(['é'.repeat(64), 'ä'.repeat(32), '0'.repeat(64), 'f'.repeat(63), '😀'.repeat(32), '']);
		case 3:
			return random.bool(0.05) ? 'x'.repeat(random.int(100_000, 1_000_000)) : String(random.int(400, 415));
		case 4:
			return Array.from({ length: random.int(0, 6) }, () => value(random, depth + 1));
		case 5:
			return Object.fromEntries(Array.from({ length: random.int(0, 4) }, () => [random.pick([...NAMES, random.nasty(8), '0', '__proto__']), value(random, depth + 1)]));
		default:
			return random.int(-5, 500);
	}
}

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate as U+FFFD, as a browser sends it). */
const percentEncoded = (text: string) => Buffer.from(text, 'utf8').toString('hex').replace(/../g, '%$&');

/** A random query: as a parsed object, or as raw text through Express's parser (repeated names, brackets). */
function randomQuery(random: Random, waiting: Waiting): Record<string, unknown> {
	if (random.bool(0.4)) {
		const parts = Array.from({ length: random.int(0, 12) }, () => {
			const name = random.bool(0.7) ? random.pick(NAMES) + random.pick(['', '', '[]', '[0]', '[a]']) : random.nasty(10);
			return `${percentEncoded(name)}=${random.bool(0.5) ? percentEncoded(random.nasty(70)) : random.nasty(70)}`;
		});
		return parseQs(parts.join('&'), { allowPrototypes: false, depth: 5 });
	}
	const query: Record<string, unknown> = random.bool(0.5) ? { ...reportQuery(waiting, random.int(400, 415), random.pick(['DELIVERED', 'SENT', ''])) } : {};
	for (let count = random.int(0, 8); count > 0; count--) query[random.pick(NAMES)] = value(random);
	// Without the genuine check: a missing, forged or odd one.
	if (query.smsapi_check === waiting.notifyUrl.searchParams.get('smsapi_check')) delete query.smsapi_check;
	return query;
}

function randomBody(random: Random): unknown {
	return random.pick([{}, '', undefined, value(random), random.nasty(200), Buffer.from(random.nasty(50))]);
}

async function forEachAsyncCase(count: number, fn: (random: Random, index: number) => Promise<void>): Promise<void> {
	for (let index = 0; index < count; index++) {
		const random = new Random((SEED * 1_000_003 + index) >>> 0);
		try {
			await fn(random, index);
		} catch (error) {
			throw new Error(`fuzz case ${index} (seed ${SEED}) failed: ${error instanceof Error ? error.stack : String(error)}`);
		}
	}
}

/** Executions that started waiting before the random check: the item without the hash. */
function itemFromBefore(waiting: Waiting): INodeExecutionData {
	const { [CHECK_HASH_FIELD]: _hash, ...json } = waiting.item.json;
	return { ...waiting.item, json };
}

describe('any call without the check of the address', () => {
	let waiting: Waiting;
	beforeAll(async () => {
		waiting = await startWaiting({ executionId: 'exec-fuzz-1' });
	});

	it(`never throws and never resumes (${CASES} calls; credential there, deleted, execution from before the random check)`, async () => {
		await forEachAsyncCase(CASES, async (random) => {
			const call: ResumeCall = {
				query: randomQuery(random, waiting),
				body: randomBody(random),
				method: random.pick(['GET', 'GET', 'POST']),
				credentials: random.bool(0.3) ? null : undefined,
				item: random.bool(0.2) ? itemFromBefore(waiting) : undefined,
			};
			const result = await callResume(waiting, call);
			expect(result.resumes).toBe(false);
			expect(result.response.ended || result.result.webhookResponse !== undefined).toBe(true);
		});
		// The genuine report still resumes it afterwards: nothing above changed the wait.
		expect((await callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED') })).resumes).toBe(true);
	}, 120_000);
});

describe('calls with the check of the address', () => {
	it(`never throw; resume only with a report of the waiting message that ends the wait (${CASES / 2} calls)`, async () => {
		let resumed = 0;
		await forEachAsyncCase(CASES / 2, async (random, index) => {
			const waiting = await startWaiting({ executionId: `exec-fuzz-check-${index}` });
			const query: Record<string, unknown> = { ...reportQuery(waiting, random.int(400, 415), random.pick(['DELIVERED', 'SENT', 'QUEUE', random.nasty(10), ''])) };
			for (let count = random.int(0, 5); count > 0; count--) {
				const name = random.pick(NAMES.filter((name) => name !== 'smsapi_check'));
				query[name] = random.bool(0.5) ? value(random) : random.pick([waiting.messageId, waiting.idx, 'other', `${waiting.idx},${waiting.idx}`]);
			}
			const result = await callResume(waiting, { query, body: randomBody(random), credentials: random.bool(0.3) ? null : undefined });
			if (!result.resumes) return;
			resumed++;
			const [[item]] = result.result.workflowData!;
			const report = item.json.report as IDataObject;
			expect(endsTheWait(report)).toBe(true);
			// Its idx, or its id where the report has no idx (an empty one counts as none).
			const reportIdx = typeof report.idx === 'string' && report.idx !== '' ? report.idx : undefined;
			if (reportIdx !== waiting.idx) expect({ idx: reportIdx, MsgId: report.MsgId }).toEqual({ idx: undefined, MsgId: waiting.messageId });
			expect(item.json).toMatchObject({ id: waiting.messageId, timedOut: false });
		});
		// The generator reaches both outcomes.
		expect(resumed).toBeGreaterThan(fuzzCases(10));
	}, 120_000);
});

describe('copies of the genuine report arriving together', () => {
	it('resume the execution once', async () => {
		for (let round = 0; round < 20; round++) {
			const waiting = await startWaiting({ executionId: `exec-fuzz-copies-${round}` });
			const copies = await Promise.all(
				Array.from({ length: 8 }, () => callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED') })),
			);
			expect(copies.filter((copy) => copy.resumes)).toHaveLength(1);
			expect(copies.every((copy) => copy.resumes || copy.response.statusCode === 200)).toBe(true);
		}
	}, 60_000);
});
