/** Executions that appear (or not) after a callback, and the items the trigger gave them. */
import { nodeOutput, sleep, waitFor, type ExecutionRecord, type N8nInstance } from '../../harness';
import { call, dlr, dlrQuery } from './callbacks';
import { callbackUrlOf, TRIGGER_NODE, type TriggerWorkflow } from './workflows';

/**
 * How long something that must not happen is watched for where no marker can tell (see
 * `expectNoNewExecutions` for executions). Every positive test of the suites asserts that its
 * execution appeared within this window (see `waitForNewExecutions`), so "nothing within it" means
 * something.
 */
export const QUIET_WINDOW_MS = 2500;

/**
 * Waits for `count` executions after `afterId` (of `workflowId` when given), then for them to
 * finish, and returns them with their data, oldest first. With `since` (when the callback left)
 * it also asserts that they appeared within QUIET_WINDOW_MS: the positive control of the
 * "no execution" checks.
 */
export async function waitForNewExecutions(
	n8n: N8nInstance,
	afterId: number,
	count: number,
	opts: { since?: number; workflowId?: string; timeoutMs?: number } = {},
): Promise<ExecutionRecord[]> {
	const timeoutMs = opts.timeoutMs ?? 30_000;
	const wanted = (execution: ExecutionRecord) =>
		Number(execution.id) > afterId && (opts.workflowId === undefined || execution.workflowId === opts.workflowId);
	await waitFor(`${count} new execution(s) after #${afterId}`, timeoutMs, async () => {
		const fresh = (await n8n.executions({ afterId, withData: false })).filter(wanted);
		return fresh.length >= count ? true : undefined;
	}, 100);
	if (opts.since !== undefined) {
		const appearedAfterMs = Date.now() - opts.since;
		if (appearedAfterMs > QUIET_WINDOW_MS) {
			throw new Error(
				`the execution appeared ${appearedAfterMs} ms after the callback, later than QUIET_WINDOW_MS (${QUIET_WINDOW_MS} ms): ` +
					'the "no execution" checks would prove nothing; raise the window',
			);
		}
	}
	return await n8n.waitForExecutions(count, timeoutMs, wanted);
}

/** How long after the marker's execution appeared the other executions are looked for. */
const MARKER_GRACE_MS = 500;

/**
 * Asserts that the calls made since `afterId` started no execution (of any workflow).
 *
 * Instead of watching a fixed quiet window, it sends a marker after them: a fresh delivery report
 * to `marker` (an active delivery-report trigger of the same n8n). n8n takes the calls of one
 * process in order, so once the marker's execution is there (and MARKER_GRACE_MS more), an
 * execution that an earlier call started would be there as well. The marker's must be the only
 * one. Returns the marker execution's id, after which a test's later waits start.
 */
export async function expectNoNewExecutions(n8n: N8nInstance, afterId: number, marker: TriggerWorkflow): Promise<number> {
	const report = dlr();
	const answer = await call(callbackUrlOf(n8n, marker), { query: dlrQuery([report]) });
	if (answer.status !== 200) throw new Error(`the marker report was answered ${answer.status}: ${answer.body}`);
	const markerExecution = await waitFor(`the marker report's execution after #${afterId}`, 30_000, async () => {
		const ofMarker = (await n8n.executions({ afterId, withData: false })).filter(
			(e) => e.workflowId === marker.id && e.stoppedAt,
		);
		return ofMarker.length > 0 ? ofMarker[ofMarker.length - 1] : undefined;
	}, 100);
	await sleep(MARKER_GRACE_MS);
	const fresh = await n8n.executions({ afterId, withData: true });
	const [withItems] = fresh.filter((e) => e.id === markerExecution.id);
	const others = fresh.filter((e) => e.id !== markerExecution.id);
	if (others.length > 0) {
		throw new Error(`expected no execution but the marker's, found ${others.map((e) => `#${e.id} wf=${e.workflowId} ${e.status}`).join(', ')}`);
	}
	if (!triggerItems(withItems).some((item) => item.MsgId === report.MsgId)) {
		throw new Error(`execution #${withItems.id} is not the marker's (MsgId ${report.MsgId})`);
	}
	return Number(markerExecution.id);
}

/** The items the trigger node emitted in an execution (also checks the execution succeeded). */
export function triggerItems(execution: ExecutionRecord): Array<Record<string, unknown>> {
	if (execution.status !== 'success') {
		throw new Error(`execution #${execution.id} ended ${execution.status}: ${JSON.stringify(execution.data?.resultData?.error ?? null)}`);
	}
	const runData = execution.data?.resultData?.runData;
	// The items reached the next node too: the workflow ran on them, not only the trigger.
	expect(nodeOutput(runData, 'Received')).toEqual(nodeOutput(runData, TRIGGER_NODE));
	return nodeOutput(runData, TRIGGER_NODE);
}
