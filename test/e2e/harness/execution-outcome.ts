/**
 * What an execution came to, said so that a failing check can be diagnosed from the log alone: its
 * status, the execution's error (node, message, description) and every node run that failed.
 */
import type { ExecutionRecord } from './types';

function oneLine(text: unknown, max = 600): string {
	const flat = String(text ?? '').replace(/\s+/g, ' ').trim();
	return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** `#12 (worker1 / mode webhook) ended error: node "SMSAPI": <message> — <description>; …`. */
export function describeExecution(execution: ExecutionRecord): string {
	const parts = [`execution #${execution.id} (mode ${execution.mode}) ended ${execution.status}`];
	const result = execution.data?.resultData;
	const error = result?.error;
	if (error) {
		const node = error.node?.name ? `node "${error.node.name}": ` : '';
		const description = error.description ? ` — ${oneLine(error.description)}` : '';
		parts.push(`error: ${node}${oneLine(error.message)}${description}`);
	}
	for (const [name, runs] of Object.entries(result?.runData ?? {})) {
		for (const run of runs) {
			if (!run.error) continue;
			const description = run.error.description ? ` — ${oneLine(run.error.description)}` : '';
			parts.push(`node "${name}" failed: ${oneLine(run.error.message)}${description}`);
		}
	}
	if (result?.lastNodeExecuted) parts.push(`last node executed: "${result.lastNodeExecuted}"`);
	if (!execution.data) parts.push(`no run data${execution.dataError ? ` (${oneLine(execution.dataError)})` : ''}`);
	return parts.join('; ');
}

/** Throws with the execution's error when it did not end `status` (default `success`). */
export function expectExecutionStatus(execution: ExecutionRecord, status = 'success'): void {
	if (execution.status !== status) {
		throw new Error(`expected status ${status}, but ${describeExecution(execution)}`);
	}
}

/** The same for several executions: every one that did not end `status` is described. */
export function expectExecutionsStatus(executions: ExecutionRecord[], status = 'success'): void {
	const off = executions.filter((execution) => execution.status !== status);
	if (off.length > 0) {
		throw new Error(
			`expected every execution to end ${status}, but:\n${off.map(describeExecution).join('\n')}`,
		);
	}
}
