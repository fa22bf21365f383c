import { NodeApiError } from 'n8n-workflow';
import type { Failure, IDataObject, INode, JsonObject } from 'n8n-workflow';

import { displayUrl, redactSecrets } from './redact';

/** What a service error code means, in plain words, and what the user can change about it. */
export interface SmsapiErrorMeaning {
	meaning: string;
	advice?: string;
}

/**
 * The legacy endpoints' numeric codes (SERVICE-FACTS.md, "Error codes").
 * Meanings are phrased for someone reading an n8n error, not for the service's developers.
 */
export const SMSAPI_ERROR_CODES: Readonly<Record<number, SmsapiErrorMeaning>> = {
	7: {
		meaning: 'short links are disabled for this account',
		advice: 'Enable short links in the SMSAPI portal, or remove the [%goto:...%] link from the message.',
	},
	8: { meaning: 'the service could not understand the request', advice: 'Check the parameters of the operation.' },
	11: {
		meaning: 'the message is too long (more than 10 parts), or it contains special characters while "nounicode" is on',
		advice: 'Shorten the message, remove the special characters, turn off nounicode or turn on normalize.',
	},
	12: {
		meaning:
			'the message has more parts than allowed: more than max_parts, or than the account\'s own maximum of parts when the request sets none (or "single" is on and the text exceeds 160 characters)',
		advice:
			'Shorten the message, or allow more parts: set Max Parts (max_parts, up to 10) in the node\'s options, or raise the maximum number of parts in the SMS settings of the SMSAPI portal.',
	},
	13: {
		meaning: 'no correct phone numbers: every recipient number was rejected, nothing was sent',
		advice: 'Check the numbers (country prefix, mobile numbers only); the rejected numbers are listed in the details.',
	},
	14: {
		meaning: 'wrong sender name',
		advice: 'Use a sender name that is registered and active in the SMSAPI portal, or leave the sender empty to use the default.',
	},
	17: {
		meaning: 'a flash message cannot contain special characters',
		advice: 'Remove the special characters or turn on normalize.',
	},
	18: {
		meaning: 'the count of param1..param4 values differs from the number of recipients; nothing was sent',
		advice: 'Give exactly one value per recipient in every paramN, separated by |.',
	},
	19: {
		meaning: 'too many messages in one request (at most 100 when the message carries a short link)',
		advice: 'Send fewer recipients per request.',
	},
	20: {
		meaning: 'the count of idx values differs from the number of recipients',
		advice: 'Give exactly one idx per recipient, separated by |.',
	},
	25: { meaning: 'normalize cannot be combined with datacoding', advice: 'Turn off one of them.' },
	27: { meaning: 'the idx value is too long', advice: 'Use at most 255 characters (36 on the earlier interface).' },
	28: {
		meaning: 'wrong time_restriction value',
		advice: 'Use follow, ignore or nearest_available.',
	},
	30: { meaning: 'wrong UDH header for a binary message', advice: 'Check the udh value (hex).' },
	40: { meaning: 'no such contacts group', advice: 'Check the group name in the SMSAPI contacts database.' },
	41: { meaning: 'the contacts group is empty', advice: 'Add contacts to the group first.' },
	50: { meaning: 'the message is scheduled more than 3 months ahead', advice: 'Choose an earlier date.' },
	52: {
		meaning: 'too many attempts to send to one number in a short time',
		advice: 'Wait before sending to this number again.',
	},
	53: {
		meaning: 'this idx was already used in the last 24 hours (check_idx=1 is on), so the message was not sent again',
		advice: 'Use a new idx for a new message; a repeat with the same idx is refused on purpose.',
	},
	54: {
		meaning: 'wrong date format (date_validate=1 is on)',
		advice: 'Give the date as a UNIX timestamp or in ISO 8601.',
	},
	56: {
		meaning: 'expiration_date is outside the allowed window',
		advice: 'Set it between 15 minutes and 72 hours after the send time.',
	},
	57: { meaning: 'the number is on the account\'s blacklist', advice: 'Remove it from the blacklist in the SMSAPI portal if the message is wanted.' },
	59: { meaning: 'the recipient opted out of messages from this account' },
	60: { meaning: 'no such discount-code group', advice: 'Check the discount_group name in the SMSAPI portal.' },
	61: { meaning: 'the discount-code group has expired', advice: 'Use an active discount-code group.' },
	62: { meaning: 'no discount codes are left in the group', advice: 'Add or generate more codes in the SMSAPI portal.' },
	70: { meaning: 'invalid notify_url callback address', advice: 'Give a full, reachable http(s) address.' },
	74: {
		meaning: 'the send date violates the account\'s sending-time restrictions',
		advice: 'Choose another time, or set time_restriction to nearest_available.',
	},
	76: { meaning: 'a parameter contains invalid characters', advice: 'Check the parameter values.' },
	93: {
		meaning: 'personalisation parameters (param1..param4) cannot be used with a group send',
		advice: 'Use contact fields ([%contact.field name%]) in group sends instead.',
	},
	94: { meaning: 'links are not allowed in messages from this account', advice: 'Remove the link, or ask SMSAPI to allow links.' },
	101: {
		meaning: 'authorization failed',
		advice:
			'Check the token in the SMSAPI credential, and that the credential\'s platform (smsapi.com or smsapi.pl) is the region the token was issued for: a token works only on its own region.',
	},
	102: {
		meaning: 'wrong username or password',
		advice: 'Check the legacy username and API password in the SMSAPI credential (or switch it to a token).',
	},
	103: {
		meaning: 'not enough credits; nothing was sent',
		advice: 'Top up the account\'s credits (points) in the SMSAPI portal, then run again.',
	},
	104: { meaning: 'no such template', advice: 'Check the template name in the SMSAPI portal.' },
	105: {
		meaning: 'the request came from an IP address that is not on the account\'s API whitelist',
		advice: 'Add the outgoing IP address of this n8n instance to the IP whitelist in the SMSAPI portal (API settings).',
	},
	110: {
		meaning: 'this action is not allowed for the account',
		advice: 'Check the account\'s settings and permissions, or ask SMSAPI support.',
	},
	112: {
		meaning: 'sending to this country is restricted for the account',
		advice: 'Allow the country in the SMSAPI portal, or ask SMSAPI support.',
	},
	200: { meaning: 'the service failed to submit the message (temporary)', advice: 'Try again later.' },
	201: { meaning: 'internal error at the service (temporary)', advice: 'Try again later.' },
	202: {
		meaning: 'too many simultaneous requests',
		advice: 'Run fewer requests at the same time, or try again later.',
	},
	203: { meaning: 'too many requests', advice: 'Slow down (fewer requests per second), or try again later.' },
	301: {
		meaning: 'no such message id (or the message can no longer be deleted)',
		advice: 'Check the id; only scheduled messages that have not been sent yet can be deleted.',
	},
	401: {
		meaning: 'the token lacks the permission (scope) for this action',
		advice: 'Generate a token with the needed scopes in the SMSAPI portal and put it in the credential.',
	},
	409: { meaning: 'the value already exists' },
	999: { meaning: 'internal error at the service (temporary)', advice: 'Try again later.' },
	1000: {
		meaning: 'only the main user may do this',
		advice: 'Use a token of the main account, not of a sub-user.',
	},
	1001: { meaning: 'invalid user.do action' },
};

/** Documented code ranges whose single codes are not published. */
export const SMSAPI_ERROR_RANGES: ReadonlyArray<{ from: number; to: number } & SmsapiErrorMeaning> = [
	{
		from: 1010,
		to: 1193,
		meaning: 'the sub-user request was rejected (for example a wrong or already used name, a wrong password or limit)',
		advice: 'Check the sub-user\'s name, passwords and limits.',
	},
	{
		from: 2001,
		to: 2115,
		meaning: 'the sender-name request was rejected (for example a wrong, existing, inactive or unverified name)',
		advice: 'Check the sender name and its status in the SMSAPI portal.',
	},
	{
		from: 4000,
		to: 4280,
		meaning: 'the contacts request was rejected (for example a wrong field value, or a contact or group that does not exist or already exists)',
		advice: 'Check the contact\'s fields and ids.',
	},
];

/** String tags of the REST endpoints (`/profile`, `/contacts`, ...). */
export const SMSAPI_REST_ERRORS: Readonly<Record<string, SmsapiErrorMeaning>> = {
	authorization_failed: SMSAPI_ERROR_CODES[101],
	contact_conflict: {
		meaning: 'a contact with this phone number or e-mail address already exists',
		advice: 'Update the existing contact instead of creating a new one.',
	},
	not_found: { meaning: 'no such resource', advice: 'Check the id.' },
};

/** Meanings of HTTP statuses of the REST endpoints when no tag is known. */
export const SMSAPI_HTTP_STATUSES: Readonly<Record<number, SmsapiErrorMeaning>> = {
	400: { meaning: 'the service rejected the request\'s parameters', advice: 'Check the field values.' },
	401: SMSAPI_ERROR_CODES[101],
	403: {
		meaning: 'the token lacks the permission (scope) for this action, or the action is not allowed for the account',
		advice: 'Generate a token with the needed scopes in the SMSAPI portal.',
	},
	404: { meaning: 'no such resource', advice: 'Check the id.' },
	409: { meaning: 'the value already exists' },
	415: {
		meaning: 'the service did not accept the format of the request body',
		advice: 'This is a defect of the node; please report it.',
	},
	429: { meaning: 'too many requests', advice: 'Slow down, or try again later.' },
	500: { meaning: 'internal error at the service', advice: 'Try again later.' },
	502: { meaning: 'the service is unreachable behind its gateway', advice: 'Try again later.' },
	503: { meaning: 'the service is temporarily unavailable', advice: 'Try again later.' },
	504: { meaning: 'the service\'s gateway timed out', advice: 'Try again later.' },
};

/** The meaning of a numeric code or REST tag, or undefined for a code this node does not know. */
export function describeSmsapiError(code: number | string | undefined): SmsapiErrorMeaning | undefined {
	if (code === undefined || code === '') return undefined;
	const numeric = typeof code === 'number' ? code : /^\d+$/.test(code) ? Number(code) : undefined;
	if (numeric === undefined) return SMSAPI_REST_ERRORS[String(code).toLowerCase()];
	const single = SMSAPI_ERROR_CODES[numeric];
	if (single) return single;
	return SMSAPI_ERROR_RANGES.find((range) => numeric >= range.from && numeric <= range.to);
}

/**
 * An HTTP status for a business error that arrived inside an HTTP 200 body, so that n8n
 * (which reads `httpCode` to tell authentication, rate-limit and other failures apart)
 * classifies it the way the real meaning deserves. The true status stays in `context.httpStatus`.
 */
export function httpCodeForServiceCode(code: number | string): string {
	if (typeof code === 'string' && !/^\d+$/.test(code)) {
		if (code === 'authorization_failed') return '401';
		if (code === 'contact_conflict') return '409';
		if (code === 'not_found') return '404';
		return '400';
	}
	const numeric = Number(code);
	if (numeric === 101 || numeric === 102) return '401';
	if ([105, 110, 112, 401, 1000].includes(numeric)) return '403';
	if (numeric === 103) return '402';
	if (numeric === 202 || numeric === 203) return '429';
	if ([200, 201, 999].includes(numeric)) return '503';
	if ([40, 104, 301].includes(numeric)) return '404';
	if (numeric === 53 || numeric === 409) return '409';
	return '400';
}

function failureFor(code: number | string | undefined, httpStatus: number | undefined, retryAfterMs?: number): Failure | undefined {
	const numeric = typeof code === 'number' ? code : code !== undefined && /^\d+$/.test(code) ? Number(code) : undefined;
	if (code === 'authorization_failed' || numeric === 101 || numeric === 102 || httpStatus === 401) {
		return { cause: 'credential-invalid' };
	}
	if (numeric === 202 || numeric === 203 || httpStatus === 429) {
		return retryAfterMs !== undefined ? { cause: 'rate-limited', retryAfterMs } : { cause: 'rate-limited' };
	}
	if ((numeric !== undefined && [200, 201, 999].includes(numeric)) || (httpStatus !== undefined && httpStatus >= 500)) {
		return { cause: 'temporarily-unavailable' };
	}
	if (numeric === 105 || numeric === 104 || numeric === 40 || numeric === 14) return { cause: 'configuration-invalid' };
	if (httpStatus === 415) return { cause: 'node-defect' };
	return undefined;
}

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
			return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cleanValue(inner)]));
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
	if (details.developerDescription) lines.push(`Developer description: ${sentence(details.developerDescription)}`);
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
			httpCode: details.httpStatus !== undefined ? String(details.httpStatus) : (details.networkCode ?? null),
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

/** Every allowed attempt failed without an answer (network errors, 5xx, unreadable bodies). */
export function createUnreachableError(
	node: INode,
	details: SmsapiFailureDetails & {
		kind?: 'read' | 'create';
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
	const uncertain = details.kind === 'create' && details.mayHaveBeenAccepted !== false;
	if (uncertain) {
		lines.push(
			details.guardedByIdx
				? 'The service may or may not have accepted the request. Running it again with the same idx is safe: a copy accepted earlier is refused with error 53 instead of being sent twice.'
				: 'The service may or may not have accepted the request: check the delivery reports before running it again.',
		);
	} else if (details.kind === 'create') {
		lines.push('No attempt reached the service (each failed before the request was delivered), so nothing was sent.');
	} else {
		lines.push('Try again later, or check the credential\'s platform and custom addresses.');
	}
	if (details.answerNote) lines.push(sentence(details.answerNote));
	const summary = summaryLine(details, details.httpStatus);
	if (summary) lines.push(summary);
	return buildError(
		node,
		{
			message,
			description: lines.join('\n'),
			httpCode: details.httpStatus !== undefined ? String(details.httpStatus) : (details.networkCode ?? null),
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
