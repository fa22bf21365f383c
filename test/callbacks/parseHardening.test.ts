/**
 * Callback parsing against hostile input: form keys and values (callbacks/callbackInput.ts,
 * callbacks/formDecoding.ts), the size and time limits (callbacks/limits.ts), and repeated fields
 * the service does not document.
 */
import { expandFormKeys, normalizeIndexedObjects } from '../../nodes/Smsapi/callbacks/callbackInput';
import { parseCallback } from '../../nodes/Smsapi/callbacks/callbackParsing';
import { unixToIso } from '../../nodes/Smsapi/callbacks/fieldValues';
import { parseFormEncoded } from '../../nodes/Smsapi/callbacks/formDecoding';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import { ok } from './support/parsing';

describe('form keys and values', () => {
	it('expands bracket keys and ignores prototype keys', () => {
		const expanded = expandFormKeys({ 'a[0][b]': '1', 'a[1][b]': '2', '__proto__[polluted]': 'yes', 'constructor[x]': '1' });
		expect(normalizeIndexedObjects(expanded)).toEqual({ a: [{ b: '1' }, { b: '2' }] });
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		const viaParser = parseCallback('hlr', { query: {}, body: '__proto__[polluted]=yes&id=1' });
		expect(ok(viaParser).reports).toHaveLength(1);
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('keeps a value with a broken %-sequence as sent', () => {
		expect(parseFormEncoded('sms_text=100%&sms_from=1')).toEqual({ sms_text: '100%', sms_from: '1' });
	});

	it('converts UNIX seconds and milliseconds, and nothing else, to ISO', () => {
		expect(unixToIso('1700000000')).toBe('2023-11-14T22:13:20.000Z');
		expect(unixToIso(1700000000123)).toBe('2023-11-14T22:13:20.123Z');
		expect(unixToIso('yesterday')).toBeNull();
		expect(unixToIso('0')).toBeNull();
		expect(unixToIso('9'.repeat(30))).toBeNull();
	});
});

describe('hardening', () => {
	const dlrFields = (count: number) => ({
		MsgId: Array.from({ length: count }, (_, i) => String(i + 1)).join(','),
		status: Array.from({ length: count }, () => '404').join(','),
	});

	it('refuses a text body of 40,000 `x[]=1&` pairs with 413 at once, without expanding it (17.1)', () => {
		const rawBody = 'x[]=1&'.repeat(40_000);
		const started = Date.now();
		const result = parseCallback('mo', { query: {}, body: {}, rawBody });
		expect(Date.now() - started).toBeLessThan(200);
		expect(result).toEqual({ ok: false, status: 413, reason: expect.stringContaining('more than 1000 form fields') });
	});

	it('expands `x[]` keys in linear time: 1,000 pairs, the most accepted, take milliseconds', () => {
		const rawBody = `${'x[]=1&'.repeat(999)}sms_from=48500`;
		const started = Date.now();
		const result = parseCallback('mo', { query: {}, body: {}, rawBody });
		expect(Date.now() - started).toBeLessThan(200);
		expect(result.ok).toBe(true);
	});

	it('refuses a body beyond the length limit with 413', () => {
		const rawBody = `sms_text=${'a'.repeat(PARSE_LIMITS.maxBodyLength)}`;
		expect(parseCallback('mo', { query: {}, body: rawBody })).toMatchObject({ ok: false, status: 413 });
	});

	it('refuses parsed data with more fields than the limit (413), and a field name longer than any (400)', () => {
		const many: Record<string, string> = {};
		for (let i = 0; i <= PARSE_LIMITS.maxNodes; i++) many[`k${i}`] = '1';
		expect(parseCallback('bulk', { query: {}, body: many })).toMatchObject({ ok: false, status: 413 });
		expect(parseCallback('bulk', { query: { ['k'.repeat(300)]: '1' }, body: {} })).toMatchObject({ ok: false, status: 400 });
	});

	it('checks a 65,535-digit time or points value without backtracking (17.1)', () => {
		const digits = `${'1'.repeat(65_535)}x`;
		const started = Date.now();
		const result = ok(parseCallback('dlr', { query: { MsgId: '1', status: '404', sent_at: digits, points: digits }, body: {} }));
		expect(Date.now() - started).toBeLessThan(200);
		expect(result.reports[0]).toMatchObject({ points: null, sent_at_iso: null });
	});

	it.each(['toString', 'valueOf', 'hasOwnProperty', 'constructor', '__proto__'])(
		'a field named %s does not turn one callback into several reports (17.6)',
		(name) => {
			for (const rawBody of [`sms_from=48500&sms_text=hi&${name}=1`, `${name}=1&sms_from=48500&sms_text=hi`]) {
				expect(ok(parseCallback('mo', { query: {}, body: {}, rawBody })).reports).toHaveLength(1);
			}
			const query = { ...dlrFields(2), [name]: 'a,b,c' };
			expect(ok(parseCallback('dlr', { query, body: {} })).reports).toHaveLength(2);
			expect(ok(parseCallback('hlr', { query: {}, body: [{ id: '1', number: '48500', [name]: '1' }] })).reports).toHaveLength(1);
		},
	);

	it('never throws on huge arrays (no spread of their entries into one call; 17.7)', () => {
		const huge = Array.from({ length: 300_000 }, (_, i) => String(i));
		for (const event of ['dlr', 'mo', 'hlr', 'bulk', 'click'] as const) {
			expect(() => parseCallback(event, { query: {}, body: { id: huge, MsgId: huge } })).not.toThrow();
			expect(parseCallback(event, { query: {}, body: { id: huge, MsgId: huge } })).toMatchObject({ ok: false, status: 413 });
		}
		const commas = ','.repeat(300_000);
		expect(parseCallback('dlr', { query: { MsgId: [`1${commas}`], status: '404' }, body: {} })).toMatchObject({ ok: false, status: 413 });
		const manyLists: Record<string, string[]> = {};
		for (let i = 0; i < 200_000; i++) manyLists[`k${i}`] = ['1', '2'];
		expect(parseCallback('hlr', { query: {}, body: manyLists })).toMatchObject({ ok: false, status: 413 });
	});
});

describe('repeated fields the service does not document (found by test/fuzz/trigger.test.ts)', () => {
	it('`extra=a&extra=b` in an inbound message is one report, not two', () => {
		const rawBody = 'sms_from=48500&sms_text=hi&MsgId=7&extra=a&extra=b';
		expect(ok(parseCallback('mo', { query: {}, body: {}, rawBody })).reports.map((report) => report.MsgId)).toEqual(['7']);
	});

	it('parallel arrays of the event\'s own fields still make one report per entry', () => {
		const body = { 'id[]': ['1', '2'], 'number[]': ['48500', '48501'], 'note[]': ['a', 'b', 'c'] };
		expect(ok(parseCallback('hlr', { query: {}, body })).reports.map((report) => report.id)).toEqual(['1', '2']);
	});
});
