/**
 * The SMSAPI Trigger's versions 2 and 3 in real n8n: callbacks close together start one execution
 * with all their reports (Combine Callbacks Within, 200 ms by default); each callback is still
 * answered OK. Version 1 keeps one execution per callback (dedupe.ts: a burst of 12 makes 12).
 * Version 3 as a new node is saved: no Secret, so n8n registers the URL of the event itself.
 */
import { E2E_TEST_TIMEOUT_MS, waitFor, type ExecutionRecord } from '../harness';
import { call, dlr, dlrQuery } from './support/callbacks';
import { QUIET_WINDOW_MS, triggerItems } from './support/executions';
import { activateThroughRest, callbackUrlOf, copyOfTrigger, TRIGGER_NODE, triggerPath, type TriggerWorkflow } from './support/workflows';
import { type TriggerSuite } from './suite';

export function registerCombineTests(ctx: TriggerSuite): void {
	it.each([2, 3])(
		'version %i: a burst of 12 callbacks is answered OK each and starts fewer executions that carry every report exactly once; ' +
			'a lone callback starts its execution within the window',
		async (version) => {
			const { n8n } = ctx;
			const copy = copyOfTrigger(ctx.triggers.dlr, `e2e: trigger dlr version ${version}`);
			const node = copy.workflow.nodes.find((n) => n.name === TRIGGER_NODE)!;
			// A new node's version, its parameters as the editor saves them (defaults left out); not
			// registered at the emulator, whose registry keeps the suite's dlr trigger. The Secret's
			// default: the node id up to version 2, none from version 3.
			node.typeVersion = version;
			node.parameters = { event: 'dlr', options: { registerCallback: false } };
			const trigger: TriggerWorkflow = { ...copy, secret: version >= 3 ? '' : copy.nodeId };
			[trigger.id] = await n8n.createWorkflows([trigger.workflow]);
			expect(await activateThroughRest(n8n, trigger.id)).toEqual({ activated: true });
			await n8n.waitForWebhook(triggerPath(trigger), 'GET');
			const url = callbackUrlOf(n8n, trigger);
			expect(url.endsWith(version >= 3 ? `/${trigger.webhookId}/dlr` : `/${trigger.webhookId}/dlr/${trigger.nodeId}`)).toBe(true);
			if (version >= 3) expect((await call(`${url}/${trigger.nodeId}`, { query: dlrQuery([dlr()]) })).status).toBe(404);
			try {
				const burst = Array.from({ length: 12 }, () => dlr());
				let before = await n8n.lastExecutionId();
				const answers = await Promise.all(burst.map((one) => call(url, { query: dlrQuery([one]) })));
				expect(answers).toEqual(burst.map(() => ({ status: 200, body: 'OK' })));
				const executions = await executionsWithReports(ctx, trigger, before, burst.length);
				expect(executions.length).toBeLessThan(burst.length);
				const received = executions.flatMap(triggerItems).map((item) => item.MsgId);
				expect([...received].sort()).toEqual(burst.map((one) => one.MsgId).sort());

				const lone = dlr();
				before = await n8n.lastExecutionId();
				const since = Date.now();
				expect(await call(url, { query: dlrQuery([lone]) })).toEqual({ status: 200, body: 'OK' });
				const [execution] = await executionsWithReports(ctx, trigger, before, 1);
				expect(Date.now() - since).toBeLessThan(QUIET_WINDOW_MS + 2000);
				expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: lone.MsgId, status: 404 })]);
			} finally {
				await n8n.rest('POST', `/rest/workflows/${trigger.id}/deactivate`, {});
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
