/**
 * Delivery reports as the service sends them (callbacks/dlrColumns.ts), through parseCallback
 * (callbacks/callbackParsing.ts): GET requests whose parameters carry comma-separated columns, one
 * report a position, in every shape n8n hands them over.
 */
import { parseCallback } from '../../nodes/Smsapi/callbacks/callbackParsing';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import { ok, oneDlr } from './support/parsing';

describe('delivery reports (GET, comma-separated columns)', () => {
	it('turns one report into one item with the service names, typed values and derived fields', () => {
		const { reports, dropped } = ok(parseCallback('dlr', { query: { ...oneDlr, secret: 's3cret' }, body: {} }));
		expect(dropped).toEqual([]);
		expect(reports).toEqual([
			{
				MsgId: '7074294081650020450',
				status: 404,
				status_name: 'DELIVERED',
				final: true,
				idx: null,
				sent_at: 1700000000,
				sent_at_iso: '2023-11-14T22:13:20.000Z',
				donedate: 1700000100,
				donedate_iso: '2023-11-14T22:15:00.000Z',
				username: 'acme',
				points: 0.165,
				to: '48500000000',
				mcc: '260',
				mnc: '01',
			},
		]);
		// The field order follows the service's documentation (final right after status_name).
		expect(Object.keys(reports[0]).slice(0, 4)).toEqual(['MsgId', 'status', 'status_name', 'final']);
	});

	it('splits five comma-separated values into five reports aligned by position', () => {
		const query = {
			MsgId: '1,2,3,4,5',
			status: '404,405,409,410,412',
			status_name: ',,,,',
			idx: 'a,b,c,d,e',
			sent_at: '1700000000,1700000001,1700000002,1700000003,1700000004',
			donedate: '1700000100,1700000101,1700000102,1700000103,1700000104',
			username: 'acme,acme,acme,acme,acme',
			points: '0.1,0.2,0.3,0.4,0.5',
			to: '48500000001,48500000002,48500000003,48500000004,48500000005',
			mcc: '260,260,260,260,260',
			mnc: '01,02,03,06,10',
		};
		const { reports } = ok(parseCallback('dlr', { query, body: {} }));
		expect(reports).toHaveLength(5);
		expect(reports.map((r) => r.MsgId)).toEqual(['1', '2', '3', '4', '5']);
		// Names come from the status table when the service sends none.
		expect(reports.map((r) => r.status_name)).toEqual(['DELIVERED', 'UNDELIVERED', 'QUEUE', 'ACCEPTED', 'STOP']);
		expect(reports.map((r) => r.final)).toEqual([true, true, false, false, true]);
		expect(reports[3]).toMatchObject({
			MsgId: '4',
			status: 410,
			idx: 'd',
			sent_at_iso: '2023-11-14T22:13:23.000Z',
			points: 0.4,
			to: '48500000004',
			mnc: '06',
		});
	});

	it('refuses parameters with different numbers of values (HTTP 400) and says which', () => {
		const result = parseCallback('dlr', { query: { MsgId: '1,2,3', status: '404,404', to: '1,2,3' }, body: {} });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.status).toBe(400);
		expect(result.reason).toContain('MsgId: 3');
		expect(result.reason).toContain('status: 2');
		expect(result.reason).not.toContain('to:');
	});

	it('keeps the reports when only idx (the sender\'s free text) cannot be aligned', () => {
		const result = ok(parseCallback('dlr', { query: { MsgId: '1,2', status: '404,404', idx: 'order,1,order,2' }, body: {} }));
		expect(result.reports.map((r) => [r.MsgId, r.idx])).toEqual([
			['1', null],
			['2', null],
		]);
		expect(result.warnings.join(' ')).toContain('idx');
	});

	it('takes every value whole when the request carries a single report', () => {
		const { reports } = ok(parseCallback('dlr', { query: { MsgId: '9', status: '404', idx: 'order,17' }, body: {} }));
		expect(reports).toHaveLength(1);
		expect(reports[0].idx).toBe('order,17');
	});

	it('treats a parameter empty for every report as absent', () => {
		const { reports } = ok(parseCallback('dlr', { query: { MsgId: '1,2', status: '404,405', idx: '' }, body: {} }));
		expect(reports.map((r) => r.idx)).toEqual([null, null]);
	});

	it('keeps the valid positions of a request with a malformed one', () => {
		const result = ok(
			parseCallback('dlr', {
				query: { MsgId: 'a,,c,d', status: '404,404,x,405', to: '1,2,3,4' },
				body: {},
			}),
		);
		expect(result.reports.map((r) => r.MsgId)).toEqual(['a', 'd']);
		expect(result.dropped).toEqual([
			{ position: 1, reason: 'MsgId is missing' },
			{ position: 2, reason: 'status is missing or not a number' },
		]);
	});

	it('derives the code from the status name and the name from the code', () => {
		const { reports } = ok(parseCallback('dlr', { query: { MsgId: '1,2', status: ',405', status_name: 'DELIVERED,' }, body: {} }));
		expect(reports.map((r) => [r.status, r.status_name, r.final])).toEqual([
			[404, 'DELIVERED', true],
			[405, 'UNDELIVERED', true],
		]);
	});

	it('marks codes outside the table as not final and keeps the service\'s name', () => {
		const { reports } = ok(parseCallback('dlr', { query: { MsgId: '1', status: '411', status_name: 'RENEWAL' }, body: {} }));
		expect(reports[0]).toMatchObject({ status: 411, status_name: 'RENEWAL', final: false });
	});

	it('accepts repeated keys (arrays) as columns', () => {
		const { reports } = ok(parseCallback('dlr', { query: { MsgId: ['1', '2'], status: ['404', '405'] }, body: {} }));
		expect(reports.map((r) => [r.MsgId, r.status])).toEqual([
			['1', 404],
			['2', 405],
		]);
	});

	it('accepts more than five reports but refuses far too many (HTTP 413)', () => {
		const seven = Array.from({ length: 7 }, (_, i) => String(i + 1)).join(',');
		expect(ok(parseCallback('dlr', { query: { MsgId: seven, status: seven.replace(/\d/g, '404') }, body: {} })).reports).toHaveLength(7);

		const many = Array.from({ length: PARSE_LIMITS.maxReports + 1 }, (_, i) => String(i)).join(',');
		const result = parseCallback('dlr', { query: { MsgId: many }, body: {} });
		expect(result).toMatchObject({ ok: false, status: 413 });
	});

	it('answers an empty request with no reports and nothing dropped (a URL check)', () => {
		expect(ok(parseCallback('dlr', { query: { secret: 'x' }, body: {} }))).toEqual({
			ok: true,
			reports: [],
			dropped: [],
			warnings: [],
		});
	});

	it('reports a request without MsgId as malformed', () => {
		const result = ok(parseCallback('dlr', { query: { status: '404' }, body: {} }));
		expect(result.reports).toEqual([]);
		expect(result.dropped).toEqual([{ position: 0, reason: 'MsgId is missing' }]);
	});

	it('never copies the secret into a report', () => {
		const { reports } = ok(parseCallback('dlr', { query: { ...oneDlr, secret: 'hunter2' }, body: {} }));
		expect(JSON.stringify(reports)).not.toContain('hunter2');
	});

	it('drops a report with an oversized value', () => {
		const result = ok(parseCallback('dlr', { query: { MsgId: '1', status: '404', to: 'x'.repeat(PARSE_LIMITS.maxFieldLength + 1) }, body: {} }));
		expect(result.reports).toEqual([]);
		expect(result.dropped[0].reason).toBe('to is too long');
	});
});
