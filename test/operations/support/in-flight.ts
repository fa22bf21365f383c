/**
 * Requests in flight at a mocked service, for the tests of parallel requests: each answer is held
 * until as many requests are in flight as the node should run at once (`target`, or all that are
 * left of `total`), so the peak a test reads is the node's own limit whatever the machine's load,
 * not a race between the mock's timers and the node's next request. A held answer goes out after
 * `fallbackMs` anyway, so that a node that runs fewer at once fails the test instead of hanging it.
 */
export interface InFlight {
	/** Requests in flight now and at most. */
	readonly now: number;
	readonly peak: number;
	/**
	 * Counts a request in and calls `answer` once it is released, `afterMs` later (a different delay
	 * per request makes the answers arrive out of order).
	 */
	hold(answer: () => void, afterMs?: number): void;
}

export function inFlightGate(options: {
	target: number;
	total: number;
	fallbackMs?: number;
}): InFlight {
	const fallbackMs = options.fallbackMs ?? 5_000;
	let now = 0;
	let peak = 0;
	let answered = 0;
	let held: Array<() => void> = [];
	const releaseAll = () => {
		const releasing = held;
		held = [];
		releasing.forEach((release) => release());
	};
	return {
		get now() {
			return now;
		},
		get peak() {
			return peak;
		},
		hold(answer, afterMs = 0) {
			now++;
			peak = Math.max(peak, now);
			let released = false;
			const release = () => {
				if (released) return;
				released = true;
				clearTimeout(fallback);
				setTimeout(() => {
					now--;
					answered++;
					answer();
				}, afterMs);
			};
			const fallback = setTimeout(releaseAll, fallbackMs);
			held.push(release);
			if (now >= Math.min(options.target, options.total - answered)) releaseAll();
		},
	};
}
