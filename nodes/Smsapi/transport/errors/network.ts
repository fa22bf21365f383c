/**
 * What n8n's request helper throws when no HTTP answer arrived. With `ignoreHttpStatusErrors`
 * every status resolves, so a throw means the network (or the request setup) failed.
 *
 * n8n-core 2.41 (`httpRequestWithAuthentication`) wraps the axios error in a NodeApiError:
 * the system code (ECONNREFUSED, ECONNRESET, ...) sits on `error.cause.code` (AxiosError) and
 * usually also in `error.httpCode`; an axios timeout is `ECONNABORTED` ("timeout of N ms
 * exceeded") or `ETIMEDOUT`; a cancelled execution is `ERR_CANCELED`. Older helpers threw the
 * raw error, so the whole chain (`cause`, `errors` of an AggregateError) is searched.
 */

const NETWORK_CODE =
	/^(E(?!RR_)[A-Z0-9_]+|UND_ERR_[A-Z_]+|ERR_SOCKET_[A-Z_]+|ERR_TLS_[A-Z_]+|ERR_SSL_[A-Z_]+|CERT_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_[A-Z_]+)$/;
const CANCELLED_CODES = ['ERR_CANCELED', 'ABORT_ERR'];
const TIMEOUT_CODES = [
	'ECONNABORTED',
	'ETIMEDOUT',
	'ESOCKETTIMEDOUT',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_BODY_TIMEOUT',
	'UND_ERR_CONNECT_TIMEOUT',
];

type ThrownClassification =
	{ type: 'network'; code: string; timedOut: boolean } | { type: 'cancelled' } | { type: 'other' };

function codesIn(error: unknown, depth = 0, seen = new Set<unknown>()): string[] {
	if (typeof error !== 'object' || error === null || depth > 6 || seen.has(error)) return [];
	seen.add(error);
	const record = error as Record<string, unknown>;
	const codes: string[] = [];
	for (const key of ['code', 'httpCode']) {
		const value = record[key];
		if (typeof value === 'string' && value !== '') codes.push(value.toUpperCase());
	}
	codes.push(...codesIn(record.cause, depth + 1, seen));
	if (Array.isArray(record.errors)) {
		for (const inner of record.errors) codes.push(...codesIn(inner, depth + 1, seen));
	}
	return codes;
}

function messagesIn(error: unknown, depth = 0, seen = new Set<unknown>()): string[] {
	if (typeof error !== 'object' || error === null || depth > 6 || seen.has(error)) return [];
	seen.add(error);
	const record = error as Record<string, unknown>;
	const messages = typeof record.message === 'string' ? [record.message] : [];
	if (Array.isArray(record.messages)) {
		for (const message of record.messages) if (typeof message === 'string') messages.push(message);
	}
	return [...messages, ...messagesIn(record.cause, depth + 1, seen)];
}

/** Classifies an error thrown by the request helper. */
export function classifyThrownError(error: unknown): ThrownClassification {
	const codes = codesIn(error);
	if (codes.some((code) => CANCELLED_CODES.includes(code))) return { type: 'cancelled' };
	if (error instanceof Error && error.name === 'AbortError') return { type: 'cancelled' };
	const messages = messagesIn(error).join(' ');
	const timedOut =
		codes.some((code) => TIMEOUT_CODES.includes(code)) ||
		/\btimeout\b|\btimed out\b/i.test(messages);
	const networkCode = codes.find((code) => NETWORK_CODE.test(code));
	if (networkCode) return { type: 'network', code: networkCode, timedOut };
	if (timedOut) return { type: 'network', code: 'ETIMEDOUT', timedOut: true };
	if (/socket hang up/i.test(messages))
		return { type: 'network', code: 'ECONNRESET', timedOut: false };
	return { type: 'other' };
}

/** The thrown error's own message (first in the chain), for a sanitised error text. */
export function thrownMessage(error: unknown): string {
	const [first] = messagesIn(error);
	return first ?? String(error);
}
