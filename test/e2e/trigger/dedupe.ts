/**
 * The SMSAPI Trigger in real n8n: a report already received starts no second execution, also when
 * its copies arrive at the same moment.
 */
import { E2E_TEST_TIMEOUT_MS } from '../harness';
import { call, dlr, dlrQuery } from './support/callbacks';
import { expectNoNewExecutions, triggerItems, waitForNewExecutions } from './support/executions';
import { callbackUrlOf } from './support/workflows';
import { type TriggerSuite } from './suite';

export function registerDedupeTests(ctx: TriggerSuite): void {
	const { triggers } = ctx;

	it(
		'a repeated delivery report (same MsgId and status) starts no second execution; the next status of the message does',
		async () => {
			const { n8n } = ctx;
			const url = callbackUrlOf(n8n, triggers.dlr);
			const accepted = dlr({ status: '410', status_name: 'ACCEPTED' });
			let before = await n8n.lastExecutionId();
			let since = Date.now();
			expect(await call(url, { query: dlrQuery([accepted]) })).toEqual({ status: 200, body: 'OK' });
			const [first] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(first)).toEqual([expect.objectContaining({ MsgId: accepted.MsgId, status: 410 })]);

			before = await n8n.lastExecutionId();
			expect(await call(url, { query: dlrQuery([accepted]) })).toEqual({ status: 200, body: 'OK' });
			before = await expectNoNewExecutions(n8n, before, triggers.dlr);

			const delivered = { ...accepted, status: '404', status_name: 'DELIVERED' };
			since = Date.now();
			expect(await call(url, { query: dlrQuery([delivered]) })).toEqual({ status: 200, body: 'OK' });
			const [second] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(second)).toEqual([expect.objectContaining({ MsgId: accepted.MsgId, status: 404, final: true })]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'copies of a report arriving at the same moment start one execution; reports arriving together are all remembered',
		async () => {
			const { n8n } = ctx;
			const url = callbackUrlOf(n8n, triggers.dlr);
			// The service may repeat a report while the first call is still being answered.
			const report = dlr();
			let before = await n8n.lastExecutionId();
			const since = Date.now();
			const answers = await Promise.all(Array.from({ length: 4 }, () => call(url, { query: dlrQuery([report]) })));
			expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 200, body: 'OK' })));
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
			await expectNoNewExecutions(n8n, Number(execution.id), triggers.dlr);

			// A burst of different reports (a bulk's delivery reports), then each repeated: no report is forgotten.
			const burst = Array.from({ length: 12 }, () => dlr());
			before = await n8n.lastExecutionId();
			await Promise.all(burst.map((one) => call(url, { query: dlrQuery([one]) })));
			const executions = await waitForNewExecutions(n8n, before, burst.length);
			expect(executions).toHaveLength(burst.length);
			const last = Math.max(...executions.map((e) => Number(e.id)));
			for (const one of burst) expect(await call(url, { query: dlrQuery([one]) })).toEqual({ status: 200, body: 'OK' });
			await expectNoNewExecutions(n8n, last, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

}
