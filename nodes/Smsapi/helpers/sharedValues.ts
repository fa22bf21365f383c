/**
 * Small values that many items of a run would otherwise each hold a copy of (a send's parameter
 * order, its flags), kept once and frozen: the items of a run start from the same value and take
 * the same steps, so 100,000 items hold one list instead of 100,000, each alive until the run has
 * sent it (the garbage collector copies every value a run keeps, docs/performance.md). The steps
 * are the node's own names, so the values are few (each a few hundred bytes); past MAX_SHARED a new
 * one is made but not kept.
 */
const STEPS = new WeakMap<object, Map<string, object>>();
const MAX_SHARED = 10_000;
let kept = 0;

/** The frozen value `from` becomes by `step` (a name added, a flag set), made the first time. */
export function sharedStep<T extends object>(
	from: object,
	step: string,
	make: () => T,
): Readonly<T> {
	let steps = STEPS.get(from);
	const known = steps?.get(step) as T | undefined;
	if (known) return known;
	const value = Object.freeze(make());
	if (kept < MAX_SHARED) {
		kept++;
		if (!steps) STEPS.set(from, (steps = new Map()));
		steps.set(step, value);
	}
	return value;
}
