import { randomUUID } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import {
	DEFAULT_DEDUPE_LIMITS,
	type DedupeLimits,
	type DedupeState,
	dropSeenReports,
	SeenReports,
	storedText,
} from './dedupe';
import type { CallbackEvent } from '../callbacks/eventFields';

/**
 * Reports seen by this running n8n, per trigger node and mode. n8n reads the static data at the
 * start of each request and saves it after the answer: two requests in flight at once would each
 * miss the other's reports (both copies of one report start the workflow; the later save drops
 * the other's keys). This in-memory copy is checked and updated without a pause in between, so
 * requests to one running n8n always see each other.
 *
 * For the most recently used scopes it is the whole memory together with the text it was stored
 * as: when the static data of the next request holds that same text (no other n8n instance wrote
 * in between), the memory is used as it is instead of being read from the text and merged again,
 * which for a full memory of 10,000 reports costs about 20 ms and several MB per request. Older
 * scopes keep the last minutes only (the stored memory keeps the rest).
 *
 * n8n saves the static data while the request still holds what it took to run (on n8n 2.x with
 * its default expression engine, an isolate of 10–15 MB). When the saves fall behind a burst of
 * callbacks (n8n on SQLite writes one at a time), the waiting requests pile up and n8n's memory
 * grows by gigabytes (docs/performance.md). So a memory with a save of its own not yet in the
 * database (MAX_SAVES_IN_FLIGHT) is not given to n8n for saving again: its reports are known to
 * this running n8n meanwhile, and the next save writes them all (the stored value is written out
 * at save time, see storedState). Until then another n8n instance, or this one after a restart,
 * does not know them. A save still not in the database SAVE_LOST_SECONDS after it was handed over
 * (n8n logs a failed save and does not try again) no longer holds the next one back.
 */
interface HeldMemory {
	memory: SeenReports;
	/** The stored text this memory is exactly; undefined: only the recent keys are held. */
	text?: string;
	/** Names this memory in what it stores (`by`), so that it finds its own saves in the static data. */
	writer: string;
	/** Saves of this memory handed to n8n so far. */
	saves: number;
	/** When the last of them was handed over (UNIX seconds). */
	handedAt?: number;
}

/**
 * Saves of one memory handed to n8n and not yet seen in the database before the next is held back.
 * One: each save writes the memory as it is when n8n writes it, so a second one waiting behind it
 * in the database's queue would add nothing but another request kept waiting with its isolate.
 */
export const MAX_SAVES_IN_FLIGHT = 1;

/** A save not seen in the database this long after it was handed over is taken as lost. */
export const SAVE_LOST_SECONDS = 60;

/** Writer and save count of a stored memory (`by`), when it has them. */
function storedStamp(stored: unknown): { writer: string; saves: number } | undefined {
	const by = (stored as { by?: unknown } | undefined)?.by;
	const match = typeof by === 'string' ? /^([0-9a-f-]{36}):(\d{1,15})$/.exec(by) : null;
	return match ? { writer: match[1], saves: Number(match[2]) } : undefined;
}

const processMemory = new Map<string, HeldMemory>();

/** Trigger nodes remembered in memory at most (each holds at most `capacity` keys). */
export const PROCESS_MEMORY_SCOPES = 200;

/** Of those, the most recently used ones hold their whole memory (the others the last minutes). */
export const WHOLE_MEMORY_SCOPES = 20;

/** How long this running n8n remembers a report by itself (the stored memory keeps it longer). */
export const PROCESS_MEMORY_SECONDS = 15 * 60;

/** Keeps PROCESS_MEMORY_SCOPES scopes, the WHOLE_MEMORY_SCOPES most recent of them whole. */
function trimProcessMemory(now: number): void {
	const size = processMemory.size;
	let index = 0;
	for (const [scope, held] of processMemory) {
		const rank = size - index++;
		if (rank > PROCESS_MEMORY_SCOPES) processMemory.delete(scope);
		else if (rank > WHOLE_MEMORY_SCOPES && held.text !== undefined) {
			processMemory.set(scope, {
				...held,
				memory: held.memory.recent(now, PROCESS_MEMORY_SECONDS),
				text: undefined,
			});
		}
	}
}

/**
 * The dedupe step of one request: the stored memory (static data) and this running n8n's memory
 * together decide which reports are new; both learn every report of the request. Returns the new
 * reports, the memory (changed when there were reports), whether to hand it to n8n for saving
 * (`save`: false while too many of its saves are still on their way, see HeldMemory) and the
 * value to store (see storedState). `handOver`: `never` for a callback that joined a batch of
 * combined callbacks (combine.ts), which leaves the save to the one that starts the batch's
 * execution; that one hands it over `always` after the window, whatever is on its way: one save
 * per window cannot pile up, and the window's reports reach the database without waiting for a
 * later callback. `always` hands over the memory as this running n8n holds it after the window
 * (what every callback of the window loaded and learned), not one rebuilt from what the starting
 * callback loaded before the window.
 */
export function rememberReports(
	scope: string,
	stored: unknown,
	event: CallbackEvent,
	reports: IDataObject[],
	now: number,
	limits: DedupeLimits = DEFAULT_DEDUPE_LIMITS,
	handOver: 'never' | 'unlessInFlight' | 'always' = 'unlessInFlight',
): {
	fresh: IDataObject[];
	repeated: number;
	memory: SeenReports;
	save: boolean;
	state: DedupeState;
} {
	const held = processMemory.get(scope);
	const writer = held?.writer ?? randomUUID();
	const stamp = storedStamp(stored);
	// One of this memory's own saves, maybe not its latest: everything in it is in the memory. The
	// saves handed to n8n since then are still on their way.
	const inFlight =
		held?.text !== undefined && stamp?.writer === writer && stamp.saves <= held.saves
			? held.saves - stamp.saves
			: undefined;
	let memory: SeenReports;
	if (held?.text !== undefined && handOver === 'always') {
		// After a window: every callback of it checked against this memory, which took in what
		// each of them loaded. Saved whether or not it counts as changed: the callbacks of the
		// window (`never`) saved none of their reports, which a memory marked as stored by one of
		// them no longer counts as changes.
		memory = held.memory;
	} else if (
		held?.text !== undefined &&
		(inFlight !== undefined || storedText(stored) === held.text)
	) {
		// What is stored is what this n8n stored: the memory it has holds all of it.
		memory = held.memory;
		memory.markStored();
	} else {
		const fromStore = SeenReports.fromState(stored, now, limits);
		const recent = held?.memory.recent(now, PROCESS_MEMORY_SECONDS);
		memory = recent ? SeenReports.merged([fromStore, recent], now, limits) : fromStore;
	}
	const { fresh, repeated } = dropSeenReports(event, reports, memory, now);
	const lost = held?.handedAt !== undefined && now - held.handedAt >= SAVE_LOST_SECONDS;
	const free = (inFlight ?? 0) < MAX_SAVES_IN_FLIGHT || lost;
	const save = handOver === 'always' || (handOver === 'unlessInFlight' && memory.dirty && free);
	const saves = (held?.saves ?? 0) + (save ? 1 : 0);
	const handedAt = save ? now : held?.handedAt;
	const state: DedupeState = { ...memory.toState(), by: `${writer}:${saves}` };
	processMemory.delete(scope);
	processMemory.set(scope, { memory, text: state.seen, writer, saves, handedAt });
	trimProcessMemory(now);
	return { fresh, repeated, memory, save, state: storedState(scope, state) };
}

/**
 * The value to put into the static data. n8n writes the static data to its database after the
 * answer has gone out, and several requests may be in flight: when it is written (JSON.stringify
 * calls `toJSON`), it is what this running n8n knows at that moment, not what it knew when this
 * request was decided. So a save never puts back an older memory than this n8n holds, and
 * another n8n instance reading the database sees every report this one has seen so far.
 */
function storedState(scope: string, state: DedupeState): DedupeState {
	const value: DedupeState = { ...state };
	Object.defineProperty(value, 'toJSON', {
		enumerable: false,
		value: (): DedupeState => {
			const held = processMemory.get(scope);
			if (held?.text === undefined) return { ...state };
			return { ...state, seen: held.text, by: `${held.writer}:${held.saves}` };
		},
	});
	return value;
}

/** Forgets this running n8n's memory (tests). */
export function forgetProcessMemory(): void {
	processMemory.clear();
}
