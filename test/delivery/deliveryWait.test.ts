/**
 * The pure parts of Send and Wait for Delivery (delivery/deliveryWait.ts): the time limit, which
 * reports of a callback are the waiting message's, which of them end the wait, and the items in
 * each outcome.
 */
import { deliveredItem, endsTheWait, reportAddress, reportsOf, waitingForReport, waitLimit } from '../../nodes/Smsapi/delivery/deliveryWait';
import { DELIVERY_STATUSES } from '../../nodes/Smsapi/callbacks/statuses';

const now = new Date('2026-01-01T10:00:00Z');

it('waitLimit: seconds, minutes, hours; from the scheduled time when later; at most 72 hours', () => {
	expect(waitLimit(10, 'minutes', now)).toEqual({ until: new Date('2026-01-01T10:10:00Z') });
	expect(waitLimit('90', 'seconds', now)).toEqual({ until: new Date('2026-01-01T10:01:30Z') });
	expect(waitLimit(72, 'hours', now)).toEqual({ until: new Date('2026-01-04T10:00:00Z') });
	expect(waitLimit(1, 'hours', now, new Date('2026-01-02T08:00:00Z'))).toEqual({ until: new Date('2026-01-02T09:00:00Z') });
	expect(waitLimit(1, 'hours', now, new Date('2025-12-31T08:00:00Z'))).toEqual({ until: new Date('2026-01-01T11:00:00Z') });
	for (const [amount, unit] of [[72.01, 'hours'], [0, 'minutes'], [-1, 'minutes'], ['', 'minutes'], [NaN, 'minutes'], [1, 'days']])
		expect(waitLimit(amount, unit, now)).toHaveProperty('problem');
});

it("reportAddress: the execution's resume address with the check, n8n's own query kept", () => {
	const address = new URL(reportAddress('http://127.0.0.1:5678/webhook-waiting/12?signature=tok', 'c'.repeat(64)));
	expect(address.searchParams.get('signature')).toBe('tok');
	expect(address.searchParams.get('smsapi_check')).toBe('c'.repeat(64));
});

it("reportsOf: the message's reports by idx, by id only where a report has no idx", () => {
	const waiting = { id: 'm1', idx: 'i1' };
	const reports = [
		{ MsgId: 'm1', idx: 'i1', status: 410 },
		{ MsgId: 'm1', idx: 'other', status: 404 },
		{ MsgId: 'm2', idx: 'i1', status: 404 },
		{ MsgId: 'm1', status: 405 },
		{ MsgId: 'm3', status: 404 },
	];
	expect(reportsOf(reports, waiting)).toEqual([reports[0], reports[2], reports[3]]);
	expect(reportsOf(reports, { id: 'm3' })).toEqual([reports[4]]);
});

it('endsTheWait: every status of the table but SENT, QUEUE and ACCEPTED; by code, or by name without one; unknown ones do not', () => {
	const ending = DELIVERY_STATUSES.filter((status) => endsTheWait({ status: status.code })).map((status) => status.name);
	expect(ending).toEqual(['NOT_FOUND', 'EXPIRED', 'DELIVERED', 'UNDELIVERED', 'FAILED', 'REJECTED', 'UNKNOWN', 'STOP']);
	expect(endsTheWait({ status: 403, status_name: 'SENT' })).toBe(false);
	expect(endsTheWait({ status_name: 'SENT' })).toBe(false);
	expect(endsTheWait({ status_name: 'delivered' })).toBe(true);
	expect(endsTheWait({ status: '404' })).toBe(true);
	expect(endsTheWait({ status: 411 })).toBe(false);
	expect(endsTheWait({})).toBe(false);
});

it('the items: delivered only for DELIVERED; timed out keeps the send result and the check hash, the resumed item not the hash', () => {
	const sent = { id: 'm1', number: '48500000001', idx: 'i1' };
	const hash = 'a'.repeat(64);
	const waiting = waitingForReport(sent, now, hash);
	expect(waiting).toEqual({ ...sent, delivered: false, timedOut: true, report: null, waitUntil: now.toISOString(), reportCheckSha256: hash });
	const report = { MsgId: 'm1', status: 404, status_name: 'DELIVERED', final: true, idx: 'i1', username: 'login', extra: 'x' };
	expect(deliveredItem(waiting, report)).toEqual({
		...sent,
		delivered: true,
		timedOut: false,
		waitUntil: now.toISOString(),
		report: { MsgId: 'm1', status: 404, status_name: 'DELIVERED', final: true, idx: 'i1' },
	});
	expect(deliveredItem(waiting, { ...report, status: 405, status_name: 'UNDELIVERED' }).delivered).toBe(false);
});
