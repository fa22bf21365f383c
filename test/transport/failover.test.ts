/**
 * When the transport repeats a request, and where (transport/failover.ts): what counts as a
 * failure, what a failure proves about the service having received the request, the idx guard that
 * makes a send safe to repeat, the plan of the next attempt (backup address, backoff, Retry-After),
 * a 53 that proves an earlier attempt was accepted, and the transport's defaults.
 */
import { DEFAULT_RETRY_POLICY, hasIdxGuard, isAcceptedEarlier, isFailureStatus, isLegacyRequest, isTransientServiceCode, mayHaveBeenAccepted, mayRepeat, parseRetryAfter, planNextAttempt, provesNotProcessed, provesNotReceived } from '../../nodes/Smsapi/transport/failover';
import { DEFAULT_TRANSPORT_SETTINGS } from '../../nodes/Smsapi/transport/smsapiApiRequest';
import type { AttemptFailure, NextAttemptInput } from '../../nodes/Smsapi/transport/failover';
import { sleep } from 'n8n-workflow';

const refused: AttemptFailure = { type: 'network', code: 'ECONNREFUSED' };
const notFound: AttemptFailure = { type: 'network', code: 'ENOTFOUND' };
const dnsAgain: AttemptFailure = { type: 'network', code: 'EAI_AGAIN' };
const reset: AttemptFailure = { type: 'network', code: 'ECONNRESET' };
const timeout: AttemptFailure = { type: 'network', code: 'ECONNABORTED', timedOut: true };
const http500: AttemptFailure = { type: 'http', status: 500 };
const http429: AttemptFailure = { type: 'http', status: 429 };
const service202: AttemptFailure = { type: 'service', code: 202, httpStatus: 200 };
const service203: AttemptFailure = { type: 'service', code: 203, httpStatus: 200 };
const service999: AttemptFailure = { type: 'service', code: 999, httpStatus: 200 };
const service200: AttemptFailure = { type: 'service', code: 200, httpStatus: 200 };
const unreadable: AttemptFailure = { type: 'unreadable', status: 200 };

describe('what counts as a failure', () => {
	it('legacy endpoints: anything but 200', () => {
		expect(isFailureStatus(200, true)).toBe(false);
		for (const status of [201, 204, 301, 400, 401, 404, 429, 500, 501, 502, 503]) expect(isFailureStatus(status, true)).toBe(true);
	});

	it('REST endpoints: 5xx and 429; a 4xx is a real answer', () => {
		for (const status of [200, 201, 204, 400, 401, 403, 404, 409, 415, 501]) expect(isFailureStatus(status, false)).toBe(false);
		for (const status of [429, 500, 502, 503, 504]) expect(isFailureStatus(status, false)).toBe(true);
	});

	it('legacy means *.do unless the request says otherwise', () => {
		expect(isLegacyRequest({ endpoint: 'sms.do' })).toBe(true);
		expect(isLegacyRequest({ endpoint: '/hlr.do' })).toBe(true);
		expect(isLegacyRequest({ endpoint: 'profile' })).toBe(false);
		expect(isLegacyRequest({ endpoint: 'contacts', legacy: true })).toBe(true);
		expect(isLegacyRequest({ endpoint: 'sms.do', legacy: false })).toBe(false);
	});

	it('transient service codes are 200, 201, 202, 203 and 999', () => {
		for (const code of [200, 201, 202, 203, 999, '999']) expect(isTransientServiceCode(code)).toBe(true);
		for (const code of [13, 53, 101, 103, 105, 301, 'authorization_failed', undefined]) expect(isTransientServiceCode(code)).toBe(false);
	});
});

describe('what a failure proves', () => {
	it('connect-phase failures prove the service never received the request', () => {
		for (const failure of [refused, notFound, dnsAgain]) {
			expect(provesNotReceived(failure)).toBe(true);
			expect(mayHaveBeenAccepted(failure)).toBe(false);
		}
		for (const failure of [reset, timeout, http500, service999, unreadable]) {
			expect(provesNotReceived(failure)).toBe(false);
			expect(mayHaveBeenAccepted(failure)).toBe(true);
		}
	});

	it('429, 202 and 203 prove the service refused before processing; 200/201/999 and 5xx do not', () => {
		for (const failure of [http429, service202, service203]) {
			expect(provesNotProcessed(failure)).toBe(true);
			expect(mayHaveBeenAccepted(failure)).toBe(false);
		}
		for (const failure of [service200, service999, http500, reset]) expect(provesNotProcessed(failure)).toBe(false);
	});
});

describe('hasIdxGuard', () => {
	it('needs a non-empty idx and check_idx=1, in body or query', () => {
		expect(hasIdxGuard({ body: { idx: 'order-1', check_idx: 1 } })).toBe(true);
		expect(hasIdxGuard({ body: { idx: 'order-1', check_idx: '1' } })).toBe(true);
		expect(hasIdxGuard({ body: { idx: 'order-1', check_idx: true } })).toBe(true);
		expect(hasIdxGuard({ qs: { idx: 'a|b', check_idx: '1' } })).toBe(true);
		expect(hasIdxGuard({ body: { idx: 'order-1' }, qs: { check_idx: 1 } })).toBe(true);
		expect(hasIdxGuard({ body: { idx: 'order-1' } })).toBe(false);
		expect(hasIdxGuard({ body: { idx: 'order-1', check_idx: 0 } })).toBe(false);
		expect(hasIdxGuard({ body: { idx: 'order-1', check_idx: false } })).toBe(false);
		expect(hasIdxGuard({ body: { idx: '  ', check_idx: 1 } })).toBe(false);
		expect(hasIdxGuard({ body: { check_idx: 1 } })).toBe(false);
	});
});

describe('mayRepeat', () => {
	it('a read may always be repeated', () => {
		for (const failure of [refused, reset, timeout, http500, service999, unreadable]) expect(mayRepeat(true, false, failure)).toBe(true);
	});

	it('a create without idx only when the failure proves nothing happened', () => {
		for (const failure of [refused, notFound, dnsAgain, http429, service202, service203]) expect(mayRepeat(false, false, failure)).toBe(true);
		for (const failure of [reset, timeout, http500, service200, service999, unreadable]) expect(mayRepeat(false, false, failure)).toBe(false);
	});

	it('a create with idx+check_idx=1 always', () => {
		for (const failure of [reset, timeout, http500, service999, unreadable]) expect(mayRepeat(false, true, failure)).toBe(true);
	});
});

describe('planNextAttempt', () => {
	const base: Omit<NextAttemptInput, 'failure'> = {
		safeToRepeat: true,
		guardedByIdx: false,
		attemptsMade: 1,
		address: 'primary',
		hasBackup: true,
	};

	it('read after primary 500: straight to the backup', () => {
		expect(planNextAttempt({ ...base, failure: http500 })).toEqual({ action: 'repeat', address: 'backup', delayMs: 0 });
	});

	it('then back and forth with backoff', () => {
		expect(planNextAttempt({ ...base, failure: http500, attemptsMade: 2, address: 'backup' })).toEqual({
			action: 'repeat',
			address: 'primary',
			delayMs: 1000,
		});
		expect(planNextAttempt({ ...base, failure: reset, attemptsMade: 3, address: 'primary' })).toEqual({
			action: 'repeat',
			address: 'backup',
			delayMs: 2000,
		});
		expect(planNextAttempt({ ...base, failure: reset, attemptsMade: 4, address: 'backup' })).toEqual({
			action: 'stop',
			reason: 'exhausted',
		});
	});

	it('without a backup: the same address, 500 ms → 1 s → 2 s', () => {
		const noBackup = { ...base, hasBackup: false };
		expect(planNextAttempt({ ...noBackup, failure: http500, attemptsMade: 1 })).toEqual({ action: 'repeat', address: 'primary', delayMs: 500 });
		expect(planNextAttempt({ ...noBackup, failure: http500, attemptsMade: 2 })).toEqual({ action: 'repeat', address: 'primary', delayMs: 1000 });
		expect(planNextAttempt({ ...noBackup, failure: http500, attemptsMade: 3 })).toEqual({ action: 'repeat', address: 'primary', delayMs: 2000 });
		expect(planNextAttempt({ ...noBackup, failure: http500, attemptsMade: 4 })).toEqual({ action: 'stop', reason: 'exhausted' });
	});

	it('rate limits stay on the same address and honour Retry-After, capped', () => {
		expect(planNextAttempt({ ...base, failure: service202 })).toEqual({ action: 'repeat', address: 'primary', delayMs: 500 });
		expect(planNextAttempt({ ...base, failure: { type: 'http', status: 429, retryAfterMs: 2000 } })).toEqual({
			action: 'repeat',
			address: 'primary',
			delayMs: 2000,
		});
		expect(planNextAttempt({ ...base, failure: { type: 'http', status: 429, retryAfterMs: 120_000 } })).toEqual({
			action: 'repeat',
			address: 'primary',
			delayMs: DEFAULT_RETRY_POLICY.maxRetryAfterMs,
		});
	});

	it('create without idx: refused → backup; 500, timeout, reset, 999 → stop', () => {
		const create = { ...base, safeToRepeat: false };
		expect(planNextAttempt({ ...create, failure: refused })).toEqual({ action: 'repeat', address: 'backup', delayMs: 0 });
		for (const failure of [http500, timeout, reset, service999, unreadable]) {
			expect(planNextAttempt({ ...create, failure })).toEqual({ action: 'stop', reason: 'notRepeatable' });
		}
		expect(planNextAttempt({ ...create, failure: service203 })).toEqual({ action: 'repeat', address: 'primary', delayMs: 500 });
	});

	it('create with idx+check_idx=1 after 500 → backup', () => {
		expect(planNextAttempt({ ...base, safeToRepeat: false, guardedByIdx: true, failure: http500 })).toEqual({
			action: 'repeat',
			address: 'backup',
			delayMs: 0,
		});
	});

	it('uses a custom policy', () => {
		const policy = { maxAttempts: 2, backoffMs: [1], maxRetryAfterMs: 3 };
		expect(planNextAttempt({ ...base, hasBackup: false, failure: http500, policy })).toEqual({ action: 'repeat', address: 'primary', delayMs: 1 });
		expect(planNextAttempt({ ...base, failure: { type: 'http', status: 429, retryAfterMs: 50 }, policy })).toEqual({
			action: 'repeat',
			address: 'primary',
			delayMs: 3,
		});
		expect(planNextAttempt({ ...base, failure: http500, attemptsMade: 2, policy })).toEqual({ action: 'stop', reason: 'exhausted' });
	});
});

describe('parseRetryAfter', () => {
	it('reads seconds and HTTP dates', () => {
		expect(parseRetryAfter('3')).toBe(3000);
		expect(parseRetryAfter(['2'])).toBe(2000);
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:04 GMT', now)).toBe(4000);
		expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon')).toBeUndefined();
		expect(parseRetryAfter(undefined)).toBeUndefined();
	});
});

describe('isAcceptedEarlier', () => {
	it('only a 53 to a guarded repeat of generated idx values after an attempt that may have been accepted', () => {
		expect(isAcceptedEarlier(53, true, true, true)).toBe(true);
		expect(isAcceptedEarlier('53', true, true, true)).toBe(true);
		expect(isAcceptedEarlier(53, false, true, true)).toBe(false);
		expect(isAcceptedEarlier(53, true, false, true)).toBe(false);
		expect(isAcceptedEarlier(13, true, true, true)).toBe(false);
		// A user's own idx may have been used before: 53 does not prove the earlier attempt was accepted.
		expect(isAcceptedEarlier(53, true, true, false)).toBe(false);
	});
});

describe('defaults', () => {
	it('waits with n8n-workflow’s sleep, 30 s timeout, at most 4 attempts, 500 ms → 1 s → 2 s', () => {
		expect(DEFAULT_TRANSPORT_SETTINGS.sleep).toBe(sleep);
		expect(DEFAULT_TRANSPORT_SETTINGS.timeoutMs).toBe(30_000);
		expect(DEFAULT_TRANSPORT_SETTINGS.maxAttempts).toBe(4);
		expect(DEFAULT_TRANSPORT_SETTINGS.backoffMs).toEqual([500, 1000, 2000]);
		expect(DEFAULT_TRANSPORT_SETTINGS.maxRetryAfterMs).toBe(5000);
	});
});
