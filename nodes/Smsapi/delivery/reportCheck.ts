/**
 * The check of a waiting execution's report address (wait/check.ts): the query parameter
 * `smsapi_check` that only the address the service got as `notify_url` carries. n8n 1.x's resume
 * address is only the execution's id, which counts up, and n8n 2.x signs it only for its own Send
 * and Wait operation, so without the check anyone could resume a waiting execution with a forged
 * report. The check is 32 random bytes (64 hex characters) made for the one send.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { newCheck, sha256 } from '../wait/check';

/** The waiting item's field that keeps the check's SHA-256 (hex). */
export const CHECK_HASH_FIELD = 'reportCheckSha256';

/** A new check and the hash the waiting item keeps. */
export function newReportCheck(): { check: string; hash: string } {
	return newCheck(32, 'hex');
}

/**
 * The check of an execution that began waiting before the random check (its item keeps no hash):
 * an HMAC keyed with the credential's secret part, bound to the execution, the node and the
 * message's idx. Kept so that such executions still resume after an update of the package.
 */
export function earlierCheckMatches(
	given: unknown,
	credentials: IDataObject,
	waiting: { executionId: string; nodeId: string; idx: string },
): boolean {
	if (typeof given !== 'string' || given.length > 256) return false;
	const parts = ['authentication', 'token', 'username', 'password'].map((name) =>
		credentials[name] === undefined ? '' : String(credentials[name]),
	);
	const key = sha256(JSON.stringify(parts)).toString('hex');
	const expected = createHmac('sha256', key)
		.update(JSON.stringify([waiting.executionId, waiting.nodeId, waiting.idx]))
		.digest('hex');
	return timingSafeEqual(sha256(given), sha256(expected));
}
