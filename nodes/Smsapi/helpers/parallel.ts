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

export interface ParallelOptions<R> {
	/** At most this many `work` calls unsettled at once (at least 1). */
	limit: number;
	/**
	 * Called for every task in task order (not in the order they finish), as soon as it and every
	 * task before it have settled. Return false to start no further task (those in flight still
	 * settle and are handed over); the tasks never started are not handed over.
	 */
	settled: (index: number, result: Settled<R>) => boolean;
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

	const handOver = (): void => {
		while (results.has(handedOver)) {
			const result = results.get(handedOver) as Settled<R>;
			results.delete(handedOver);
			if (options.settled(handedOver, result) === false) stopped = true;
			handedOver++;
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
			handOver();
		}
	};

	// Tasks start in order, so every started task is handed over by the time the lanes are done.
	await Promise.all(Array.from({ length: Math.min(limit, count) }, lane));
}
