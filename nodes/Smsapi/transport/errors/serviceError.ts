import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import type { ServiceError } from './answerErrors';
import { SMSAPI_HTTP_STATUSES, describeSmsapiError } from './errorCodes';
import { failureFor, httpCodeForServiceCode } from './errorClassification';
import { buildError, sentence, summaryLine } from './errorParts';
import { withoutSecretValue } from './redact';
import type { SmsapiRequestSummary } from './errorParts';

/**
 * The error for a business error the service answered: its code and message, the code's meaning
 * in words (errorCodes.ts), and where the request went.
 */

/** What the service answered, already separated from the raw HTTP response. */
interface SmsapiServiceErrorDetails extends SmsapiRequestSummary {
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

/** The service's error as the error builders take it. */
export function serviceErrorDetails(
	error: ServiceError,
): Pick<
	SmsapiServiceErrorDetails,
	'code' | 'serviceMessage' | 'invalidNumbers' | 'fieldErrors' | 'developerDescription'
> {
	return {
		code: error.code,
		serviceMessage: error.message,
		invalidNumbers: error.invalidNumbers,
		fieldErrors: error.fieldErrors,
		developerDescription: error.developerDescription,
	};
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
	const fieldErrors = details.fieldErrors?.map(withoutSecretValue);

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
	if (fieldErrors?.length) lines.push(describeFieldErrors(fieldErrors));
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
				fieldErrors,
				endpoint: details.endpoint,
				address: details.address,
				attempts: details.attempts,
			},
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
