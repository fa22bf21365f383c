import type { SmsapiRequest } from './types';
import { formValue } from './formValues';
import { endpointKey } from './responseBody';

/**
 * The pure decisions of the transport: is an answer a failure worth repeating, may this
 * request be repeated without doing it twice, where and after how long.
 *
 * The one rule that matters: a request that is not `safeToRepeat` (a send, an HLR lookup, a new
 * contact, sub-user, sender or callback) is repeated only when the repeat provably cannot double it. The vendor's own
 * failover example re-posts on any non-200 and can send a message twice; this one does not.
 */

/** Failures that happen before a connection exists: the service cannot have received anything. */
const CONNECT_PHASE_CODES: readonly string[] = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'];

/** Service codes that mean "try again": 200/201/999 internal errors, 202/203 too many requests. */
const TRANSIENT_SERVICE_CODES: readonly number[] = [200, 201, 202, 203, 999];

/** Transient codes that say the service refused before processing (rate limits): safe to repeat. */
const REFUSED_BEFORE_PROCESSING_CODES: readonly number[] = [202, 203];

/** Error 53: the idx was used in the last 24 hours (with check_idx=1). */
const IDX_ALREADY_USED = 53;

/** How one attempt failed, as far as the decisions need to know. */
export type AttemptFailure =
	/** No HTTP answer: `code` is the system/axios code (ECONNREFUSED, ECONNRESET, ECONNABORTED, ...). */
	| { type: 'network'; code: string; timedOut?: boolean }
	/** An HTTP status that counts as a failure (5xx, 429; any non-200 on legacy endpoints). */
	| { type: 'http'; status: number; retryAfterMs?: number; serviceCode?: number | string }
	/** A transient service code in the body (HTTP 200 on legacy endpoints). */
	| { type: 'service'; code: number; httpStatus: number; retryAfterMs?: number }
	/** An answer that could not be read (an HTML page from a proxy, an empty legacy body). */
	| { type: 'unreadable'; status: number; detail?: string };

export interface RetryPolicy {
	/** Attempts in total, the first one, retries and failover included. */
	maxAttempts: number;
	/** Wait before the 1st, 2nd, 3rd... repeat (the last value repeats). */
	backoffMs: readonly number[];
	/** Upper bound for a `Retry-After` the service asks for. */
	maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
	maxAttempts: 4,
	backoffMs: Object.freeze([500, 1000, 2000]),
	maxRetryAfterMs: 5000,
});

/** Legacy endpoints (`*.do`, or `request.legacy`) answer business errors with HTTP 200. */
export function isLegacyRequest(request: Pick<SmsapiRequest, 'endpoint' | 'legacy'>): boolean {
	return request.legacy ?? endpointKey(request.endpoint).endsWith('.do');
}

/**
 * Whether an HTTP status is a failure (to be repeated or failed over), as opposed to an answer.
 * Legacy: anything but 200 (the service itself answers 200 even for errors). REST: 5xx and 429;
 * a REST 4xx such as 401, 404 or 409 is the service's real answer, and so is 501 (Not Implemented:
 * the published API answers it where a record has no such feature, e.g. the options of a contact
 * field without choices; repeating it gives the same).
 */
export function isFailureStatus(status: number, legacy: boolean): boolean {
	if (legacy) return status !== 200;
	return (status >= 500 && status !== 501) || status === 429;
}

export function isTransientServiceCode(code: number | string | undefined): boolean {
	if (code === undefined) return false;
	const numeric = typeof code === 'number' ? code : /^\d+$/.test(code) ? Number(code) : NaN;
	return TRANSIENT_SERVICE_CODES.includes(numeric);
}

/** The failure proves the service never received the request (connect phase). */
export function provesNotReceived(failure: AttemptFailure): boolean {
	return failure.type === 'network' && CONNECT_PHASE_CODES.includes(failure.code.toUpperCase());
}

/** The failure proves the service refused the request before processing it (rate limits). */
export function provesNotProcessed(failure: AttemptFailure): boolean {
	if (failure.type === 'http') return failure.status === 429;
	if (failure.type === 'service') return REFUSED_BEFORE_PROCESSING_CODES.includes(failure.code);
	return false;
}

/** After this failure the service may have accepted (and acted on) the request. */
export function mayHaveBeenAccepted(failure: AttemptFailure): boolean {
	return !provesNotReceived(failure) && !provesNotProcessed(failure);
}

/**
 * The request carries `check_idx=1` and a non-empty `idx` for EVERY recipient (`idx` values are
 * `|`-separated, `to` comma-separated), as they go out on the wire: the service then refuses a
 * repeat with error 53 instead of acting twice. One empty value (`order-1||order-3`), fewer values
 * than recipients, or a group send (whose recipients are not known here) leaves a message that a
 * repeat could send twice: no guard.
 */
export function hasIdxGuard(request: Pick<SmsapiRequest, 'qs' | 'body'>): boolean {
	const wire = (name: string) => formValue(request.body?.[name] ?? request.qs?.[name]);
	if (wire('check_idx') !== '1') return false;
	const idx = wire('idx');
	if (idx === undefined) return false;
	const values = idx.split('|');
	if (values.some((value) => value.trim() === '')) return false;
	if (wire('group') !== undefined) return false;
	const to = wire('to');
	if (to === undefined) return true;
	const recipients = to.split(',').filter((number) => number.trim() !== '').length;
	return values.length === recipients;
}

/**
 * May the request be sent again after this failure? `safeToRepeat`: always. Otherwise only when the
 * repeat cannot double it: idx+check_idx=1, or the failure proves the service never got it or
 * refused it before processing.
 */
export function mayRepeat(
	safeToRepeat: boolean,
	guardedByIdx: boolean,
	failure: AttemptFailure,
): boolean {
	if (safeToRepeat) return true;
	return guardedByIdx || provesNotReceived(failure) || provesNotProcessed(failure);
}

/** The address itself is in trouble (as opposed to the account being rate-limited). */
function isAddressTrouble(failure: AttemptFailure): boolean {
	return !provesNotProcessed(failure);
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: unknown, nowMs: number = Date.now()): number | undefined {
	const raw = Array.isArray(value) ? value[0] : value;
	if (typeof raw === 'number' && Number.isFinite(raw)) return Math.max(0, raw * 1000);
	if (typeof raw !== 'string' || raw.trim() === '') return undefined;
	const trimmed = raw.trim();
	if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - nowMs);
}

export interface NextAttemptInput {
	/** `SmsapiRequest.safeToRepeat`. */
	safeToRepeat: boolean;
	guardedByIdx: boolean;
	failure: AttemptFailure;
	/** Attempts made so far, the failed one included. */
	attemptsMade: number;
	/** Where the failed attempt went. */
	address: 'primary' | 'backup';
	hasBackup: boolean;
	policy?: RetryPolicy;
}

export type NextAttempt =
	| { action: 'repeat'; address: 'primary' | 'backup'; delayMs: number }
	| { action: 'stop'; reason: 'notRepeatable' | 'exhausted' };

/**
 * What to do after a failed attempt.
 * - A request that is not safe to repeat, after a failure that does not prove the repeat harmless,
 *   stops at once (`notRepeatable`).
 * - Total attempts are bounded by `maxAttempts` (`exhausted`).
 * - Address trouble (network, 5xx, unreadable, internal-error codes) moves to the other address
 *   when a backup exists; the first move to the backup is immediate.
 * - Rate limits (429, 202, 203) stay on the same address: the limit is the account's.
 * - Waits follow `backoffMs`; a `Retry-After` replaces the backoff, capped at `maxRetryAfterMs`.
 */
export function planNextAttempt(input: NextAttemptInput): NextAttempt {
	const policy = input.policy ?? DEFAULT_RETRY_POLICY;
	const { failure } = input;
	if (!mayRepeat(input.safeToRepeat, input.guardedByIdx, failure))
		return { action: 'stop', reason: 'notRepeatable' };
	if (input.attemptsMade >= policy.maxAttempts) return { action: 'stop', reason: 'exhausted' };

	const steps = policy.backoffMs;
	const backoff = steps.length ? steps[Math.min(input.attemptsMade - 1, steps.length - 1)] : 0;
	if (isAddressTrouble(failure) && input.hasBackup) {
		const other = input.address === 'primary' ? 'backup' : 'primary';
		const firstFailover = input.address === 'primary' && input.attemptsMade === 1;
		return { action: 'repeat', address: other, delayMs: firstFailover ? 0 : backoff };
	}
	const retryAfterMs = 'retryAfterMs' in failure ? failure.retryAfterMs : undefined;
	const delayMs =
		retryAfterMs !== undefined ? Math.min(retryAfterMs, policy.maxRetryAfterMs) : backoff;
	return { action: 'repeat', address: input.address, delayMs };
}

/**
 * A repeat was answered with error 53 (idx already used). That proves an earlier attempt was
 * accepted only if the request was guarded by idx+check_idx=1, some earlier attempt may have
 * reached the service, and the idx values were generated for this request alone. A user's own
 * idx may have been used before by another request: then 53 does not say which happened.
 */
export function isAcceptedEarlier(
	code: number | string,
	guardedByIdx: boolean,
	earlierAttemptMayHaveBeenAccepted: boolean,
	idxGenerated: boolean,
): boolean {
	return (
		isAmbiguousIdxRefusal(code, guardedByIdx, earlierAttemptMayHaveBeenAccepted) && idxGenerated
	);
}

/**
 * Error 53 to a guarded repeat after an attempt that may have been accepted: nothing was sent
 * twice, but with a user's own idx the node cannot tell an accepted earlier attempt from an idx
 * used before.
 */
export function isAmbiguousIdxRefusal(
	code: number | string,
	guardedByIdx: boolean,
	earlierAttemptMayHaveBeenAccepted: boolean,
): boolean {
	return Number(code) === IDX_ALREADY_USED && guardedByIdx && earlierAttemptMayHaveBeenAccepted;
}

/** The failure in words, for an error description: "answered HTTP 502", "refused the connection". */
export function describeFailure(failure: AttemptFailure, timeoutMs?: number): string {
	switch (failure.type) {
		case 'network': {
			const code = failure.code.toUpperCase();
			if (failure.timedOut) {
				return timeoutMs !== undefined
					? `did not answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`} (timeout)`
					: 'did not answer in time (timeout)';
			}
			if (code === 'ECONNREFUSED') return 'refused the connection (ECONNREFUSED)';
			if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `could not be resolved (${code})`;
			if (code === 'ECONNRESET' || code === 'EPIPE') return `closed the connection (${code})`;
			return `failed with a network error (${code})`;
		}
		case 'http':
			return `answered HTTP ${failure.status}`;
		case 'service':
			return `answered error ${failure.code}`;
		case 'unreadable':
			return `sent an answer that could not be read (HTTP ${failure.status})`;
	}
}
