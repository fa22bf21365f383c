/**
 * Send and Wait for Delivery, the parts without n8n: the time limit, the report address with its
 * check, which reports of a callback belong to the waiting message, and the output item in each
 * outcome (how n8n waits: wait/waitingItem.ts). Either way the item leaves on the node's one output.
 */
import type { IDataObject } from 'n8n-workflow';

import { resolveStatus } from '../callbacks/statuses';
import { CHECK_PARAMETER } from '../wait/check';
import { UNIT_MS, unitMs } from '../wait/waitTime';
import { CHECK_HASH_FIELD } from './reportCheck';

/** The longest wait: what the service keeps trying to deliver at most (Expiration Date, 72 h). */
export const MAX_WAIT_HOURS = 72;
export const DEFAULT_WAIT_MINUTES = 10;

/**
 * When the execution stops waiting: the limit after the send, or after the scheduled send time when
 * the message is scheduled. A problem in words when the limit is not a positive time of at most
 * 72 hours.
 */
export function waitLimit(
	amount: unknown,
	unit: unknown,
	now: Date,
	scheduledAt?: Date | null,
): { until: Date } | { problem: string } {
	const perUnit = unitMs(unit, ['seconds', 'minutes', 'hours']);
	const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
	if (perUnit === undefined || typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
		return {
			problem: `Time Limit must be a positive number of seconds, minutes or hours (got ${String(amount)} ${String(unit)})`,
		};
	const ms = value * perUnit;
	if (ms > MAX_WAIT_HOURS * UNIT_MS.hours)
		return {
			problem: `Time Limit is at most ${MAX_WAIT_HOURS} hours, how long the service tries to deliver a message (got ${String(amount)} ${String(unit)})`,
		};
	const from = scheduledAt && scheduledAt.getTime() > now.getTime() ? scheduledAt : now;
	return { until: new Date(from.getTime() + ms) };
}

/** The execution's resume address with the check added (its own query, n8n's token, kept). */
export function reportAddress(resumeUrl: string, check: string): string {
	const url = new URL(resumeUrl);
	url.searchParams.set(CHECK_PARAMETER, check);
	return url.toString();
}

/** The fields of a delivery report the output carries (the SMSAPI Trigger's names). */
const REPORT_FIELDS = [
	'MsgId',
	'status',
	'status_name',
	'final',
	'idx',
	'sent_at',
	'sent_at_iso',
	'donedate',
	'donedate_iso',
	'points',
	'to',
	'mcc',
	'mnc',
];

/**
 * Statuses after which the service sends no later report of the message: they end the wait.
 * 403 SENT does not: the service calls it "sent without a final delivery report" (the spec's
 * status table), which is no delivery, and the network's DELIVERED may still follow. QUEUE (409)
 * and ACCEPTED (410) are on the way. A status the table does not know keeps the wait too.
 */
const ENDS_THE_WAIT = new Set([401, 402, 404, 405, 406, 407, 408, 412]);

/** The status of a report (its code, or its name where the code is missing or unknown). */
function statusOf(report: IDataObject): { code: number; name: string } | undefined {
	const code = typeof report.status === 'number' ? report.status : Number(report.status);
	const name = typeof report.status_name === 'string' ? report.status_name : undefined;
	const status = resolveStatus(Number.isInteger(code) ? code : undefined, name);
	return status && { code: status.code, name: status.name };
}

/** Whether the report ends the wait (see ENDS_THE_WAIT). */
export function endsTheWait(report: IDataObject): boolean {
	const status = statusOf(report);
	return status !== undefined && ENDS_THE_WAIT.has(status.code);
}

/** The callback's reports of the waiting message: its idx, or its id where a report has no idx. */
export function reportsOf(reports: readonly IDataObject[], waiting: IDataObject): IDataObject[] {
	const idx = typeof waiting.idx === 'string' && waiting.idx !== '' ? waiting.idx : undefined;
	const id = waiting.id === undefined || waiting.id === null ? undefined : String(waiting.id);
	return reports.filter((report) => {
		const reportIdx = typeof report.idx === 'string' && report.idx !== '' ? report.idx : undefined;
		if (reportIdx !== undefined) return idx !== undefined && reportIdx === idx;
		return id !== undefined && String(report.MsgId) === id;
	});
}

/** The item a report that ends the wait resumes the execution with (without the check's hash). */
export function deliveredItem(waiting: IDataObject, report: IDataObject): IDataObject {
	const kept: IDataObject = {};
	for (const key of REPORT_FIELDS) if (report[key] !== undefined) kept[key] = report[key];
	const { [CHECK_HASH_FIELD]: _hash, ...sent } = waiting;
	return {
		...sent,
		delivered: statusOf(report)?.code === 404,
		timedOut: false,
		report: kept,
	};
}

/**
 * The item the node leaves for n8n to pass on should the limit run out first, with the hash of
 * its report address's check (reportCheck.ts). n8n writes nothing of a waiting execution until it
 * resumes, so a report that does not end the wait (SENT, QUEUE, ACCEPTED) cannot be added to it.
 */
export function waitingForReport(sent: IDataObject, until: Date, checkHash: string): IDataObject {
	return {
		...sent,
		delivered: false,
		timedOut: true,
		report: null,
		waitUntil: until.toISOString(),
		[CHECK_HASH_FIELD]: checkHash,
	};
}
