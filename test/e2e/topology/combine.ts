/**
 * Queue mode: the SMSAPI Trigger's version 2 combines callbacks close together into one execution
 * in each process that takes them (main and the webhook process); the executions run on the
 * workers, and every report arrives exactly once.
 */
import { waitFor, type ExecutionRecord } from '../harness';
import { call, dlr, dlrQuery } from '../trigger/support/callbacks';
import { triggerItems } from '../trigger/support/executions';
import { callbackUrlOf, copyOfTrigger, TRIGGER_NODE, triggerPath } from '../trigger/support/workflows';
import { workerOf } from './campaign';
import { TOPOLOGY_TEST_TIMEOUT_MS, type TopologySuite } from './setup';

export function registerCombineTests(ctx: TopologySuite): void {
	it(
		'trigger version 2: 20 callbacks at once, half to main and half to the webhook process: OK to each, every report ' +
			'exactly once, in fewer executions, each run by a worker',
		async () => {
			const { n8n } = ctx;
			const v2 = copyOfTrigger(ctx.trigger, 'e2e topology: trigger dlr version 2');
			const node = v2.workflow.nodes.find((n) => n.name === TRIGGER_NODE)!;
			node.typeVersion = 2;
			// Not registered at the emulator, whose registry keeps the suite's trigger.
			node.parameters = { event: 'dlr', options: { registerCallback: false } };
			[v2.id] = await n8n.createWorkflows([v2.workflow]);
			await n8n.activate([v2.id]);
			await n8n.waitForWebhook(triggerPath(v2), 'GET', 30_000, 0);
			const reports = Array.from({ length: 20 }, () => dlr());
			const before = await n8n.lastExecutionId();
			const answers = await Promise.all(
				reports.map((report, i) =>
					call(i % 2 === 0 ? callbackUrlOf(n8n, v2) : n8n.webhookProcessUrl(0, triggerPath(v2)), {
						query: dlrQuery([report]),
					}),
				),
			);
			expect(answers).toEqual(reports.map(() => ({ status: 200, body: 'OK' })));

			const executions = await waitFor(`20 reports in executions of workflow ${v2.id}`, 60_000, async () => {
				const done = (await n8n.executions({ afterId: before, withData: true })).filter(
					(e: ExecutionRecord) => e.workflowId === v2.id && e.stoppedAt,
				);
				const count = done.reduce((sum, e) => sum + triggerItems(e).length, 0);
				if (count > reports.length) throw new Error(`${count} reports arrived in executions, expected ${reports.length}`);
				return count === reports.length ? done : undefined;
			}, 250);
			expect(executions.length).toBeLessThan(reports.length);
			const received = executions.flatMap(triggerItems).map((item) => item.MsgId);
			expect([...received].sort()).toEqual(reports.map((report) => report.MsgId).sort());
			for (const execution of executions) expect(workerOf(n8n, execution.id)).toMatch(/^worker/);
			console.log(`[topology ${ctx.line.line}] trigger v2: 20 callbacks → ${executions.length} execution(s)`);
		},
		TOPOLOGY_TEST_TIMEOUT_MS,
	);
}
