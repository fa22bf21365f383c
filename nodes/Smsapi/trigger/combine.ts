import { sleep } from 'n8n-workflow';

/**
 * Callbacks that arrive close together start one execution (version 2 of the trigger, "Combine
 * Callbacks Within"). The first callback of a window opens a batch and, after answering the service
 * `OK` like every other callback, waits out the window; callbacks arriving meanwhile answer `OK`,
 * put their reports into that batch and start nothing; when the window ends the first callback hands
 * the whole batch (its own reports first, the others' in the order they came) to n8n as one
 * execution.
 *
 * Why: on n8n 2.x each execution, and each callback of a trigger other than n8n's own Webhook node,
 * takes an isolate of n8n's expression engine (a new V8 isolate each time); a bulk campaign's
 * delivery reports arrive as a burst of callbacks. One execution per burst instead of one per
 * callback is what keeps n8n's CPU and memory down (docs/performance.md).
 *
 * The batch lives in this n8n instance only, like the answered request itself: an instance that stops
 * during the window loses the batch's reports exactly as it would lose one answered callback whose
 * execution had not started yet. Batches are per node of a workflow and mode; calls to the Test URL
 * are never combined (n8n listens there for one call).
 */
/** Open batches (the reports gathered so far), by workflow, node and mode; an entry lives for one window. */
const openBatches = new Map<string, unknown[]>();

/** "Combine Callbacks Within" of version 2 by default (milliseconds). */
export const DEFAULT_COMBINE_MS = 200;

/** Reports one batch takes at most; a callback that would overflow it opens the next batch. */
export const MAX_COMBINED_ITEMS = 10_000;

/** The longest window the node accepts (milliseconds). */
export const MAX_COMBINE_WINDOW_MS = 10_000;

/** The window of the node's setting: a whole number of milliseconds, 0 (off) for anything else. */
export function combineWindowMs(setting: unknown): number {
	const ms = typeof setting === 'number' ? setting : Number(setting);
	if (!Number.isFinite(ms) || ms <= 0) return 0;
	return Math.min(Math.round(ms), MAX_COMBINE_WINDOW_MS);
}

/**
 * The reports this callback starts an execution with: all of the batch it opened (after the
 * window), or undefined when it joined an open batch (it starts nothing). A window of 0 returns the
 * callback's own reports at once.
 */
export async function combineCallbacks<T>(
	scope: string,
	windowMs: number,
	reports: T[],
): Promise<T[] | undefined> {
	if (windowMs <= 0) return reports;
	const open = openBatches.get(scope) as T[] | undefined;
	if (open !== undefined && open.length + reports.length <= MAX_COMBINED_ITEMS) {
		for (const report of reports) open.push(report);
		return undefined;
	}
	const batch = [...reports];
	openBatches.set(scope, batch);
	try {
		await sleep(windowMs);
	} finally {
		// A batch that overflowed was replaced by the next one already: that one stays open.
		if (openBatches.get(scope) === batch) openBatches.delete(scope);
	}
	return batch;
}

/** Batches open right now (tests). */
export function openBatchCount(): number {
	return openBatches.size;
}
