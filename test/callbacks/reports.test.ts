/**
 * One report from one record (callbacks/reports.ts): only the event's own fields, typed; a field
 * with several values or beyond the length limit, or a record without what identifies its event
 * (a delivery report's MsgId and status, an inbound message's sender or text, …), a problem instead
 * of a report; a delivery report's status named (status_name, final) from its code or its name, a
 * lookup's `null` ported_from as null.
 */
import { buildReport, presentReports } from '../../nodes/Smsapi/callbacks/reports';
import { PARSE_LIMITS } from '../../nodes/Smsapi/callbacks/limits';

describe('one report', () => {
	it('a delivery report: its fields typed, the status named and whether it is final; other fields left out', () => {
		const { report } = buildReport('dlr', { MsgId: '7074', status: '404', sent_at: '1700000000', points: '0,165', extra: 'x' });
		expect(report).toEqual({
			MsgId: '7074',
			status: 404,
			status_name: 'DELIVERED',
			final: true,
			idx: null,
			sent_at: 1700000000,
			sent_at_iso: '2023-11-14T22:13:20.000Z',
			donedate: null,
			donedate_iso: null,
			username: null,
			points: 0.165,
			to: null,
			mcc: null,
			mnc: null,
		});
	});

	it('a delivery report named by status_name only gets its code; one still under way is not final', () => {
		expect(buildReport('dlr', { MsgId: '1', status_name: 'DELIVERED' }).report).toMatchObject({ status: 404, status_name: 'DELIVERED', final: true });
		expect(buildReport('dlr', { MsgId: '1', status: '409' }).report).toMatchObject({ status: 409, status_name: 'QUEUE', final: false });
	});

	it('names what is missing instead of a report', () => {
		expect(buildReport('dlr', { status: '404' })).toEqual({ problem: 'MsgId is missing' });
		expect(buildReport('dlr', { MsgId: '1', status: 'x' })).toEqual({ problem: 'status is missing or not a number' });
		expect(buildReport('mo', { username: 'acme' })).toEqual({ problem: 'sms_from and sms_text are missing' });
		expect(buildReport('click', {})).toEqual({ problem: 'MsgId and suffix are missing' });
		expect(buildReport('hlr', { info: 'x' })).toEqual({ problem: 'id and number are missing' });
		expect(buildReport('bulk', { unknown: '1' })).toEqual({ problem: 'no bulk field is present' });
	});

	it('refuses a field with several values or longer than the limit', () => {
		expect(buildReport('mo', { sms_from: ['48500', '48600'], sms_text: 'hi' })).toEqual({ problem: 'sms_from is not a single value' });
		expect(buildReport('mo', { sms_from: '48500', sms_text: 'x'.repeat(PARSE_LIMITS.maxFieldLength + 1) })).toEqual({ problem: 'sms_text is too long' });
	});

	it("keeps an inbound message's text as sent (an empty one too) and reads a lookup's ported_from 'null' as null", () => {
		expect(buildReport('mo', { sms_from: '48500', sms_text: '' }).report).toMatchObject({ sms_from: '48500', sms_text: '' });
		expect(buildReport('hlr', { id: '1', ported: '1', ported_from: 'NULL' }).report).toMatchObject({ id: '1', ported: true, ported_from: null });
	});

	it('keeps the reports that could be built, in order', () => {
		expect(presentReports([{ a: 1 }, undefined, { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
	});
});
