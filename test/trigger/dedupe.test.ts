import {
	dedupeKey,
	DEFAULT_DEDUPE_LIMITS,
	dropSeenReports,
	reportIdentity,
	SeenReports,
} from '../../nodes/Smsapi/trigger/dedupe';
import {
	forgetProcessMemory,
	MAX_SAVES_IN_FLIGHT,
	PROCESS_MEMORY_SCOPES,
	PROCESS_MEMORY_SECONDS,
	WHOLE_MEMORY_SCOPES,
	rememberReports,
} from '../../nodes/Smsapi/trigger/reportMemory';
import { deepCopy, ObservableObject, type IDataObject } from 'n8n-workflow';

const limits = { capacity: 3, ttlSeconds: 100 };

describe('SeenReports (bounded LRU with expiry)', () => {
	it('keeps at most `capacity` keys, forgetting the least recently seen first', () => {
		const memory = new SeenReports(limits);
		for (const [i, key] of ['k1', 'k2', 'k3', 'k4', 'k5'].entries()) memory.touch(key, 1000 + i);
		expect(memory.size).toBe(3);
		expect(memory.has('k1', 1010)).toBe(false);
		expect(memory.has('k2', 1010)).toBe(false);
		expect(['k3', 'k4', 'k5'].every((key) => memory.has(key, 1010))).toBe(true);
	});

	it('moves a key seen again to the most recent end', () => {
		const memory = new SeenReports(limits);
		memory.touch('k1', 1);
		memory.touch('k2', 2);
		memory.touch('k3', 3);
		memory.touch('k1', 4); // seen again: now the newest
		memory.touch('k4', 5); // evicts k2, the least recently seen
		expect(memory.has('k1', 6)).toBe(true);
		expect(memory.has('k2', 6)).toBe(false);
		expect(memory.entries().map(([key]) => key)).toEqual(['k3', 'k1', 'k4']);
	});

	it('forgets a key `ttlSeconds` after it was last seen', () => {
		const memory = new SeenReports(limits);
		memory.touch('k1', 1000);
		expect(memory.has('k1', 1100)).toBe(true);
		expect(memory.has('k1', 1101)).toBe(false);
	});

	it('restores from stored JSON, dropping expired, malformed and excess entries', () => {
		const stored = JSON.parse(
			JSON.stringify({
				v: 1,
				entries: [['old', 100], 'garbage', ['a', 950], [42, 960], ['b', 960], ['c', 970], ['d', 980]],
			}),
		) as unknown;
		const memory = SeenReports.fromState(stored, 1000, limits);
		expect(memory.entries()).toEqual([
			['b', 960],
			['c', 970],
			['d', 980],
		]);
		expect(memory.dirty).toBe(true);
	});

	it('starts empty (and clean) from nothing or from anything unusable', () => {
		for (const stored of [undefined, null, 'x', { entries: 'x' }, {}]) {
			const memory = SeenReports.fromState(stored, 1000, limits);
			expect(memory.size).toBe(0);
			expect(memory.dirty).toBe(false);
		}
	});

	it('is not dirty when restored state had nothing to drop', () => {
		const stored = SeenReports.fromState({ v: 1, entries: [['a', 990]] }, 1000, limits).toState();
		const memory = SeenReports.fromState(stored, 1000, limits);
		expect(memory.dirty).toBe(false);
		memory.touch('b', 1000);
		expect(memory.dirty).toBe(true);
	});

	it('reads a memory stored in version 1 and marks it for saving in the current form', () => {
		const memory = SeenReports.fromState({ v: 1, entries: [['a', 990], ['b', 995]] }, 1000, limits);
		expect(memory.entries()).toEqual([['a', 990], ['b', 995]]);
		expect(memory.dirty).toBe(true);
		expect(SeenReports.fromState(memory.toState(), 1000, limits).entries()).toEqual([['a', 990], ['b', 995]]);
	});

	it('drops malformed parts of a stored text', () => {
		const memory = SeenReports.fromState({ v: 2, seen: 'a rs,bad,b rs x, rs,c !,d rt' }, 1000, limits);
		expect(memory.entries()).toEqual([['a', 1000], ['d', 1001]]);
		expect(memory.dirty).toBe(true);
		expect(SeenReports.fromState({ v: 2, seen: '' }, 1000, limits).size).toBe(0);
	});

	it('stores a full memory as one text (n8n proxies every object inside static data, per copy)', () => {
		const memory = new SeenReports();
		const now = 1_800_000_000;
		for (let i = 0; i < DEFAULT_DEDUPE_LIMITS.capacity + 500; i++)
			memory.touch(dedupeKey('dlr', { MsgId: String(i), status: 404 }), now - 1000 + (i % 1000));
		expect(memory.size).toBe(DEFAULT_DEDUPE_LIMITS.capacity);
		const state = memory.toState();
		const objects = (value: unknown): number =>
			typeof value === 'object' && value !== null ? 1 + Object.values(value).reduce((n: number, v) => n + objects(v), 0) : 0;
		// The old form (one [key, seconds] array per report) held 10,001 objects here.
		expect(objects(state)).toBe(1);
		expect(JSON.stringify(state).length).toBeLessThan(260_000);
		const restored = SeenReports.fromState(JSON.parse(JSON.stringify(state)), now, DEFAULT_DEDUPE_LIMITS);
		expect(restored.entries()).toEqual(memory.entries());
		expect(restored.dirty).toBe(false);
	});

	it('cuts to the keys seen in the last seconds', () => {
		const memory = SeenReports.fromState({ v: 1, entries: [['k1', 10], ['k2', 30], ['k3', 40]] }, 50, limits);
		expect(memory.recent(50, 20).entries()).toEqual([['k2', 30], ['k3', 40]]);
	});

	it('merges memories: each key at its latest sighting, least recent first, expired dropped, capacity kept', () => {
		const a = SeenReports.fromState({ v: 1, entries: [['k1', 10], ['k2', 30]] }, 50, limits);
		const b = SeenReports.fromState({ v: 1, entries: [['old', -100], ['k1', 40], ['k3', 20]] }, 50, limits);
		const merged = SeenReports.merged([a, b], 50, limits);
		expect(merged.entries()).toEqual([['k3', 20], ['k2', 30], ['k1', 40]]);
		expect(merged.dirty).toBe(true);
		const four = SeenReports.merged([a, SeenReports.fromState({ v: 1, entries: [['k4', 45], ['k5', 46]] }, 50, limits)], 50, limits);
		expect(four.entries().map(([key]) => key)).toEqual(['k2', 'k4', 'k5']);
		// Nothing new: not dirty.
		const clean = SeenReports.fromState(a.toState(), 50, limits);
		expect(SeenReports.merged([clean, clean], 50, limits).dirty).toBe(false);
	});

	it('has the documented default bounds', () => {
		expect(DEFAULT_DEDUPE_LIMITS).toEqual({ capacity: 10_000, ttlSeconds: 604_800 });
		const memory = new SeenReports();
		for (let i = 0; i < 10_050; i++) memory.touch(`k${i}`, 1);
		expect(memory.size).toBe(10_000);
		expect(memory.has('k49', 1)).toBe(false);
		expect(memory.has('k50', 1)).toBe(true);
	});
});

describe('report identity', () => {
	it('tells delivery reports apart by message and status', () => {
		const delivered = dedupeKey('dlr', { MsgId: '1', status: 404, to: '48500000000' });
		expect(dedupeKey('dlr', { MsgId: '1', status: 404, to: 'other', points: 1 })).toBe(delivered);
		expect(dedupeKey('dlr', { MsgId: '1', status: 410 })).not.toBe(delivered);
		expect(dedupeKey('dlr', { MsgId: '2', status: 404 })).not.toBe(delivered);
	});

	it('identifies inbound messages by id, or by sender, time and text without one', () => {
		expect(reportIdentity('mo', { MsgId: 'm1', sms_text: 'a' })).toBe(reportIdentity('mo', { MsgId: 'm1', sms_text: 'b' }));
		const withoutId = { sms_from: '1', sms_to: '2', sms_date: 5, sms_text: 'hi' };
		expect(dedupeKey('mo', withoutId)).toBe(dedupeKey('mo', { ...withoutId }));
		expect(dedupeKey('mo', withoutId)).not.toBe(dedupeKey('mo', { ...withoutId, sms_text: 'hi!' }));
	});

	it('keeps inbound messages apart whose fields only differ in where a "|" falls', () => {
		// Joined with "|", both were `mo|a|b|c|5|hi`: the second message was dropped as a repeat.
		const first = { sms_from: 'a|b', sms_to: 'c', sms_date: 5, sms_text: 'hi' };
		const second = { sms_from: 'a', sms_to: 'b|c', sms_date: 5, sms_text: 'hi' };
		expect(dedupeKey('mo', first)).not.toBe(dedupeKey('mo', second));
		expect(dedupeKey('dlr', { MsgId: '1|404', status: '' })).not.toBe(dedupeKey('dlr', { MsgId: '1', status: '404|' }));
	});

	it('identifies lookups by id and number, clicks by message and link', () => {
		expect(dedupeKey('hlr', { id: 'a', number: '1' })).not.toBe(dedupeKey('hlr', { id: 'a', number: '2' }));
		expect(dedupeKey('click', { MsgId: 'm', suffix: 'x', ip: '1' })).toBe(dedupeKey('click', { MsgId: 'm', suffix: 'x', ip: '2' }));
	});

	it('identifies a bulk start by all its fields, in any order', () => {
		expect(dedupeKey('bulk', { type: 'SMS', all: 5, text: 'x' })).toBe(dedupeKey('bulk', { text: 'x', all: 5, type: 'SMS' }));
		expect(dedupeKey('bulk', { type: 'SMS', all: 5, text: 'x' })).not.toBe(dedupeKey('bulk', { type: 'SMS', all: 6, text: 'x' }));
	});

	it('identifies a bulk start by its own fields only: fields the service does not document do not count', () => {
		const start = { type: 'SMS', all: 5, points: 0.5, info: 'Numbers from file', text: 'Sale!' };
		expect(dedupeKey('bulk', { ...start, campaign: 'a' })).toBe(dedupeKey('bulk', { ...start, campaign: 'b' }));
		// Nor does their size cost anything: only the bulk start's own fields are hashed.
		expect(reportIdentity('bulk', { ...start, huge: 'y'.repeat(100_000) })).toBe(reportIdentity('bulk', start));
	});

	it('gives a bulk start the key it had before (the whole report, sorted): stored memories still recognise it', () => {
		const start: IDataObject = { type: 'SMS', all: 5, points: 0.5, info: 'Numbers from file', text: 'Sale!' };
		const sortedFields = Object.keys(start)
			.sort()
			.map((key) => [key, start[key]]);
		expect(reportIdentity('bulk', start)).toBe(JSON.stringify(['bulk', JSON.stringify(sortedFields)]));
	});

	it('stores short hashes, not phone numbers or texts', () => {
		const key = dedupeKey('mo', { sms_from: '48500000000', sms_text: 'secret words', sms_date: 1 });
		expect(key).toMatch(/^[A-Za-z0-9_-]{16}$/);
		expect(key).not.toContain('48500000000');
	});
});

describe('dropSeenReports', () => {
	it('drops reports seen before and repeats inside one request, keeping the order of the rest', () => {
		const memory = new SeenReports(DEFAULT_DEDUPE_LIMITS);
		const first = dropSeenReports('dlr', [{ MsgId: '1', status: 404 }, { MsgId: '2', status: 404 }], memory, 10);
		expect(first).toEqual({ fresh: [{ MsgId: '1', status: 404 }, { MsgId: '2', status: 404 }], repeated: 0 });

		const second = dropSeenReports(
			'dlr',
			[{ MsgId: '2', status: 404 }, { MsgId: '3', status: 404 }, { MsgId: '3', status: 404 }, { MsgId: '1', status: 405 }],
			memory,
			20,
		);
		expect(second.fresh).toEqual([{ MsgId: '3', status: 404 }, { MsgId: '1', status: 405 }]);
		expect(second.repeated).toBe(2);
	});
});

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

	it('reads a memory stored before saves were counted (no `by`) as another process’s', () => {
		const old = { v: 2, seen: SeenReports.fromState(undefined, 10).toState().seen };
		const request = rememberReports('s', old, 'dlr', [dlr('1')], 10);
		expect(request.save).toBe(true);
		expect(request.state.by).toMatch(/^[0-9a-f-]{36}:1$/);
	});
});
