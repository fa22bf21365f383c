/**
 * Form-encoded callback data (`a=1&b=2`, `0[id]=1`, `id[]=1&id[]=2`) into plain records, the way
 * Express's extended parser would have built them. Every function here runs in time linear in its
 * input: the caller has already capped the input (limits.ts), and no step re-reads earlier keys.
 *
 * Every object built here has no prototype, so a field named `toString`, `valueOf` or
 * `constructor` is an ordinary key and never meets an inherited member.
 */

/** Keys that must never become object properties (prototype pollution). */
export const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A record without a prototype. */
export type Dict = Record<string, unknown>;

export function dict(): Dict {
	return Object.create(null) as Dict;
}

export function hasOwn(object: object, key: string): boolean {
	return Object.prototype.hasOwnProperty.call(object, key);
}

export function isPlainObject(value: unknown): value is Dict {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const proto = Object.getPrototypeOf(value) as unknown;
	return proto === Object.prototype || proto === null;
}

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,15})$/;

function decodeFormComponent(text: string): string | undefined {
	try {
		return decodeURIComponent(text.replace(/\+/g, ' '));
	} catch {
		return undefined; // a broken %-sequence
	}
}

/** Appends without spreading: linear, and safe for arrays of any length. */
function appendValue(existing: unknown, value: unknown): unknown {
	if (existing === undefined) return value;
	const result = Array.isArray(existing) ? existing.slice() : [existing];
	if (Array.isArray(value)) for (const item of value) result.push(item);
	else result.push(value);
	return result;
}

/**
 * `a=1&b=2&a=3` into `{ a: ['1', '3'], b: '2' }`; undefined when a key cannot be decoded.
 * Repeated keys collect in one array that is extended in place (no copy per repeat).
 */
export function parseFormEncoded(text: string): Dict | undefined {
	const flat = dict();
	const collected = new Map<string, unknown[]>();
	for (const pair of text.split('&')) {
		if (pair === '') continue;
		const separator = pair.indexOf('=');
		const key = decodeFormComponent(separator === -1 ? pair : pair.slice(0, separator));
		const rawValue = separator === -1 ? '' : pair.slice(separator + 1);
		if (key === undefined) return undefined;
		if (UNSAFE_KEYS.has(key)) continue;
		// A value with a broken %-sequence is kept as sent rather than lost.
		const value = decodeFormComponent(rawValue) ?? rawValue;
		const list = collected.get(key);
		if (list) list.push(value);
		else if (hasOwn(flat, key)) {
			const started = [flat[key], value];
			collected.set(key, started);
			flat[key] = started;
		} else flat[key] = value;
	}
	return flat;
}

/** `data[0][id]` into `['data', '0', 'id']`; undefined for a key without (or with broken) brackets. */
function splitBracketKey(key: string): string[] | undefined {
	const open = key.indexOf('[');
	if (open <= 0 || !key.endsWith(']')) return undefined;
	const segments = [key.slice(0, open)];
	if (segments[0].includes(']')) return undefined;
	let position = open;
	while (position < key.length) {
		if (key[position] !== '[') return undefined;
		const close = key.indexOf(']', position + 1);
		if (close === -1) return undefined;
		const segment = key.slice(position + 1, close);
		if (segment.includes('[')) return undefined;
		segments.push(segment);
		position = close + 1;
	}
	return segments;
}

/**
 * The next free array index of each object built from `x[]` keys: one above the highest index
 * used so far. Kept aside so that appending never re-reads the object's keys.
 */
class IndexCounters {
	private readonly next = new WeakMap<object, number>();

	take(node: Dict): string {
		const index = this.next.get(node) ?? 0;
		this.next.set(node, index + 1);
		return String(index);
	}

	saw(node: Dict, key: string): void {
		if (!ARRAY_INDEX.test(key)) return;
		const index = Number(key);
		if (index >= (this.next.get(node) ?? 0)) this.next.set(node, index + 1);
	}
}

function insertPath(root: Dict, path: string[], value: unknown, counters: IndexCounters): void {
	let node = root;
	for (let i = 0; i < path.length - 1; i++) {
		const segment = path[i] === '' ? counters.take(node) : path[i];
		const child = hasOwn(node, segment) ? node[segment] : undefined;
		if (child === undefined) {
			const created = dict();
			node[segment] = created;
			counters.saw(node, segment);
			node = created;
		} else if (isPlainObject(child)) {
			node = child;
		} else {
			return; // `a=1&a[b]=2`: the plain value wins, the nested one is ignored
		}
	}
	const last = path[path.length - 1];
	if (last === '') {
		for (const item of Array.isArray(value) ? value : [value]) node[counters.take(node)] = item;
	} else {
		node[last] = appendValue(hasOwn(node, last) ? node[last] : undefined, value);
		counters.saw(node, last);
	}
}

/**
 * Flat form keys (`0[id]=1`, `id[]=1`, `data[0][id]=1`) into nested records. Keys without brackets
 * stay as they are; keys nested deeper than `maxDepth` are kept whole.
 */
export function expandFormKeys(flat: Dict, maxDepth: number): Dict {
	const root = dict();
	const counters = new IndexCounters();
	for (const key of Object.keys(flat)) {
		const value = flat[key];
		const path = splitBracketKey(key);
		if (path === undefined || path.length > maxDepth + 1) {
			if (!UNSAFE_KEYS.has(key))
				root[key] = appendValue(hasOwn(root, key) ? root[key] : undefined, value);
			continue;
		}
		if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
		insertPath(root, path, value, counters);
	}
	return root;
}

/**
 * Objects whose keys are all array indexes become arrays (in index order), at every depth up to
 * `maxDepth`; every object is copied into one without a prototype.
 */
export function normalizeIndexedObjects(value: unknown, maxDepth: number, depth = 0): unknown {
	if (depth > maxDepth + 1) return value;
	if (Array.isArray(value))
		return value.map((item) => normalizeIndexedObjects(item, maxDepth, depth + 1));
	if (!isPlainObject(value)) return value;
	const keys = Object.keys(value);
	const normalized = dict();
	let allIndexes = keys.length > 0;
	for (const key of keys) {
		if (UNSAFE_KEYS.has(key)) continue;
		normalized[key] = normalizeIndexedObjects(value[key], maxDepth, depth + 1);
		if (!ARRAY_INDEX.test(key)) allIndexes = false;
	}
	if (allIndexes) {
		return keys
			.map(Number)
			.sort((a, b) => a - b)
			.map((index) => normalized[String(index)]);
	}
	return normalized;
}
