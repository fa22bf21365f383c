import type { Failure } from 'n8n-workflow';

/**
 * How n8n is told what kind of failure a service error is: the HTTP code it reads to tell
 * authentication, rate-limit and other failures apart, and its failure cause. The codes' meanings
 * are in errorCodes.ts.
 */

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

/** n8n's failure cause for a code or status (credential, rate limit, outage, configuration). */
export function failureFor(
	code: number | string | undefined,
	httpStatus: number | undefined,
	retryAfterMs?: number,
): Failure | undefined {
	const numeric =
		typeof code === 'number'
			? code
			: code !== undefined && /^\d+$/.test(code)
				? Number(code)
				: undefined;
	if (code === 'authorization_failed' || numeric === 101 || numeric === 102 || httpStatus === 401) {
		return { cause: 'credential-invalid' };
	}
	if (numeric === 202 || numeric === 203 || httpStatus === 429) {
		return retryAfterMs !== undefined
			? { cause: 'rate-limited', retryAfterMs }
			: { cause: 'rate-limited' };
	}
	if (
		(numeric !== undefined && [200, 201, 999].includes(numeric)) ||
		(httpStatus !== undefined && httpStatus >= 500 && httpStatus !== 501)
	) {
		return { cause: 'temporarily-unavailable' };
	}
	if (numeric === 105 || numeric === 104 || numeric === 40 || numeric === 14)
		return { cause: 'configuration-invalid' };
	if (httpStatus === 415) return { cause: 'node-defect' };
	return undefined;
}
