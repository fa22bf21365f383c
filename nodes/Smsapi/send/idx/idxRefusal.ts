import { createHash } from 'node:crypto';

import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Settled } from '../../helpers/parallel';
import { createServiceError, getSmsapiErrorCode, type SmsapiResponse } from '../../transport';
import type { GeneratedIdxRun } from './idxSeed';

/**
 * Error 53 ("idx already used", with check_idx=1) to a request whose idx values this node run
 * generated. It means the messages were sent once already only when something proves that the
 * SAME content went out with these idx values and its outcome was not known:
 * - this run's transport repeated the request after an attempt that may have been accepted (the
 *   repeat carries the same body; the transport reports it as `acceptedEarlier`);
 * - an earlier try of this node run (n8n's Retry On Fail, or Retry from the Executions list, which
 *   copies the node context) recorded in the node context that it sent this request with this
 *   content;
 * - the idx values derive from nothing but this run's own identity and content (idxSeed.ts,
 *   `ownSeed`): only an identical run of the same execution's node run can have used them, as
 *   when n8n 1.x runs a dead worker's execution again (docs/running-at-scale.md, "A worker that dies mid-campaign").
 * Anything else is not "accepted": when an earlier try sent other content with these idx values
 * (Retry On Fail after an expression gave another text) it was the EARLIER content that may have
 * gone out; with no such record the idx values had been used by something else (a collision).
 * Either way nothing was sent twice, and the node says what may have gone out instead of
 * reporting success.
 *
 * A request the service refused as a whole and the node sent again without the cause, as other
 * requests (send/routing.ts), is recorded as such: its content did not go out as this request, but
 * its parts did. Error 53 to it in a later try means that some of its parts were sent: the later
 * try sends it as the same parts again (`sentAsPartsBefore`), and each part is judged on its own.
 */

type IdxRefusal =
	/** The same content went out earlier (its answer was lost): the messages were sent once. */
	| 'acceptedEarlier'
	/** An earlier try sent other content with these idx values: that content may have gone out. */
	| 'earlierContent'
	/** Nothing this node run knows of used these idx values. */
	| 'collision';

/** 16 hex characters of sha256: enough to tell requests and contents of one node run apart. */
function shortHash(text: string): string {
	return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Which request: its idx values (generated, unique to the request's messages). */
function requestKey(params: Record<string, string>): string {
	return shortHash(params.idx ?? '');
}

/** What the request sends: every wire parameter, in a stable order. */
function contentKey(params: Record<string, string>): string {
	return shortHash(
		JSON.stringify(
			Object.keys(params)
				.sort()
				.map((key) => [key, params[key]]),
		),
	);
}

/** The record of a request that went as the parts of the fallback for error `code`. */
const asParts = (code: number, content: string) => `parts ${code}:${content}`;
const AS_PARTS = /^parts (\d+):(.*)$/;

function contentsOf(record: unknown): string[] {
	return Array.isArray(record)
		? record.filter((entry): entry is string => typeof entry === 'string')
		: [];
}

/**
 * Before the request goes out: this node run sends this content with these idx values (kept in
 * the node context, which n8n keeps for Retry On Fail and copies into a Retry).
 */
export function rememberSent(run: GeneratedIdxRun, params: Record<string, string>): void {
	if (!run.sent) return;
	const key = requestKey(params);
	const contents = contentsOf(run.sent[key]);
	const content = contentKey(params);
	if (!contents.includes(content)) run.sent[key] = [...contents, content];
}

/**
 * The request was refused as a whole and goes again as other requests (send/routing.ts, the
 * fallback for error `code`): its content went out as those, if at all, not as this request.
 */
export function rememberSentAsParts(
	run: GeneratedIdxRun,
	params: Record<string, string>,
	code: number,
): void {
	if (!run.sent) return;
	const key = requestKey(params);
	const content = contentKey(params);
	const marker = asParts(code, content);
	const contents = contentsOf(run.sent[key]).filter((entry) => entry !== content);
	run.sent[key] = contents.includes(marker) ? contents : [...contents, marker];
}

/**
 * The error whose fallback an earlier try of this node run sent this same content with, as other
 * requests (`rememberSentAsParts`), or undefined.
 */
export function sentAsPartsBefore(
	run: GeneratedIdxRun,
	params: Record<string, string>,
): number | undefined {
	const content = contentKey(params);
	for (const entry of contentsOf(run.sentBefore[requestKey(params)])) {
		const match = AS_PARTS.exec(entry);
		if (match && match[2] === content) return Number(match[1]);
	}
	return undefined;
}

/** The request was refused: this try's content did not go out (the earlier tries' record stays). */
function forgetThisTry(run: GeneratedIdxRun, params: Record<string, string>): void {
	if (!run.sent) return;
	const key = requestKey(params);
	const before = contentsOf(run.sentBefore[key]);
	if (before.length > 0) run.sent[key] = before;
	else delete run.sent[key];
}

/**
 * What an error 53 to this request means (see the top of this file). `repeatedAfterUnknown`: this
 * run's transport got it for a repeat after an attempt that may have been accepted.
 */
function judgeIdxRefusal(
	run: GeneratedIdxRun,
	params: Record<string, string>,
	repeatedAfterUnknown: boolean,
): IdxRefusal {
	const earlier = contentsOf(run.sentBefore[requestKey(params)]).filter(
		(entry) => !AS_PARTS.test(entry),
	);
	let verdict: IdxRefusal;
	if (earlier.length > 0) {
		const content = contentKey(params);
		verdict = earlier.every((entry) => entry === content) ? 'acceptedEarlier' : 'earlierContent';
	} else if (run.contentChanged) verdict = 'earlierContent';
	else if (repeatedAfterUnknown || run.ownSeed) verdict = 'acceptedEarlier';
	else verdict = 'collision';
	// Refused at its first attempt: this try's content did not go out. After an attempt whose
	// answer was lost it may have (then the earlier content did not): the record keeps both.
	if (verdict !== 'acceptedEarlier' && !repeatedAfterUnknown) forgetThisTry(run, params);
	return verdict;
}

/** The numbers a refused request was for, named up to a few. */
function numbersOf(params: Record<string, string>): string {
	const numbers = (params.to ?? '').split(',').filter(Boolean);
	const shown = numbers.slice(0, 10).join(', ');
	return numbers.length > 10 ? `${shown} and ${numbers.length - 10} more` : shown;
}

/** The service's error 53 in the words of what happened; it stays an error, never a success. */
function explainIdxRefusal(
	error: NodeApiError,
	verdict: Exclude<IdxRefusal, 'acceptedEarlier'>,
	params: Record<string, string>,
	repeatedAfterUnknown: boolean,
): NodeApiError {
	const to = numbersOf(params);
	if (verdict === 'earlierContent') {
		error.message =
			'SMSAPI error 53: an earlier try of this node sent these messages with other content, which may have gone out';
		error.description = [
			`n8n ran the node again (Retry On Fail, or Retry in the Executions list) and this try's messages to ${to} differ from the earlier try's (an expression gave another text, time or option).`,
			repeatedAfterUnknown
				? "They keep the earlier try's idx values so that nothing is sent twice. This try's first attempt failed after it had been sent, and its repeat was refused for the idx (error 53): either the EARLIER content or this try's went out to these numbers, one of them, once."
				: "They keep the earlier try's idx values so that nothing is sent twice, and the service refused them for it (error 53): the EARLIER content may have gone out to these numbers, and this try's content was not sent.",
			'Check the delivery reports (or the message history in the SMSAPI portal) before sending again.',
			error.description ?? '',
		]
			.filter(Boolean)
			.join('\n');
	} else {
		error.message =
			'SMSAPI error 53: the idx values the node generated for these messages had already been used';
		error.description = [
			`The service refused the messages to ${to}: their idx had been used in the last 24 hours, and this node run has no record of sending them (an idx collision). Nothing was sent now, and this is not reported as sent, since the node cannot tell what that earlier message said.`,
			'Check the delivery reports (or the message history in the SMSAPI portal) before sending again.',
			error.description ?? '',
		]
			.filter(Boolean)
			.join('\n');
	}
	error.context.idxRefusal = verdict;
	return error;
}

/**
 * A request's outcome as far as error 53 goes: `acceptedEarlier` (its messages count as sent once,
 * their ids unknown), the error to report instead, or undefined when the outcome is no 53 to idx
 * values this run generated (`generated`). The transport answers a 53 to its own repeat after an
 * attempt whose answer was lost with `meta.acceptedEarlier`; any other 53 is thrown.
 */
export function idxRefusalOf(
	node: INode,
	run: GeneratedIdxRun,
	params: Record<string, string>,
	request: {
		generated: boolean;
		endpoint: string;
		result: Settled<SmsapiResponse>;
	},
): 'acceptedEarlier' | NodeApiError | undefined {
	const { result } = request;
	if (!request.generated) return undefined;
	if (result.ok) {
		const { data, meta } = result.value;
		if (meta.acceptedEarlier !== true) return undefined;
		const verdict = judgeIdxRefusal(run, params, true);
		if (verdict === 'acceptedEarlier') return verdict;
		const error = createServiceError(node, {
			code: 53,
			serviceMessage: (data as IDataObject | undefined)?.message as string | undefined,
			endpoint: request.endpoint,
			address: meta.address,
			attempts: meta.attempts,
			httpStatus: meta.httpStatus,
		});
		return explainIdxRefusal(error, verdict, params, true);
	}
	const { error } = result;
	if (getSmsapiErrorCode(error) !== 53 || !(error instanceof NodeApiError)) return undefined;
	const verdict = judgeIdxRefusal(run, params, false);
	return verdict === 'acceptedEarlier' ? verdict : explainIdxRefusal(error, verdict, params, false);
}
