/**
 * The trigger's memory of reports it received: SeenReports, a bounded LRU with expiry, and the
 * text it is stored as; what makes two reports the same one (their keys), and dropping the reports
 * seen before.
 */
import { dedupeKey, DEFAULT_DEDUPE_LIMITS, dropSeenReports, reportIdentity, SeenReports } from '../../nodes/Smsapi/trigger/dedupe';
import { type IDataObject } from 'n8n-workflow';

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
