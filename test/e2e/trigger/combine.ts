/**
 * The SMSAPI Trigger's version 2 in real n8n: callbacks close together start one execution with
 * all their reports (Combine Callbacks Within, 200 ms by default); each callback is still answered
 * OK. Version 1 keeps one execution per callback (dedupe.ts: a burst of 12 makes 12).
 */
import { E2E_TEST_TIMEOUT_MS, waitFor, type ExecutionRecord } from '../harness';
import { call, dlr, dlrQuery } from './support/callbacks';
import { QUIET_WINDOW_MS, triggerItems } from './support/executions';
import { activateThroughRest, callbackUrlOf, copyOfTrigger, TRIGGER_NODE, triggerPath, type TriggerWorkflow } from './support/workflows';
import { type TriggerSuite } from './suite';

export function registerCombineTests(ctx: TriggerSuite): void {
	it(
		'version 2: a burst of 12 callbacks is answered OK each and starts fewer executions that carry every report exactly once; ' +
			'a lone callback starts its execution within the window',
		async () => {
			const { n8n } = ctx;
			const v2 = copyOfTrigger(ctx.triggers.dlr, 'e2e: trigger dlr version 2');
			const node = v2.workflow.nodes.find((n) => n.name === TRIGGER_NODE)!;
			// A new node's version, its parameters as the editor saves them (defaults left out); not
			// registered at the emulator, whose registry keeps the suite's dlr trigger.
			node.typeVersion = 2;
			node.parameters = { event: 'dlr', options: { registerCallback: false } };
			[v2.id] = await n8n.createWorkflows([v2.workflow]);
			expect(await activateThroughRest(n8n, v2.id)).toEqual({ activated: true });
			await n8n.waitForWebhook(triggerPath(v2), 'GET');
			const url = callbackUrlOf(n8n, v2);
			try {
				const burst = Array.from({ length: 12 }, () => dlr());
				let before = await n8n.lastExecutionId();
				const answers = await Promise.all(burst.map((one) => call(url, { query: dlrQuery([one]) })));
				expect(answers).toEqual(burst.map(() => ({ status: 200, body: 'OK' })));
				const executions = await executionsWithReports(ctx, v2, before, burst.length);
				expect(executions.length).toBeLessThan(burst.length);
				const received = executions.flatMap(triggerItems).map((item) => item.MsgId);
				expect([...received].sort()).toEqual(burst.map((one) => one.MsgId).sort());

				const lone = dlr();
				before = await n8n.lastExecutionId();
				const since = Date.now();
				expect(await call(url, { query: dlrQuery([lone]) })).toEqual({ status: 200, body: 'OK' });
				const [execution] = await executionsWithReports(ctx, v2, before, 1);
				expect(Date.now() - since).toBeLessThan(QUIET_WINDOW_MS + 2000);
				expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: lone.MsgId, status: 404 })]);
			} finally {
				await n8n.rest('POST', `/rest/workflows/${v2.id}/deactivate`, {});
			}
		},
		E2E_TEST_TIMEOUT_MS,
	);
}

/**
 * The finished executions of `trigger` after `afterId` once they carry `reports` reports in all
 * (each execution's trigger items counted), oldest first; more than that fails the test.
 */
async function executionsWithReports(
	ctx: TriggerSuite,
	trigger: TriggerWorkflow,
	afterId: number,
	reports: number,
): Promise<ExecutionRecord[]> {
	const { n8n } = ctx;
	const mine = async () =>
		(await n8n.executions({ afterId, withData: true })).filter((e) => e.workflowId === trigger.id && e.stoppedAt);
	const found = await waitFor(`${reports} report(s) in executions of ${trigger.workflow.name} after #${afterId}`, 30_000, async () => {
		const done = await mine();
		const count = done.reduce((sum, e) => sum + triggerItems(e).length, 0);
		if (count > reports) throw new Error(`${count} reports arrived in executions, expected ${reports}`);
		return count === reports ? done : undefined;
	}, 200);
	return found.sort((a, b) => Number(a.id) - Number(b.id));
}
