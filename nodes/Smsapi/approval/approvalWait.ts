/**
 * Send and Wait for Approval, the parts without n8n: its time limit (n8n's Limit Wait Time, as its
 * own Send and Wait operations name it: nodes-base `utils/sendAndWait/descriptions.ts`) and its
 * items. The node leaves the timed-out item as its input before it waits (wait/waitingItem.ts):
 * n8n passes that on at the limit; an answer resumes the execution with the answered item
 * instead. Both have n8n's shape (`data.approved`, `data.text`, a custom form's fields in `data`,
 * with `data.respondedAt`) plus who was asked and the send.
 */
import type { IDataObject } from 'n8n-workflow';

import { unitMs } from '../wait/waitTime';
import { ANSWER_CHECK_HASH_FIELD } from './answerLink';
import { type Question, storedQuestion } from './question';

/**
 * When the wait ends: `until` undefined for a wait without a limit (n8n's WAIT_INDEFINITELY), or a
 * problem in words. `limit` is the option's `values` (empty when the option was not added).
 */
export function approvalLimit(
	limit: IDataObject,
	now: Date,
): { until?: Date } | { problem: string } {
	if (Object.keys(limit).length === 0) return {};
	let until: Date;
	if ((limit.limitType ?? 'afterTimeInterval') === 'afterTimeInterval') {
		const amount = Number(limit.resumeAmount ?? 1);
		const unit = unitMs(limit.resumeUnit ?? 'hours', ['minutes', 'hours', 'days']);
		if (unit === undefined || !Number.isFinite(amount) || amount <= 0)
			return {
				problem: `Limit Wait Time must be a positive number of minutes, hours or days (got ${String(limit.resumeAmount)} ${String(limit.resumeUnit)})`,
			};
		until = new Date(now.getTime() + amount * unit);
	} else {
		const given = limit.maxDateAndTime;
		until = new Date(typeof given === 'string' || typeof given === 'number' ? given : NaN);
		if (Number.isNaN(until.getTime()) || until.getTime() <= now.getTime())
			return {
				problem: `Limit Wait Time's Max Date and Time must be a date in the future (got ${String(given)})`,
			};
	}
	return Number.isFinite(until.getTime())
		? { until }
		: { problem: 'Limit Wait Time is too far in the future' };
}

/** What the waiting item keeps of the send besides the question. */
interface AskedBy {
	to: string;
	sms: IDataObject;
	checkHash: string;
	/** The service's id of the answer link's short link, when there is one. */
	shortLinkId?: string;
}

/** The item n8n passes on should the limit run out first (and what the answer webhook reads). */
export function waitingForAnswer(
	question: Question,
	asked: AskedBy,
	until: Date | undefined,
): IDataObject {
	return {
		data: {},
		timedOut: true,
		waitUntil: until === undefined ? null : until.toISOString(),
		to: asked.to,
		sms: asked.sms,
		question: question as unknown as IDataObject,
		[ANSWER_CHECK_HASH_FIELD]: asked.checkHash,
		...(asked.shortLinkId === undefined ? {} : { shortLinkId: asked.shortLinkId }),
	};
}

/** The waiting item's question, check hash and short link, when it is an approval's waiting item. */
export function waitingApproval(
	item: IDataObject | undefined,
): { question: Question; checkHash: string; shortLinkId: unknown } | undefined {
	if (!item || item.timedOut !== true) return undefined;
	const question = storedQuestion(item.question);
	const checkHash = item[ANSWER_CHECK_HASH_FIELD];
	if (!question || typeof checkHash !== 'string') return undefined;
	return { question, checkHash, shortLinkId: item.shortLinkId };
}

/** The item an answer resumes the execution with; `respondedAt` last, as n8n sets it. */
export function answeredItem(waiting: IDataObject, data: IDataObject, now: Date): IDataObject {
	return {
		data: { ...data, respondedAt: now.toISOString() },
		timedOut: false,
		to: waiting.to,
		sms: waiting.sms,
	};
}
