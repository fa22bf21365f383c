import { sleep } from 'n8n-workflow';

/**
 * Callbacks that arrive close together start one execution ("Combine Callbacks Within"). The first
 * callback of a window opens a batch and, after answering the service `OK` like every other
 * callback, waits out the window; callbacks arriving meanwhile answer `OK`, put their reports into
 * that batch and start nothing; when the window ends the first callback hands the whole batch (its
 * own reports first, the others' in the order they came) to n8n as one execution.
 *
 * Version 2 of the trigger: the window is counted from the first callback. Version 3: it is a quiet
 * time, counted from the latest callback that joined, so a burst stays one batch while its
 * callbacks keep coming, up to LONGEST_WAIT_FACTOR windows after the first (a lone callback still
 * starts its execution one window after it came).
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
/** An open batch: the reports gathered so far, and when the last callback joined (ms). */
interface OpenBatch {
	reports: unknown[];
	joinedAt: number;
}

/** Open batches by workflow, node and mode; an entry lives for one window (version 3: one burst). */
const openBatches = new Map<string, OpenBatch>();

/** "Combine Callbacks Within" by default, versions 2 and 3 (milliseconds). */
export const DEFAULT_COMBINE_MS = 200;

/** Reports one batch takes at most; a callback that would overflow it opens the next batch. */
export const MAX_COMBINED_ITEMS = 10_000;

/** The longest window the node accepts (milliseconds). */
export const MAX_COMBINE_WINDOW_MS = 10_000;

/** Version 3: a burst's execution starts at the latest this many windows after its first callback. */
export const LONGEST_WAIT_FACTOR = 5;

/**
 * The windows of a node version's setting: none for version 1 and on the Test URL (one execution
 * per callback); version 2 counts the window from the first callback; version 3 waits for a quiet
 * window, at most LONGEST_WAIT_FACTOR windows.
 */
export function combineWindows(
	typeVersion: number,
	onTestUrl: boolean,
	setting: () => unknown,
): { windowMs: number; longestMs: number } {
	if (typeVersion < 2 || onTestUrl) return { windowMs: 0, longestMs: 0 };
	const windowMs = combineWindowMs(setting());
	return { windowMs, longestMs: typeVersion >= 3 ? windowMs * LONGEST_WAIT_FACTOR : windowMs };
}

/** The window of the node's setting: a whole number of milliseconds, 0 (off) for anything else. */
function combineWindowMs(setting: unknown): number {
	const ms = typeof setting === 'number' ? setting : Number(setting);
	if (!Number.isFinite(ms) || ms <= 0) return 0;
	return Math.min(Math.round(ms), MAX_COMBINE_WINDOW_MS);
}

/**
 * The reports this callback starts an execution with: all of the batch it opened (after the
 * window), or undefined when it joined an open batch (it starts nothing). A window of 0 returns the
 * callback's own reports at once. `longestMs` above `windowMs` (version 3): the window is a quiet
 * time after the latest callback that joined, and the batch closes at the latest `longestMs`
 * after it opened.
 */
export async function combineCallbacks<T>(
	scope: string,
	windowMs: number,
	reports: T[],
	longestMs = windowMs,
): Promise<T[] | undefined> {
	if (windowMs <= 0) return reports;
	const open = openBatches.get(scope);
	if (open !== undefined && open.reports.length + reports.length <= MAX_COMBINED_ITEMS) {
		for (const report of reports) open.reports.push(report);
		open.joinedAt = Date.now();
		return undefined;
	}
	const openedAt = Date.now();
	const batch: OpenBatch = { reports: [...reports], joinedAt: openedAt };
	openBatches.set(scope, batch);
	try {
		let wait = windowMs;
		while (wait > 0) {
			await sleep(wait);
			// Until the batch has been quiet for a window, or is as old as the longest wait.
			const now = Date.now();
			wait = Math.min(batch.joinedAt + windowMs, openedAt + longestMs) - now;
		}
	} finally {
		// A batch that overflowed was replaced by the next one already: that one stays open.
		if (openBatches.get(scope) === batch) openBatches.delete(scope);
	}
	return batch.reports as T[];
}

/** Batches open right now (tests). */
export function openBatchCount(): number {
	return openBatches.size;
}
