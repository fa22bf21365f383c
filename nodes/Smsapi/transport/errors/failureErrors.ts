import type { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { buildError, sentence, summaryLine } from './errorParts';
import type { SmsapiRequestSummary } from './errorParts';

/**
 * The errors for a request without a usable answer: it may or may not have been accepted and is
 * not repeated, every attempt failed, or it could not be made at all.
 */

/** How an attempt failed without a usable answer, in words. */
interface SmsapiFailureDetails extends SmsapiRequestSummary {
	/** e.g. `answered HTTP 502`, `did not answer within 30 s`, `closed the connection (ECONNRESET)`. */
	what: string;
	httpStatus?: number;
	networkCode?: string;
	/** The request carried idx with check_idx=1, so running it again is safe. */
	guardedByIdx?: boolean;
	/** The backup address was not tried because of the no-double rule. */
	backupSkipped?: boolean;
	/** What the failing answer's body said, if anything (already in words). */
	answerNote?: string;
}

/**
 * A create request (send, HLR lookup, new sub-user or sender) failed in a way that leaves open
 * whether the service accepted it, and repeating it could do it twice.
 */
export function createUncertainOutcomeError(
	node: INode,
	details: SmsapiFailureDetails,
	secrets: readonly string[] = [],
): NodeApiError {
	const endpoint = details.endpoint ?? 'the service';
	const message = `SMSAPI may or may not have accepted the request to ${endpoint}; it was not repeated, to avoid a double send`;
	const lines = [
		`The ${details.address ?? 'primary'} address ${details.what} after the request had been sent, so the service may have accepted it.`,
		details.backupSkipped
			? 'It was NOT repeated on the backup address, so nothing can have been sent twice.'
			: 'It was NOT repeated, so nothing can have been sent twice.',
		'Check the delivery reports (or the message history in the SMSAPI portal) before running it again.',
		'To let the node repeat such requests safely, give each message an idx and set check_idx=1: a repeat is then refused by the service instead of being sent twice.',
	];
	if (details.answerNote) lines.splice(1, 0, sentence(details.answerNote));
	return noAnswerError(
		node,
		details,
		message,
		lines,
		{ outcome: 'unknown', repeated: false },
		secrets,
	);
}

/**
 * The error for an attempt without a usable answer: the description ends with where the request
 * went, `httpCode` is the last answer's status or else the network error code (ECONNRESET, …), and
 * n8n is told the service is temporarily unavailable.
 */
function noAnswerError(
	node: INode,
	details: SmsapiFailureDetails,
	message: string,
	lines: string[],
	outcome: IDataObject,
	secrets: readonly string[],
): NodeApiError {
	const summary = summaryLine(details, details.httpStatus);
	if (summary) lines.push(summary);
	return buildError(
		node,
		{
			message,
			description: lines.join('\n'),
			httpCode:
				details.httpStatus !== undefined
					? String(details.httpStatus)
					: (details.networkCode ?? null),
			itemIndex: details.itemIndex,
			failure: { cause: 'temporarily-unavailable' },
			context: {
				...outcome,
				httpStatus: details.httpStatus,
				networkCode: details.networkCode,
				endpoint: details.endpoint,
				address: details.address,
				attempts: details.attempts,
			},
		},
		secrets,
	);
}

/** Every allowed attempt failed without an answer (network errors, 5xx, unreadable bodies). */
export function createUnreachableError(
	node: INode,
	details: SmsapiFailureDetails & {
		/** `SmsapiRequest.safeToRepeat` of the request that failed. */
		safeToRepeat?: boolean;
		/** Some attempt may have reached the service (false: every one failed before delivery). */
		mayHaveBeenAccepted?: boolean;
	},
	secrets: readonly string[] = [],
): NodeApiError {
	const endpoint = details.endpoint ?? 'the service';
	const attempts = details.attempts ?? 1;
	const message = `SMSAPI could not be reached for ${endpoint}: the ${details.address ?? 'primary'} address ${details.what}`;
	const lines = [
		`Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'} (primary and, where configured, backup address).`,
	];
	const uncertain = details.safeToRepeat === false && details.mayHaveBeenAccepted !== false;
	if (uncertain) {
		lines.push(
			details.guardedByIdx
				? 'The service may or may not have accepted the request. Running it again with the same idx is safe: a copy accepted earlier is refused with error 53 instead of being sent twice.'
				: 'The service may or may not have accepted the request: check the delivery reports before running it again.',
		);
	} else if (details.safeToRepeat === false) {
		lines.push(
			'No attempt reached the service (each failed before the request was delivered), so nothing was sent.',
		);
	} else {
		lines.push("Try again later, or check the credential's platform and custom addresses.");
	}
	if (details.answerNote) lines.push(sentence(details.answerNote));
	return noAnswerError(
		node,
		details,
		message,
		lines,
		{ outcome: uncertain ? 'unknown' : 'failed' },
		secrets,
	);
}

/** The request could not be made at all (no credential, a bad address, cancelled, ...). */
export function createRequestError(
	node: INode,
	details: SmsapiRequestSummary & { reason: string },
	secrets: readonly string[] = [],
): NodeApiError {
	const lines: string[] = [];
	const summary = summaryLine(details);
	if (summary) lines.push(summary);
	return buildError(
		node,
		{
			message: `The request to SMSAPI could not be made: ${details.reason}`,
			description: lines.join('\n'),
			httpCode: null,
			itemIndex: details.itemIndex,
			context: { endpoint: details.endpoint, address: details.address, attempts: details.attempts },
		},
		secrets,
	);
}
