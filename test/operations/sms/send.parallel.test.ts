/**
 * SMS → Send, parallel requests: the requests of one send run in parallel, at most Max Parallel
 * Requests in flight (default 4, below the service's limit of 5 simultaneous sends), error 202 over
 * the limit answered by waiting and repeating (the service refused it unprocessed: nothing
 * doubles), output order and pairedItem as the input's whatever order the answers arrive in; and
 * runInParallel (helpers/parallel.ts) that runs them. The same for Send to Group, Number Lookup and
 * Contact → Get Many: their operations' tests.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { runInParallel } from '../../../nodes/Smsapi/helpers/parallel';
import { PRIMARY } from '../../support/n8n-context';
import { inFlightGate, type InFlight } from '../support/in-flight';
import { type NodeError, failure, nodeContext, runNode, smsSend, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const PHONES = Array.from({ length: 12 }, (_, i) => String(48500200000 + i));

interface Service {
	/** Requests in flight now and at most. */
	inFlight: InFlight;
	/** Every request's recipients, in arrival order, and what it was answered. */
	received: Array<{ to: string; idx: string; answer: 'accepted' | 'refused202' | 'failed' }>;
	/** Numbers that got a message (accepted), as often as they got one. */
	accepted: string[];
}

/**
 * A mocked sms.do that answers after a delay (longer for earlier numbers, so answers arrive out
 * of order), refuses with error 202 above `cap` simultaneous requests (as the service does), and
 * answers `fail(to)` with a business error when it says so. With `parallel`, answers are held
 * until that many requests are in flight (support/in-flight.ts), so the peak is the node's limit.
 */
function parallelService(options: { cap?: number; fail?: (to: string) => IDataObject | undefined; parallel?: number } = {}): Service {
	const service: Service = { inFlight: inFlightGate({ target: options.parallel ?? 1, total: PHONES.length }), received: [], accepted: [] };
	nock(PRIMARY)
		.persist()
		.post('/sms.do')
		.query(true)
		.reply(function (_uri, body, callback) {
			const form = Object.fromEntries(new URLSearchParams(String(body)));
			const to = form.to;
			if (options.cap !== undefined && service.inFlight.now >= options.cap) {
				service.received.push({ to, idx: form.idx, answer: 'refused202' });
				setTimeout(() => callback(null, [200, JSON.stringify({ error: 202, message: 'Too many simultaneous requests' })]), 5);
				return;
			}
			const position = PHONES.indexOf(to.split(',')[0]);
			const delay = 10 + (PHONES.length - Math.max(0, position)) * 4;
			service.inFlight.hold(() => {
				const refusal = options.fail?.(to);
				if (refusal) {
					service.received.push({ to, idx: form.idx, answer: 'failed' });
					callback(null, [200, JSON.stringify(refusal)]);
					return;
				}
				service.received.push({ to, idx: form.idx, answer: 'accepted' });
				const numbers = to.split(',');
				service.accepted.push(...numbers);
				const idx = form.idx.split('|');
				const list = numbers.map((number, i) => ({ id: `id-${number}`, points: '0.1650', number, submitted_number: number, status: 'QUEUE', idx: idx[i] }));
				callback(null, [200, JSON.stringify({ count: list.length, list })]);
			}, delay);
		});
	return service;
}

function expectInputOrder(output: INodeExecutionData[], phones: string[]): void {
	expect(output.map((item) => item.json.number)).toEqual(phones);
	expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(phones.map((_, i) => i));
}

const items = (phones: string[]) => phones.map((phone) => ({ phone }));
const perItem = (options: INodeParameters) => smsSend('={{ $json.phone }}', 'Hello', options);

describe('sms.send: requests in parallel', () => {
	it('batching off, 12 items: at most 4 requests in flight by default (and 4 are used); output order and pairing as the input', async () => {
		const service = parallelService({ parallel: 4 });
		const output = await runNode({ parameters: perItem({ batching: false }), items: items(PHONES) });
		expect(service.received).toHaveLength(12);
		expect(service.inFlight.peak).toBe(4);
		// Answers arrived out of order (later numbers answer sooner)...
		expect(service.received.map((r) => r.to)).not.toEqual(PHONES);
		// ...and the output is still in input order, each item paired with its input.
		expectInputOrder(output, PHONES);
	});

	it('the credential is read once per run, not once per request', async () => {
		parallelService();
		const context = nodeContext({ parameters: perItem({ batching: false }), items: items(PHONES) });
		const read = jest.spyOn(context, 'getCredentials');
		const [output] = await new Smsapi().execute.call(context);
		expectInputOrder(output, PHONES);
		// Once by the node; n8n's request helper gets it from the node instead of reading it per request.
		expect(read).toHaveBeenCalledTimes(1);
	});

	it.each([1, 2, 5])('Max Parallel Requests %i: never more in flight', async (limit) => {
		const service = parallelService({ parallel: limit });
		const output = await runNode({ parameters: perItem({ batching: false, maxParallelRequests: limit }), items: items(PHONES) });
		expect(service.inFlight.peak).toBe(limit);
		expectInputOrder(output, PHONES);
	});

	it('error 202 above the service\'s limit: the refused request is repeated after a wait with the same idx; every number gets exactly one message', async () => {
		// A service that allows only 2 at once while the node sends 4 at once.
		const service = parallelService({ cap: 2 });
		const output = await runNode({ parameters: perItem({ batching: false }), items: items(PHONES.slice(0, 6)) });
		const refused = service.received.filter((r) => r.answer === 'refused202');
		expect(refused.length).toBeGreaterThan(0);
		// Each refused request came again with the same body (same idx, check_idx guard) and was accepted once.
		for (const { to, idx } of refused) {
			expect(service.received.filter((r) => r.to === to && r.answer === 'accepted')).toEqual([{ to, idx, answer: 'accepted' }]);
		}
		expect([...service.accepted].sort()).toEqual(PHONES.slice(0, 6));
		expectInputOrder(output, PHONES.slice(0, 6));
	});

	it('a request refused for good stops the run: no further request starts, and the error names what the requests already in flight sent', async () => {
		const failing = PHONES[3];
		const service = parallelService({ fail: (to) => (to === failing ? { error: 103, message: 'Insufficient credits' } : undefined) });
		const error: NodeError = await failure(runNode({ parameters: perItem({ batching: false, maxParallelRequests: 2 }), items: items(PHONES) }));
		expect(error.message).toMatch(/credits/i);
		expect(error.context.itemIndex).toBe(3);
		// At most the one request in flight beside the failing one started after it: not the whole run.
		expect(service.received.length).toBeLessThanOrEqual(6);
		for (const number of service.accepted) expect(error.description).toContain(number);
	});

	it('with Continue On Fail the refused request becomes its item\'s error, the others are sent, in input order', async () => {
		const failing = PHONES[5];
		parallelService({ fail: (to) => (to === failing ? { error: 103, message: 'Insufficient credits' } : undefined) });
		const output = await runNode({ parameters: perItem({ batching: false }), items: items(PHONES), continueOnFail: true });
		expect(output.map((item) => item.json.number ?? (/credits/i.test(String(item.json.error)) ? 'error:credits' : String(item.json.error)))).toEqual(
			PHONES.map((phone) => (phone === failing ? 'error:credits' : phone)),
		);
		expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(PHONES.map((_, i) => i));
	});
});

describe('runInParallel', () => {
	it('hands results over in task order, keeps to the limit, and starts nothing after a stop', async () => {
		let inFlight = 0;
		let peak = 0;
		const started: number[] = [];
		const handed: number[] = [];
		await runInParallel(
			10,
			async (index) => {
				started.push(index);
				inFlight++;
				peak = Math.max(peak, inFlight);
				await new Promise((resolve) => setTimeout(resolve, 30 - index * 2));
				inFlight--;
				if (index === 4) throw new Error('four');
				return index;
			},
			{ limit: 3, settled: (index, result) => (handed.push(index), result.ok) },
		);
		expect(peak).toBe(3);
		expect(handed).toEqual([...handed].sort((a, b) => a - b));
		expect(handed).toEqual(started);
		expect(started).not.toContain(9);
		expect(handed).toContain(4);
	});
});
