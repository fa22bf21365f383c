/**
 * rememberReports: the memory of this process and the one stored in the workflow's static data,
 * kept in step with what n8n writes, across processes and saves in flight.
 */
import { dedupeKey, SeenReports } from '../../nodes/Smsapi/trigger/dedupe';
import {
	forgetProcessMemory,
	MAX_SAVES_IN_FLIGHT,
	PROCESS_MEMORY_SCOPES,
	PROCESS_MEMORY_SECONDS,
	SAVE_LOST_SECONDS,
	WHOLE_MEMORY_SCOPES,
	rememberReports,
} from '../../nodes/Smsapi/trigger/reportMemory';
import { deepCopy, ObservableObject } from 'n8n-workflow';

describe('rememberReports (stored memory + this process)', () => {
	beforeEach(() => forgetProcessMemory());
	const dlr1 = { MsgId: '1', status: 404 };
	const dlr2 = { MsgId: '2', status: 404 };

	it('recognises a report this process saw even when the stored memory predates it', () => {
		expect(rememberReports('wf|node|webhook', undefined, 'dlr', [dlr1], 10).fresh).toEqual([dlr1]);
		const again = rememberReports('wf|node|webhook', undefined, 'dlr', [dlr1, dlr2], 11);
		expect(again.fresh).toEqual([dlr2]);
		expect(again.repeated).toBe(1);
		// What is stored holds both, though the stored memory it started from held neither.
		expect(again.memory.entries().map(([key]) => key)).toHaveLength(2);
		expect(again.memory.dirty).toBe(true);
	});

	it('recognises a report from the stored memory alone (another process saw it)', () => {
		const elsewhere = rememberReports('wf|node|webhook', undefined, 'dlr', [dlr1], 10).memory.toState();
		forgetProcessMemory();
		expect(rememberReports('wf|node|webhook', elsewhere, 'dlr', [dlr1], 11).fresh).toEqual([]);
	});

	it('remembers by itself only the last minutes: older reports are known from the stored memory', () => {
		const first = rememberReports('wf|node|webhook', undefined, 'dlr', [dlr1], 10);
		const stored = first.memory.toState();
		expect(rememberReports('wf|node|webhook', undefined, 'dlr', [dlr2], 10 + PROCESS_MEMORY_SECONDS).fresh).toEqual([dlr2]);
		// dlr1 was seen PROCESS_MEMORY_SECONDS + 1 ago: this process no longer holds it ...
		expect(rememberReports('wf|node|webhook', undefined, 'dlr', [dlr1], 11 + PROCESS_MEMORY_SECONDS).fresh).toEqual([dlr1]);
		// ... the stored memory does (dlr2, seen 1 s ago, still comes from this process).
		const later = rememberReports('wf|node|webhook', stored, 'dlr', [dlr1, dlr2], 11 + PROCESS_MEMORY_SECONDS);
		expect(later.fresh).toEqual([]);
	});

	it('keeps scopes apart and remembers only the most recent scopes', () => {
		rememberReports('scope-0', undefined, 'dlr', [dlr1], 10);
		expect(rememberReports('scope-other', undefined, 'dlr', [dlr1], 10).fresh).toEqual([dlr1]);
		for (let i = 1; i <= PROCESS_MEMORY_SCOPES; i++) rememberReports(`scope-${i}`, undefined, 'dlr', [dlr2], 10);
		// scope-0 was the least recently used of PROCESS_MEMORY_SCOPES + 2: forgotten.
		expect(rememberReports('scope-0', undefined, 'dlr', [dlr1], 11).fresh).toEqual([dlr1]);
		expect(rememberReports(`scope-${PROCESS_MEMORY_SCOPES}`, undefined, 'dlr', [dlr2], 11).fresh).toEqual([]);
	});
});

describe('the stored text kept in step', () => {
	it('after new keys, repeated keys and keys dropping off at capacity it is what writing all keys anew gives', () => {
		const memory = new SeenReports({ capacity: 50, ttlSeconds: 3600 });
		memory.toState();
		let seed = 7;
		const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
		for (let step = 0; step < 2000; step++) {
			memory.touch(`k${Math.floor(random() * 120)}`, 1000 + step);
			if (step % 37 === 0) {
				const kept = memory.toState().seen;
				const anew = memory.entries().map(([key, seenAt]) => `${key} ${seenAt.toString(36)}`).join(',');
				expect(kept).toBe(anew);
			}
		}
		expect(memory.size).toBe(50);
		expect(SeenReports.fromState(memory.toState(), 3000).entries()).toEqual(memory.entries());
	});
});

describe('rememberReports: the memory this n8n stored last', () => {
	beforeEach(() => forgetProcessMemory());
	const dlr = (id: string) => ({ MsgId: id, status: 404 });

	it('is used as it is when the static data holds the text it stored; a text another n8n stored is read', () => {
		const first = rememberReports('s', undefined, 'dlr', [dlr('1')], 10);
		const same = rememberReports('s', first.state, 'dlr', [dlr('1'), dlr('2')], 11);
		expect(same.fresh).toEqual([dlr('2')]);
		expect(same.memory).toBe(first.memory);
		expect(same.memory.dirty).toBe(true);
		// Another n8n process saw report 3 and stored its own text: that text is read and joined.
		const elsewhere = rememberReports('other-n8n', undefined, 'dlr', [dlr('3')], 12).state;
		const joined = rememberReports('s', elsewhere, 'dlr', [dlr('3'), dlr('2'), dlr('4')], 13);
		expect(joined.fresh).toEqual([dlr('4')]);
		expect(joined.memory).not.toBe(first.memory);
		expect(joined.memory.entries()).toHaveLength(4);
	});

	it(`holds the whole memory for the ${WHOLE_MEMORY_SCOPES} most recent scopes only, the last minutes for the others`, () => {
		const old = rememberReports('scope-old', undefined, 'dlr', [dlr('1')], 10);
		for (let i = 0; i < WHOLE_MEMORY_SCOPES; i++) rememberReports(`scope-${i}`, undefined, 'dlr', [dlr('2')], 10);
		// No longer held whole: the same stored text is read again (a new memory), with the same answer.
		const again = rememberReports('scope-old', old.state, 'dlr', [dlr('1')], 11);
		expect(again.memory).not.toBe(old.memory);
		expect(again.fresh).toEqual([]);
	});
});

describe('the stored state: what n8n writes is what this n8n knows when it writes', () => {
	beforeEach(() => forgetProcessMemory());
	const dlr = (id: string) => ({ MsgId: id, status: 404 });
	const keysOf = (written: string) => SeenReports.fromState(JSON.parse(written).seenReports, 20).entries().map(([key]) => key);

	it('a request decided before another one but saved after it still saves the reports of both', () => {
		// Request A is decided, then request B; n8n saves A's static data after B's answer.
		const a = rememberReports('s', undefined, 'dlr', [dlr('1')], 10);
		const decidedByA = { ...a.state };
		const staticDataOfA = ObservableObject.create({}) as Record<string, unknown>;
		staticDataOfA.seenReports = a.state;
		expect(staticDataOfA.__dataChanged).toBe(true);
		const b = rememberReports('s', a.state, 'dlr', [dlr('2')], 11);
		expect(b.fresh).toEqual([dlr('2')]);
		// A plain copy of what A decided would put back the memory without report 2.
		expect(keysOf(JSON.stringify({ seenReports: decidedByA }))).toHaveLength(1);
		expect(keysOf(JSON.stringify(staticDataOfA))).toEqual(b.memory.entries().map(([key]) => key));
		expect(keysOf(JSON.stringify(staticDataOfA))).toHaveLength(2);
		// n8n's deepCopy (used on static data) gives the same plain value.
		expect(deepCopy(staticDataOfA.seenReports as object)).toEqual({ ...b.state });
	});

	it('is the state itself when this n8n holds no whole memory of the scope any more', () => {
		const a = rememberReports('s', undefined, 'dlr', [dlr('1')], 10);
		const value = a.state;
		forgetProcessMemory();
		expect(JSON.parse(JSON.stringify(value))).toEqual({ ...a.state });
		expect(Object.keys(value)).toEqual(['v', 'seen', 'by']);
	});
});

describe('a request of repeats only', () => {
	beforeEach(() => forgetProcessMemory());
	const dlr = (id: string) => ({ MsgId: id, status: 404 });

	it('changes nothing, so n8n writes nothing (a write from a process behind on reports would drop them)', () => {
		const first = rememberReports('s', undefined, 'dlr', [dlr('1'), dlr('2')], 10);
		expect(first.memory.dirty).toBe(true);
		first.memory.markStored();
		const repeat = rememberReports('s', first.state, 'dlr', [dlr('2'), dlr('1')], 20);
		expect(repeat).toMatchObject({ fresh: [], repeated: 2 });
		expect(repeat.memory.dirty).toBe(false);
		// The first sighting is kept: a repeat does not move a report to the recent end.
		expect(repeat.state).toEqual(first.state);
	});

	it('with a new report among them, only that one is added', () => {
		const first = rememberReports('s', undefined, 'dlr', [dlr('1')], 10);
		const mixed = rememberReports('s', first.state, 'dlr', [dlr('1'), dlr('3')], 20);
		expect(mixed.fresh).toEqual([dlr('3')]);
		expect(mixed.memory.dirty).toBe(true);
		expect(mixed.memory.entries()).toEqual([
			[expect.any(String), 10],
			[expect.any(String), 20],
		]);
	});
});

describe('saves on their way to the database', () => {
	beforeEach(() => forgetProcessMemory());
	const dlr = (id: string) => ({ MsgId: id, status: 404 });
	const keysOf = (value: unknown) => SeenReports.fromState(JSON.parse(JSON.stringify(value)), 1000).size;

	it(`hands n8n no more saves while ${MAX_SAVES_IN_FLIGHT} of them are not in its database; a repeat is still caught and the next save writes every report`, () => {
		const first = rememberReports('s', undefined, 'dlr', [dlr('0')], 10);
		expect(first.save).toBe(true);
		// n8n is slow to save: every request reads the first save back from the database.
		const inDatabase = JSON.parse(JSON.stringify(first.state)) as unknown;
		const handed: boolean[] = [];
		let lastSaved = first.state;
		for (let i = 1; i <= MAX_SAVES_IN_FLIGHT + 5; i++) {
			const request = rememberReports('s', inDatabase, 'dlr', [dlr(String(i))], 10 + i);
			expect(request.fresh).toEqual([dlr(String(i))]);
			handed.push(request.save);
			if (request.save) lastSaved = request.state;
		}
		expect(handed.filter(Boolean)).toHaveLength(MAX_SAVES_IN_FLIGHT);
		expect(handed.slice(MAX_SAVES_IN_FLIGHT)).toEqual([false, false, false, false, false]);
		// Held back, not forgotten: a repeat of a report of a held-back request starts nothing.
		const repeat = rememberReports('s', inDatabase, 'dlr', [dlr(String(MAX_SAVES_IN_FLIGHT + 5))], 40);
		expect(repeat).toMatchObject({ fresh: [], repeated: 1, save: false });
		// A save n8n writes now (JSON.stringify at save time) holds the reports of every request so far.
		expect(keysOf(lastSaved)).toBe(MAX_SAVES_IN_FLIGHT + 6);
		// Once that save is in the database, the next request's save is handed over again.
		const caughtUp = rememberReports('s', JSON.parse(JSON.stringify(lastSaved)), 'dlr', [dlr('new')], 41);
		expect(caughtUp.save).toBe(true);
		expect(keysOf(caughtUp.state)).toBe(MAX_SAVES_IN_FLIGHT + 7);
	});

	it('saves at once what it merged with the memory another n8n process stored, however many of its own saves are on their way', () => {
		const first = rememberReports('s', undefined, 'dlr', [dlr('1')], 10);
		const inDatabase = JSON.parse(JSON.stringify(first.state)) as unknown;
		for (let i = 2; i < MAX_SAVES_IN_FLIGHT + 5; i++) rememberReports('s', inDatabase, 'dlr', [dlr(String(i))], 10 + i);
		expect(rememberReports('s', inDatabase, 'dlr', [dlr('50')], 50).save).toBe(false);
		// Another process stored report 99 (its own memory, its own writer).
		const theirs = new SeenReports();
		theirs.touch(dedupeKey('dlr', dlr('99')), 51);
		const stored = { ...theirs.toState(), by: '00000000-0000-4000-8000-000000000000:7' };
		const joined = rememberReports('s', stored, 'dlr', [dlr('99'), dlr('100'), dlr('3')], 52);
		expect(joined).toMatchObject({ fresh: [dlr('100')], repeated: 2, save: true });
		expect(keysOf(joined.state)).toBe(MAX_SAVES_IN_FLIGHT + 7);
	});

	it(`a save not in the database ${SAVE_LOST_SECONDS} s after it was handed over (n8n could not write it) no longer holds the next one back`, () => {
		const first = rememberReports('s', undefined, 'dlr', [dlr('0')], 10);
		const inDatabase = JSON.parse(JSON.stringify(first.state)) as unknown;
		// The save handed at second 11 never reaches the database.
		const handed = rememberReports('s', inDatabase, 'dlr', [dlr('1')], 11);
		expect(handed.save).toBe(true);
		for (let i = 1; i <= MAX_SAVES_IN_FLIGHT; i++) rememberReports('s', inDatabase, 'dlr', [dlr(`held${i}`)], 12);
		expect(rememberReports('s', inDatabase, 'dlr', [dlr('2')], 11 + SAVE_LOST_SECONDS - 1).save).toBe(false);
		const again = rememberReports('s', inDatabase, 'dlr', [dlr('3')], 11 + SAVE_LOST_SECONDS);
		expect(again.save).toBe(true);
		expect(keysOf(again.state)).toBe(MAX_SAVES_IN_FLIGHT + 4);
		// That one is held back in turn until it is in the database or lost.
		expect(rememberReports('s', inDatabase, 'dlr', [dlr('4')], 12 + SAVE_LOST_SECONDS).save).toBe(false);
	});

	it('reads a memory stored before saves were counted (no `by`) as another process’s', () => {
		const old = { v: 2, seen: SeenReports.fromState(undefined, 10).toState().seen };
		const request = rememberReports('s', old, 'dlr', [dlr('1')], 10);
		expect(request.save).toBe(true);
		expect(request.state.by).toMatch(/^[0-9a-f-]{36}:1$/);
	});
});
