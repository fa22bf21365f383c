/**
 * The SMSAPI Trigger in real n8n: bodies at and beyond the size limits are answered in under a
 * second while n8n answers other webhooks, and their extra fields are kept once.
 */
import { gzipSync } from 'node:zlib';

import { E2E_TEST_TIMEOUT_MS } from '../harness';
import { sentSize, worstCallbacks } from '../../callbacks/support/worst-callbacks';
import { call, dlr, dlrQuery } from './support/callbacks';
import { triggerItems, waitForNewExecutions } from './support/executions';
import { callbackUrlOf } from './support/workflows';
import { type TriggerSuite } from './suite';

export function registerLargeBodyTests(ctx: TriggerSuite): void {
	const { line, triggers } = ctx;

	it.each([
		['as it is', false],
		['gzipped (about 400 bytes on the wire)', true],
	])(
		'a 234 KiB text/plain body of 40,000 `x[]=1&` pairs with the right secret, %s, is refused in under 1 s, ' +
			'and n8n answers another webhook meanwhile',
		async (_label, gzip) => {
			const { n8n } = ctx;
			const text = 'x[]=1&'.repeat(40_000);
			expect(text.length).toBe(240_000);
			const body = gzip ? gzipSync(text) : text;
			const before = await n8n.lastExecutionId();
			const started = Date.now();
			const hostile = fetch(callbackUrlOf(n8n, triggers.mo), {
				method: 'POST',
				headers: { 'content-type': 'text/plain', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
				body,
				signal: AbortSignal.timeout(10_000),
			}).then(async (res) => ({ status: res.status, body: await res.text(), ms: Date.now() - started }));
			// Another trigger's callback while the hostile one is being handled.
			const report = dlr();
			const other = (async () => {
				const sent = Date.now();
				const answer = await call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([report]) });
				return { ...answer, ms: Date.now() - sent };
			})();
			const [hostileAnswer, otherAnswer] = await Promise.all([hostile, other]);
			expect(hostileAnswer).toMatchObject({ status: 413 });
			expect(hostileAnswer.ms).toBeLessThan(1000);
			expect(otherAnswer).toMatchObject({ status: 200, body: 'OK' });
			expect(otherAnswer.ms).toBeLessThan(1000);
			const executions = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers.dlr.id });
			expect(triggerItems(executions[0])).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
			// The hostile body started nothing.
			expect((await n8n.executions({ afterId: before, withData: false })).filter((e) => e.workflowId === triggers.mo.id)).toEqual([]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	describe('callbacks at the size limits that a copy into every report would blow up (issue 29, finding 11)', () => {
		it.each([
			['bulk', 'the most reports and extra fields up to the size limit, sent once'],
			['mo', 'a text body at the length limit'],
		] as const)(
			'%s, %s: answered OK in under 1 s, n8n answers other webhooks meanwhile, and the execution holds the extra fields once',
			async (event, shape) => {
				const { n8n } = ctx;
				const callback = worstCallbacks(event, `e2e${line.line}x${Date.now()}_`).find((entry) => entry.name === shape)!;
				const before = await n8n.lastExecutionId();
				const timed = async (request: Promise<{ status: number; body: string }>) => {
					const sent = Date.now();
					return { ...(await request), ms: Date.now() - sent };
				};
				const big = timed(
					fetch(callbackUrlOf(n8n, triggers[event]), {
						method: 'POST',
						headers: { 'content-type': callback.json === undefined ? 'text/plain' : 'application/json' },
						body: callback.json ?? callback.text,
						signal: AbortSignal.timeout(30_000),
					}).then(async (res) => ({ status: res.status, body: await res.text() })),
				);
				// Another trigger's callback while the big one is being handled, and one while its execution runs.
				const during = dlr();
				const other = timed(call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([during]) }));
				const bigAnswer = await big;
				const after = dlr();
				const afterAnswer = await timed(call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([after]) }));
				expect(bigAnswer).toMatchObject({ status: 200, body: 'OK' });
				expect(bigAnswer.ms).toBeLessThan(1000);
				for (const answer of [await other, afterAnswer]) {
					expect(answer).toMatchObject({ status: 200, body: 'OK' });
					expect(answer.ms).toBeLessThan(1000);
				}

				const [execution] = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers[event].id, timeoutMs: 60_000 });
				const items = triggerItems(execution);
				expect(items).toHaveLength(callback.reports);
				// The extra fields once, on the first report; what n8n stored grows with the callback.
				expect(items[0]).toMatchObject({ x0: expect.stringMatching(/^x{65536}$/) });
				expect(items.slice(1).filter((item) => 'x0' in item)).toEqual([]);
				expect(JSON.stringify(items).length).toBeLessThan(2 * sentSize(callback));
				const dlrRuns = await waitForNewExecutions(n8n, before, 2, { workflowId: triggers.dlr.id });
				expect(dlrRuns.flatMap((run) => triggerItems(run).map((item) => item.MsgId))).toEqual(expect.arrayContaining([during.MsgId, after.MsgId]));
			},
			E2E_TEST_TIMEOUT_MS,
		);
	});

}
