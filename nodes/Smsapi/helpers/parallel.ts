/**
 * Requests of one run in parallel, at most a few at a time: the service answers error 202 ("too
 * many simultaneous requests") above five simultaneous sends of an account (docs/service-behaviour.md).
 */

/** Requests in flight at once unless the node's Max Parallel Requests option says otherwise: below the service's limit of 5. */
export const DEFAULT_MAX_PARALLEL_REQUESTS = 4;

/** The most the option accepts: the service's own limit of simultaneous sends. */
export const MAX_PARALLEL_REQUESTS = 5;

/** Max Parallel Requests as given (an expression may give text): a whole number from 1 to 5. */
export function parallelLimit(value: unknown): number {
	const n = Math.floor(Number(value ?? DEFAULT_MAX_PARALLEL_REQUESTS));
	if (!Number.isFinite(n)) return DEFAULT_MAX_PARALLEL_REQUESTS;
	return Math.min(MAX_PARALLEL_REQUESTS, Math.max(1, n));
}

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** The promise's outcome, never a rejection. */
export async function settle<R>(promise: Promise<R>): Promise<Settled<R>> {
	try {
		return { ok: true, value: await promise };
	} catch (error) {
		return { ok: false, error };
	}
}

interface ParallelOptions<R> {
	/** At most this many `work` calls unsettled at once (at least 1). */
	limit: number;
	/**
	 * Called for every task in task order (not in the order they finish), as soon as it and every
	 * task before it have settled. Return false to start no further task (those in flight still
	 * settle and are handed over); the tasks never started are not handed over. A promise is
	 * awaited before the next task is handed over (handing over may take turns of the event loop).
	 */
	settled: (index: number, result: Settled<R>) => boolean | Promise<boolean>;
	/**
	 * Between two tasks handed over one right after the other (several answers arrived while an
	 * earlier one was pending): a promise to wait for first, e.g. a turn of the event loop when one
	 * is due, so that handing over large answers in a row does not hold it. Undefined: go on at once.
	 */
	between?: () => Promise<void> | undefined;
}

/**
 * Runs `work` for `count` tasks, at most `limit` at a time, starting them in order. Resolves when
 * every started task has settled and been handed to `settled`; never rejects for a task's error.
 */
export async function runInParallel<R>(
	count: number,
	work: (index: number) => Promise<R>,
	options: ParallelOptions<R>,
): Promise<void> {
	const limit = Math.max(1, Math.floor(options.limit));
	const results = new Map<number, Settled<R>>();
	let next = 0;
	let handedOver = 0;
	let stopped = false;

	let handing: Promise<void> | undefined;
	const handOverAll = async (): Promise<void> => {
		while (results.has(handedOver)) {
			const result = results.get(handedOver) as Settled<R>;
			results.delete(handedOver);
			if ((await options.settled(handedOver, result)) === false) stopped = true;
			handedOver++;
			const pause = results.has(handedOver) ? options.between?.() : undefined;
			if (pause) await pause;
		}
	};
	/** One hand-over loop at a time; a lane that finds one running waits for it (it takes the new results too). */
	const handOver = async (): Promise<void> => {
		// Again while a result waits: a loop just ending may have missed one set meanwhile.
		while (results.has(handedOver)) {
			handing ??= handOverAll().finally(() => {
				handing = undefined;
			});
			await handing;
		}
	};

	const lane = async (): Promise<void> => {
		while (!stopped && next < count) {
			const index = next++;
			let result: Settled<R>;
			try {
				result = { ok: true, value: await work(index) };
			} catch (error) {
				result = { ok: false, error };
			}
			results.set(index, result);
			// Handed over before this lane starts another task: a task that stops the run does so in time.
			await handOver();
		}
	};

	await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
}
