import { findServiceError } from './errors/answerErrors';
import { redactedExcerpt } from './errors/redact';
import type { ServiceError } from './errors/answerErrors';
import { endpointKey, normalizeJsonAnswer, parseResponseBody } from './responseBody';
import type { ParsedBody } from './responseBody';
import { parseTextAnswer, textShapeFor } from './textAnswers';
import type { SmsapiRequest } from './types';

/** How one HTTP answer reads, before any failover decision. */
type Interpretation =
	| { outcome: 'success'; data: unknown }
	| { outcome: 'serviceError'; error: ServiceError; body: ParsedBody }
	| { outcome: 'unreadable'; detail: string };

/**
 * Reads one answer: the error it carries, or its data (JSON normalised, text parsed by shape).
 * The HTTP status is only used to name an error the body does not name; whether a status is a
 * failure worth repeating is decided in failover.ts.
 */
export function interpretResponse(
	request: Pick<SmsapiRequest, 'endpoint' | 'qs' | 'body' | 'textShape'>,
	httpStatus: number,
	rawBody: unknown,
	legacy = endpointKey(request.endpoint).endsWith('.do'),
	secrets: readonly string[] = [],
): Interpretation {
	const parsed = parseResponseBody(rawBody);
	const error = findServiceError(parsed, httpStatus, secrets);
	if (error) return { outcome: 'serviceError', error, body: parsed };
	if (parsed.type === 'empty') {
		// A REST delete answers 204 without a body; a legacy endpoint always says something.
		return legacy
			? { outcome: 'unreadable', detail: 'The answer was empty' }
			: { outcome: 'success', data: {} };
	}
	if (parsed.type === 'json')
		return { outcome: 'success', data: normalizeJsonAnswer(request.endpoint, parsed.value) };
	try {
		return {
			outcome: 'success',
			data: parseTextAnswer(parsed.text, textShapeFor(request), request),
		};
	} catch (error) {
		// SmsapiParseError: text of none of the expected shapes (an HTML page from a proxy, ...),
		// quoted whole: kept short only once its secrets are out.
		return {
			outcome: 'unreadable',
			detail: redactedExcerpt(error instanceof Error ? error.message : String(error), secrets, 200),
		};
	}
}
