import { NodeApiError } from 'n8n-workflow';
import type { Failure, IDataObject, INode, JsonObject } from 'n8n-workflow';

import {
	SMSAPI_HTTP_STATUSES,
	describeSmsapiError,
	failureFor,
	httpCodeForServiceCode,
} from './errorCodes';
import { displayUrl, redactSecrets } from './redact';

/**
 * The errors the transport throws, built from what it learnt: the service's code and message,
 * where the request went, and what the user can do about it.
 */

/** Where a request went; shown in error descriptions so a user can tell primary from backup. */
export interface SmsapiRequestSummary {
	method?: string;
	endpoint?: string;
	address?: 'primary' | 'backup';
	baseUrl?: string;
	attempts?: number;
	itemIndex?: number;
}

/** What the service answered, already separated from the raw HTTP response. */
export interface SmsapiServiceErrorDetails extends SmsapiRequestSummary {
	/** Numeric legacy code, REST tag, or the HTTP status when the body named nothing. */
	code: number | string;
	serviceMessage?: string;
	httpStatus?: number;
	/** Error 13: the rejected recipients as the service listed them. */
	invalidNumbers?: IDataObject[];
	/** REST `errors`: `[{message, error, path, value}]`. */
	fieldErrors?: IDataObject[];
	developerDescription?: string;
	retryAfterMs?: number;
	/** One more sentence for the description (e.g. how many attempts were made). */
	note?: string;
}

function sentence(text: string): string {
	const trimmed = text.trim();
	if (trimmed === '') return trimmed;
	const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
	return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

function summaryLine(summary: SmsapiRequestSummary, httpStatus?: number): string {
	const parts: string[] = [];
	const what = [summary.method, summary.endpoint].filter(Boolean).join(' ');
	if (what) parts.push(`Request: ${what}`);
	if (summary.address) {
		parts.push(
			`on the ${summary.address} address${summary.baseUrl ? ` (${displayUrl(summary.baseUrl)})` : ''}`,
		);
	}
	if (httpStatus !== undefined) parts.push(`HTTP ${httpStatus}`);
	if (summary.attempts !== undefined) {
		parts.push(`${summary.attempts} attempt${summary.attempts === 1 ? '' : 's'}`);
	}
	return parts.length ? `${parts.join(', ')}.` : '';
}

function describeInvalidNumbers(invalidNumbers: IDataObject[]): string {
	const entries = invalidNumbers.map((entry) => {
		const number = String(entry.number ?? entry.submitted_number ?? '?');
		const submitted =
			entry.submitted_number !== undefined && String(entry.submitted_number) !== number
				? ` (as submitted: ${String(entry.submitted_number)})`
				: '';
		const message = entry.message !== undefined ? `: ${String(entry.message)}` : '';
		const code = entry.error_code !== undefined ? ` [${String(entry.error_code)}]` : '';
		return `${number}${submitted}${message}${code}`;
	});
	return `Rejected numbers: ${entries.join('; ')}.`;
}

function describeFieldErrors(fieldErrors: IDataObject[]): string {
	const entries = fieldErrors.map((entry) => {
		const path = entry.path !== undefined ? `${String(entry.path)}: ` : '';
		const message = String(entry.message ?? entry.error ?? 'invalid');
		return `${path}${message}`;
	});
	return `Field errors: ${entries.join('; ')}.`;
}

interface ErrorParts {
	message: string;
	description: string;
	httpCode: string | null;
	context: IDataObject;
	serviceMessage?: string;
	failure?: Failure;
	itemIndex?: number;
}

/**
 * Builds the NodeApiError from sanitised parts only. The raw HTTP error (whose config carries
 * the Authorization header and the legacy password in its query) is never passed in, so n8n
 * cannot serialise it into execution data.
 */
function buildError(node: INode, parts: ErrorParts, secrets: readonly string[]): NodeApiError {
	const clean = (text: string) => redactSecrets(text, secrets);
	const message = clean(parts.message);
	const description = clean(parts.description);
	const cleanValue = (value: unknown): unknown => {
		if (typeof value === 'string') return clean(value);
		if (Array.isArray(value)) return value.map(cleanValue);
		if (typeof value === 'object' && value !== null) {
			return Object.fromEntries(
				Object.entries(value).map(([key, inner]) => [key, cleanValue(inner)]),
			);
		}
		return value;
	};
	const context: IDataObject = {};
	for (const [key, value] of Object.entries(parts.context)) {
		if (value !== undefined) context[key] = cleanValue(value) as IDataObject[string];
	}
	const errorResponse: JsonObject = { message, description };
	if (parts.httpCode) errorResponse.httpCode = parts.httpCode;
	const error = new NodeApiError(node, errorResponse, {
		message,
		description,
		httpCode: parts.httpCode ?? undefined,
		itemIndex: parts.itemIndex,
		failure: parts.failure,
	});
	// NodeApiError rewrites messages that mention network codes (ECONNRESET, ...) and keeps
	// the raw message in `messages`; this error's wording is deliberate, so set it last.
	error.message = message;
	error.description = description;
	error.messages = parts.serviceMessage ? [clean(parts.serviceMessage)] : [];
	error.httpCode = parts.httpCode;
	Object.assign(error.context, context);
	if (parts.itemIndex !== undefined) error.context.itemIndex = parts.itemIndex;
	return error;
}

/** A business error the service answered (HTTP 200 body on legacy endpoints, 4xx on REST). */
export function createServiceError(
	node: INode,
	details: SmsapiServiceErrorDetails,
	secrets: readonly string[] = [],
): NodeApiError {
	// A code taken from the HTTP status (the body named none) means what the status means:
	// HTTP 401 is "authorization failed", while legacy error 401 is "token lacks a scope".
	const fromStatus =
		typeof details.code === 'number' &&
		details.code === details.httpStatus &&
		details.httpStatus >= 400;
	const meaning = fromStatus
		? SMSAPI_HTTP_STATUSES[details.code as number]
		: (describeSmsapiError(details.code) ??
			(details.httpStatus !== undefined && details.httpStatus >= 400
				? SMSAPI_HTTP_STATUSES[details.httpStatus]
				: undefined));
	const serviceMessage = details.serviceMessage?.trim() || undefined;

	let message: string;
	if (meaning) {
		message = `SMSAPI error ${details.code}: ${meaning.meaning}`;
		if (meaning.advice) message += `. ${meaning.advice}`;
	} else if (fromStatus) {
		message = `The service answered HTTP ${details.code}, which this node does not know; its message: ${serviceMessage ?? '(none)'}`;
	} else {
		message = `The service answered error ${details.code}, which this node does not know; its message: ${serviceMessage ?? '(none)'}`;
	}

	const lines: string[] = [];
	if (serviceMessage) lines.push(`The service's message: "${serviceMessage}".`);
	if (details.invalidNumbers?.length) lines.push(describeInvalidNumbers(details.invalidNumbers));
	if (details.fieldErrors?.length) lines.push(describeFieldErrors(details.fieldErrors));
	if (details.developerDescription)
		lines.push(`Developer description: ${sentence(details.developerDescription)}`);
	if (details.note) lines.push(sentence(details.note));
	const summary = summaryLine(details, details.httpStatus);
	if (summary) lines.push(summary);

	const httpCode =
		details.httpStatus !== undefined && (details.httpStatus < 200 || details.httpStatus >= 300)
			? String(details.httpStatus)
			: httpCodeForServiceCode(details.code);

	return buildError(
		node,
		{
			message,
			description: lines.join('\n'),
			httpCode,
			serviceMessage,
			itemIndex: details.itemIndex,
			failure: failureFor(details.code, details.httpStatus, details.retryAfterMs),
			context: {
				smsapiCode: details.code,
				serviceMessage,
				meaning: meaning?.meaning,
				httpStatus: details.httpStatus,
				invalidNumbers: details.invalidNumbers,
				fieldErrors: details.fieldErrors,
				endpoint: details.endpoint,
				address: details.address,
				attempts: details.attempts,
			},
		},
		secrets,
	);
}

/** How an attempt failed without a usable answer, in words. */
export interface SmsapiFailureDetails extends SmsapiRequestSummary {
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
	const summary = summaryLine(details, details.httpStatus);
	if (summary) lines.push(summary);
	return buildError(
		node,
		{
			message,
			description: lines.join('\n'),
			httpCode: statusOrNetworkCode(details),
			itemIndex: details.itemIndex,
			failure: { cause: 'temporarily-unavailable' },
			context: {
				outcome: 'unknown',
				repeated: false,
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

/** The HTTP status of the last answer, else the network error code (ECONNRESET, …), for `httpCode`. */
function statusOrNetworkCode(details: SmsapiFailureDetails): string | null {
	return details.httpStatus !== undefined
		? String(details.httpStatus)
		: (details.networkCode ?? null);
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
	const summary = summaryLine(details, details.httpStatus);
	if (summary) lines.push(summary);
	return buildError(
		node,
		{
			message,
			description: lines.join('\n'),
			httpCode: statusOrNetworkCode(details),
			itemIndex: details.itemIndex,
			failure: { cause: 'temporarily-unavailable' },
			context: {
				outcome: uncertain ? 'unknown' : 'failed',
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

/** The service's code carried by an error of this transport (numeric code or REST tag). */
export function getSmsapiErrorCode(error: unknown): number | string | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const code = error.context.smsapiCode;
	return typeof code === 'number' || typeof code === 'string' ? code : undefined;
}
