/**
 * How much one callback request may carry (callbacks/limits.ts), through parseCallback: a body of
 * too many fields or beyond the length limit refused (413) at once, before anything is expanded, a
 * field name longer than any (400), the most accepted read in linear time, long numbers checked
 * without backtracking, fields named like members of every object, and huge arrays never thrown on.
 */
import { parseCallback } from '../../nodes/Smsapi/callbacks/callbackParsing';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import { ok } from './support/parsing';

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
