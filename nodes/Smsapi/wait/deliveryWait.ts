/**
 * Send and Wait for Delivery, the parts without n8n: the time limit, the check that only this
 * execution's report address resumes it, which reports of a callback belong to the waiting
 * message, and the output item in each outcome.
 *
 * How n8n waits (both lines): the node sends, then `putExecutionToWait(limit)`. A call of the
 * execution's resume address runs the node's `webhook()` with the execution's data; it resumes
 * the execution only when it returns `workflowData` (then those items are the node's output). At
 * the limit n8n runs the execution on with the node switched off, which passes its input on: so
 * the node leaves the "timed out" item as that input before it waits (sendAndWait.operation.ts).
 * Either way the items leave on the node's one output.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/** The query parameter of the report address that only this node can compute. */
export const WAIT_CHECK_PARAMETER = 'smsapi_check';

/** The longest wait: what the service keeps trying to deliver at most (Expiration Date, 72 h). */
export const MAX_WAIT_HOURS = 72;
export const DEFAULT_WAIT_MINUTES = 10;

const UNIT_MS = { seconds: 1000, minutes: 60_000, hours: 3_600_000 } as const;
export type WaitUnit = keyof typeof UNIT_MS;

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
	const perUnit = typeof unit === 'string' ? UNIT_MS[unit as WaitUnit] : undefined;
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

/** What the check is keyed with: the credential's secret part (token, or login and password). */
export function credentialKey(credentials: IDataObject): string {
	const parts = ['authentication', 'token', 'username', 'password'].map((key) =>
		credentials[key] === undefined ? '' : String(credentials[key]),
	);
	return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The check of one waiting message: bound to the execution, the node and the message's idx. */
export function waitCheck(key: string, executionId: string, nodeId: string, idx: string): string {
	return createHmac('sha256', key)
		.update(JSON.stringify([executionId, nodeId, idx]))
		.digest('hex');
}

export function checksMatch(given: unknown, expected: string): boolean {
	if (typeof given !== 'string' || given.length !== expected.length) return false;
	return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The execution's resume address with the check added (its own query, n8n's token, kept). */
export function reportAddress(resumeUrl: string, check: string): string {
	const url = new URL(resumeUrl);
	url.searchParams.set(WAIT_CHECK_PARAMETER, check);
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

/** The item a final report resumes the execution with. */
export function deliveredItem(waiting: IDataObject, report: IDataObject): IDataObject {
	const kept: IDataObject = {};
	for (const key of REPORT_FIELDS) if (report[key] !== undefined) kept[key] = report[key];
	return {
		...waiting,
		delivered: report.status === 404 || report.status_name === 'DELIVERED',
		timedOut: false,
		report: kept,
	};
}

/** The item the node leaves for n8n to pass on should the limit run out first. */
export function timedOutItem(sent: IDataObject, until: Date): IDataObject {
	return {
		...sent,
		delivered: false,
		timedOut: true,
		report: null,
		waitUntil: until.toISOString(),
	};
}
