/**
 * Small values that many items of a run would otherwise each hold a copy of (a send's parameter
 * order, its flags), kept once and frozen: 100,000 items then hold one list instead of 100,000,
 * each alive until the run has sent it (the garbage collector copies every value a run keeps,
 * docs/performance.md). Keys are built from the node's own names, so they are few; past
 * MAX_SHARED a new value is made but no longer kept.
 */
const SHARED = new Map<string, object>();
const MAX_SHARED = 1000;

/** The frozen value kept under `key`, made (and kept) the first time. */
function sharedValue<T extends object>(key: string, make: () => T): Readonly<T> {
	let value = SHARED.get(key) as T | undefined;
	if (!value) {
		value = Object.freeze(make());
		if (SHARED.size < MAX_SHARED) SHARED.set(key, value);
	}
	return value;
}

/** What each shared value became by one step (a name added, a flag set): no key built per item. */
const STEPS = new WeakMap<object, Map<string, object>>();

/**
 * The shared value `from` becomes by `step`: looked up by `from` itself after the first time,
 * else `sharedValue(key(), make)`.
 */
export function sharedStep<T extends object>(
	from: object,
	step: string,
	key: () => string,
	make: () => T,
): Readonly<T> {
	let steps = STEPS.get(from);
	const known = steps?.get(step) as T | undefined;
	if (known) return known;
	const value = sharedValue(key(), make);
	if (!steps) STEPS.set(from, (steps = new Map()));
	steps.set(step, value);
	return value;
}
