import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { EVENT_FIELDS, type CallbackEvent } from '../callbacks/eventFields';

/**
 * The service repeats a callback until it receives `OK`, so the same report can arrive more than
 * once (an `OK` lost on the way, a timeout on a slow instance). Reports already seen are dropped.
 *
 * The memory is a bounded LRU of report keys with an expiry, kept as plain JSON so it can live in
 * the node's workflow static data. Keys are hashed (96 bits) to keep that JSON small and free of
 * phone numbers and message texts. Limits of where it lives: see `SmsapiTrigger.node.ts`.
 *
 * It is stored as ONE text, not as a list of pairs: n8n wraps every object and array inside the
 * static data in a change-tracking proxy each time it builds a workflow (several times per
 * request), so 10,000 pairs cost about 5 MB and 40 ms per copy, one text about 0.2 MB and 0.5 ms.
 */

export interface DedupeLimits {
	/** Keys kept at most; the least recently seen go first. */
	capacity: number;
	/** A key is forgotten this long after it was first seen (a repeat does not extend it). */
	ttlSeconds: number;
}

export const DEFAULT_DEDUPE_LIMITS: DedupeLimits = {
	capacity: 10_000,
	ttlSeconds: 7 * 24 * 60 * 60,
};

/**
 * The stored form: `<key> <last seen, UNIX seconds in base 36>` per report, joined with commas,
 * least recently seen first. Version 1 (still read) held `entries: [key, seconds][]`.
 */
export interface DedupeState {
	v: 2;
	seen: string;
	/**
	 * Which memory of which running n8n stored it, and its how-manieth save: `<writer id>:<count>`
	 * (reportMemory.ts). Absent in memories stored before.
	 */
	by?: string;
}

/** The text of a stored memory of version 2; undefined for any other value. */
export function storedText(stored: unknown): string | undefined {
	const state = stored as { v?: unknown; seen?: unknown } | undefined;
	return state?.v === 2 && typeof state.seen === 'string' ? state.seen : undefined;
}

/** `[key, last seen (UNIX seconds)]` of a stored memory of either version; undefined: unreadable. */
function storedEntries(state: unknown): unknown[] | undefined {
	const stored = state as { entries?: unknown } | undefined;
	if (Array.isArray(stored?.entries)) return stored.entries;
	const seen = storedText(state);
	if (seen === undefined) return undefined;
	if (seen === '') return [];
	return seen.split(',').map((entry) => {
		const [key, seenAt, ...rest] = entry.split(' ');
		const seconds = /^-?[0-9a-z]{1,8}$/.test(seenAt ?? '') ? parseInt(seenAt, 36) : NaN;
		return rest.length === 0 && key !== '' && Number.isFinite(seconds) ? [key, seconds] : entry;
	});
}

/** One key in the stored text: `<key> <last seen, UNIX seconds in base 36>`. */
function entryText(key: string, seenAt: number): string {
	return `${key} ${seenAt.toString(36)}`;
}

export class SeenReports {
	private readonly seen = new Map<string, number>();

	private changed = false;

	/**
	 * The stored text of `seen` once written, kept in step as keys are added at the end and drop
	 * off the front, so that a request does not write all 10,000 keys anew; undefined: not written.
	 */
	private text: string | undefined;

	constructor(private readonly limits: DedupeLimits = DEFAULT_DEDUPE_LIMITS) {}

	/** Restores from stored state, dropping what is expired, malformed or over capacity. */
	static fromState(
		state: unknown,
		now: number,
		limits: DedupeLimits = DEFAULT_DEDUPE_LIMITS,
	): SeenReports {
		const entries = storedEntries(state);
		const memory = SeenReports.fromEntries(entries ?? [], now, limits);
		// A memory of version 1 is saved again in the current form.
		if (entries !== undefined && (state as { v?: unknown }).v !== 2) memory.changed = true;
		return memory;
	}

	private static fromEntries(entries: unknown[], now: number, limits: DedupeLimits): SeenReports {
		const memory = new SeenReports(limits);
		for (const entry of entries) {
			if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number') {
				memory.changed = true;
				continue;
			}
			const [key, seenAt] = entry as [string, number];
			if (memory.isExpired(seenAt, now)) {
				memory.changed = true;
				continue;
			}
			memory.seen.delete(key);
			memory.seen.set(key, seenAt);
		}
		memory.evictOverflow();
		return memory;
	}

	get size(): number {
		return this.seen.size;
	}

	/** Whether anything changed since the state was loaded (only then is it worth saving). */
	get dirty(): boolean {
		return this.changed;
	}

	/** The memory as it is has been stored: unchanged from here on. */
	markStored(): void {
		this.changed = false;
	}

	has(key: string, now: number): boolean {
		const seenAt = this.seen.get(key);
		return seenAt !== undefined && !this.isExpired(seenAt, now);
	}

	/** Records a sighting: the key becomes the most recently seen. */
	touch(key: string, now: number): void {
		const known = this.seen.delete(key);
		this.seen.set(key, now);
		this.changed = true;
		if (this.text !== undefined) {
			// A new key goes last in the text too; a known one moves from the middle: written anew.
			const part = entryText(key, now);
			this.text = known ? undefined : this.text === '' ? part : `${this.text},${part}`;
		}
		this.evictOverflow();
	}

	/**
	 * One memory from several: every unexpired key with its latest sighting, least recently seen
	 * first, cut to capacity. Marked changed when it holds more than the first of them.
	 */
	static merged(
		memories: SeenReports[],
		now: number,
		limits: DedupeLimits = DEFAULT_DEDUPE_LIMITS,
	): SeenReports {
		const latest = new Map<string, number>();
		for (const memory of memories) {
			for (const [key, seenAt] of memory.seen) {
				const known = latest.get(key);
				if (known === undefined || known < seenAt) latest.set(key, seenAt);
			}
		}
		const entries = [...latest].sort((a, b) => a[1] - b[1]);
		const result = SeenReports.fromEntries(entries, now, limits);
		const first = memories[0];
		if (first === undefined || result.size !== first.size || first.dirty) result.changed = true;
		return result;
	}

	/** The keys seen in the last `seconds` (a new memory with the same limits). */
	recent(now: number, seconds: number): SeenReports {
		const result = new SeenReports(this.limits);
		for (const [key, seenAt] of this.seen)
			if (now - seenAt <= seconds) result.seen.set(key, seenAt);
		return result;
	}

	/** `[key, last seen]`, least recently seen first. */
	entries(): Array<[string, number]> {
		return [...this.seen.entries()];
	}

	toState(): DedupeState {
		if (this.text === undefined) {
			const parts: string[] = [];
			for (const [key, seenAt] of this.seen) parts.push(entryText(key, seenAt));
			this.text = parts.join(',');
		}
		return { v: 2, seen: this.text };
	}

	private isExpired(seenAt: number, now: number): boolean {
		return now - seenAt > this.limits.ttlSeconds;
	}

	private evictOverflow(): void {
		const capacity = Math.max(0, this.limits.capacity);
		for (const [key, seenAt] of this.seen) {
			if (this.seen.size <= capacity) break;
			this.seen.delete(key);
			this.changed = true;
			if (this.text !== undefined) {
				// The least recently seen is first in the text as well.
				const length = entryText(key, seenAt).length;
				this.text = this.text.length <= length ? '' : this.text.slice(length + 1);
			}
		}
	}
}

function text(value: unknown): string {
	return value === null || value === undefined ? '' : String(value);
}

/** The bulk start's own fields, sorted by name: what tells two bulk starts apart. */
const BULK_IDENTITY_FIELDS = Object.keys(EVENT_FIELDS.bulk).sort();

/**
 * A stable JSON text of a bulk start's own fields, sorted by name (the same text as the whole
 * report gave before fields the service does not document were left out of it). Extra fields do
 * not count: they cannot make a repeat new, and a request cannot make hashing cost more than its
 * own fields.
 */
function canonicalBulk(report: IDataObject): string {
	return JSON.stringify(BULK_IDENTITY_FIELDS.map((key) => [key, report[key] ?? null]));
}

/**
 * What makes two reports "the same" per event: a delivery report is its message and status, an
 * inbound message its id (or sender, time and text), a lookup its id and number, a click its
 * message and link, a bulk start all of its own fields (fields the service does not document do
 * not count). The parts are written as a JSON array, so no value can imitate a separator:
 * `["a|b","c"]` and `["a","b|c"]` stay apart.
 */
export function reportIdentity(event: CallbackEvent, report: IDataObject): string {
	switch (event) {
		case 'dlr':
			return JSON.stringify(['dlr', text(report.MsgId), text(report.status ?? report.status_name)]);
		case 'mo':
			return report.MsgId
				? JSON.stringify(['mo', 'id', text(report.MsgId)])
				: JSON.stringify([
						'mo',
						text(report.sms_from),
						text(report.sms_to),
						text(report.sms_date),
						text(report.sms_text),
					]);
		case 'hlr':
			return JSON.stringify(['hlr', text(report.id), text(report.number)]);
		case 'click':
			return JSON.stringify(['click', text(report.MsgId), text(report.suffix)]);
		case 'bulk':
			return JSON.stringify(['bulk', canonicalBulk(report)]);
	}
}

export function dedupeKey(event: CallbackEvent, report: IDataObject): string {
	return createHash('sha256')
		.update(reportIdentity(event, report), 'utf8')
		.digest('base64url')
		.slice(0, 16);
}

/**
 * The reports not seen before, in order; each of them is recorded as seen (a repeat changes nothing).
 * A report repeated inside the same request counts as seen the second time.
 */
export function dropSeenReports(
	event: CallbackEvent,
	reports: IDataObject[],
	memory: SeenReports,
	now: number,
): { fresh: IDataObject[]; repeated: number } {
	const fresh: IDataObject[] = [];
	let repeated = 0;
	for (const report of reports) {
		const key = dedupeKey(event, report);
		if (memory.has(key, now)) {
			// Left as it is: a request of repeats only changes nothing, so n8n writes nothing. In
			// queue mode every write replaces the whole memory, and one from an instance that has not
			// yet read another's latest reports would drop them (see storedState).
			repeated++;
			continue;
		}
		fresh.push(report);
		memory.touch(key, now);
	}
	return { fresh, repeated };
}
