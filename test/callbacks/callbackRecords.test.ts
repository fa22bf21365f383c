/**
 * The events sent as records (callbacks/callbackRecords.ts), through parseCallback
 * (callbacks/callbackParsing.ts): number lookup results (POST, arrays in every shape n8n passes),
 * inbound messages, clicks and bulk starts, and fields the service does not document repeated in a
 * record. Delivery reports' columns: dlrColumns.test.ts.
 */
import { parseCallback } from '../../nodes/Smsapi/callbacks/callbackParsing';
import { parseFormEncoded } from '../../nodes/Smsapi/callbacks/formDecoding';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';
import { ok } from './support/parsing';

describe('number lookup results (POST, arrays)', () => {
	const entry = (id: string, number: string) => ({
		id,
		number,
		mcc: '260',
		mnc: '02',
		info: 'T-Mobile',
		status: 'OK',
		date: '1700000000',
		ported: '1',
		ported_from: 'null',
		idx: '',
	});

	it('turns a JSON array into one item per entry and leaves out a broken entry', () => {
		const body = [entry('a1', '48500000001'), { mcc: '260' }, 'garbage', entry('a2', '48500000002')];
		const result = ok(parseCallback('hlr', { query: { secret: 's' }, body }));
		expect(result.reports).toEqual([
			{
				id: 'a1',
				number: '48500000001',
				mcc: '260',
				mnc: '02',
				info: 'T-Mobile',
				status: 'OK',
				date: 1700000000,
				date_iso: '2023-11-14T22:13:20.000Z',
				ported: true,
				ported_from: null,
				idx: null,
			},
			expect.objectContaining({ id: 'a2', number: '48500000002' }),
		]);
		expect(result.dropped).toEqual([
			{ position: 1, reason: 'id and number are missing' },
			{ position: 2, reason: 'entry is not an object' },
		]);
	});

	it('reads form-encoded arrays with indexes (0[id]=..&1[id]=..) as n8n passes them (flat keys)', () => {
		const body = parseFormEncoded('0[id]=a1&0[number]=48500000001&0[status]=OK&1[id]=a2&1[number]=48500000002&1[status]=FAIL');
		expect(body).toEqual({
			'0[id]': 'a1',
			'0[number]': '48500000001',
			'0[status]': 'OK',
			'1[id]': 'a2',
			'1[number]': '48500000002',
			'1[status]': 'FAIL',
		});
		const { reports } = ok(parseCallback('hlr', { query: {}, body }));
		expect(reports.map((r) => [r.id, r.number, r.status])).toEqual([
			['a1', '48500000001', 'OK'],
			['a2', '48500000002', 'FAIL'],
		]);
	});

	it('reads parallel form arrays (id[]=..&number[]=..) zipped by position', () => {
		const body = parseFormEncoded('id[]=a1&id[]=a2&number[]=48500000001&number[]=48500000002&status[]=OK&status[]=OK');
		const { reports } = ok(parseCallback('hlr', { query: {}, body }));
		expect(reports.map((r) => [r.id, r.number])).toEqual([
			['a1', '48500000001'],
			['a2', '48500000002'],
		]);
	});

	it('reads the nested objects of Express\'s extended parser ({0: {...}, 1: {...}})', () => {
		const body = { '0': entry('a1', '1'), '1': entry('a2', '2') };
		expect(ok(parseCallback('hlr', { query: {}, body })).reports.map((r) => r.id)).toEqual(['a1', 'a2']);
	});

	it('reads an array inside a wrapper object', () => {
		const body = { data: [entry('a1', '1'), entry('a2', '2')] };
		expect(ok(parseCallback('hlr', { query: {}, body })).reports.map((r) => r.id)).toEqual(['a1', 'a2']);
	});

	it('reads JSON sent as text/plain and an unparsed raw body', () => {
		const json = JSON.stringify([entry('a1', '1')]);
		expect(ok(parseCallback('hlr', { query: {}, body: json })).reports.map((r) => r.id)).toEqual(['a1']);
		expect(ok(parseCallback('hlr', { query: {}, body: {}, rawBody: json })).reports.map((r) => r.id)).toEqual(['a1']);
		expect(ok(parseCallback('hlr', { query: {}, body: {}, rawBody: 'id=a9&number=4' })).reports.map((r) => r.id)).toEqual(['a9']);
	});

	it('reads a single result sent as plain fields', () => {
		const { reports } = ok(parseCallback('hlr', { query: {}, body: entry('a1', '1') }));
		expect(reports).toHaveLength(1);
	});

	it('reports a body it cannot read as malformed instead of failing', () => {
		const result = ok(parseCallback('hlr', { query: {}, body: '<<<not json>>>' }));
		expect(result.reports).toEqual([]);
		expect(result.dropped).toEqual([{ position: 0, reason: 'body is neither JSON nor form data' }]);
		expect(ok(parseCallback('hlr', { query: {}, body: '[1, 2' })).dropped).toHaveLength(1);
	});

	it('refuses more entries than the limit (HTTP 413)', () => {
		const body = Array.from({ length: PARSE_LIMITS.maxReports + 1 }, (_, i) => entry(String(i), String(i)));
		expect(parseCallback('hlr', { query: {}, body })).toMatchObject({ ok: false, status: 413 });
	});
});

describe('inbound messages, clicks and bulk starts', () => {
	it('reads an inbound message form with its ISO time, keeping the text as sent', () => {
		const body = parseFormEncoded(
			'sms_to=48799000000&sms_from=48500000000&sms_text=STOP+please%21%20&sms_date=1700000000&username=acme&MsgId=mo-1',
		);
		const { reports } = ok(parseCallback('mo', { query: { secret: 'x' }, body }));
		expect(reports).toEqual([
			{
				sms_to: '48799000000',
				sms_from: '48500000000',
				sms_text: 'STOP please! ',
				sms_date: 1700000000,
				sms_date_iso: '2023-11-14T22:13:20.000Z',
				username: 'acme',
				MsgId: 'mo-1',
			},
		]);
	});

	it('reads a short-link click', () => {
		const query = {
			MsgId: 'm1',
			MsgIdx: 'order-1',
			suffix: 'aB3x',
			to: '48500000000',
			click_date: '1700000000',
			device: 'Mobile',
			operating_system: 'Android',
			browser: 'Chrome',
			username: 'acme',
			ip: '203.0.113.9',
		};
		const { reports } = ok(parseCallback('click', { query, body: {} }));
		expect(reports[0]).toEqual({
			...query,
			click_date: 1700000000,
			click_date_iso: '2023-11-14T22:13:20.000Z',
		});
	});

	it('reads a bulk start with numbers as numbers', () => {
		const { reports } = ok(
			parseCallback('bulk', { query: {}, body: { type: 'SMS', all: '1500', points: '247.5000', info: 'Numbers from file', text: 'Sale!' } }),
		);
		expect(reports).toEqual([{ type: 'SMS', all: 1500, points: 247.5, info: 'Numbers from file', text: 'Sale!' }]);
	});

	it('passes unknown fields through without letting them overwrite derived ones', () => {
		const { reports } = ok(parseCallback('click', { query: { MsgId: 'm1', campaign: 'x', click_date_iso: 'forged' }, body: {} }));
		expect(reports[0].campaign).toBe('x');
		expect(reports[0].click_date_iso).toBeNull();
	});
});

describe('repeated fields the service does not document (found by callbackParsing.fuzz.test.ts)', () => {
	it('`extra=a&extra=b` in an inbound message is one report, not two', () => {
		const rawBody = 'sms_from=48500&sms_text=hi&MsgId=7&extra=a&extra=b';
		expect(ok(parseCallback('mo', { query: {}, body: {}, rawBody })).reports.map((report) => report.MsgId)).toEqual(['7']);
	});

	it('parallel arrays of the event\'s own fields still make one report per entry', () => {
		const body = { 'id[]': ['1', '2'], 'number[]': ['48500', '48501'], 'note[]': ['a', 'b', 'c'] };
		expect(ok(parseCallback('hlr', { query: {}, body })).reports.map((report) => report.id)).toEqual(['1', '2']);
	});
});
