/**
 * The check of a waiting execution's report address: the query parameter `smsapi_check` that
 * only the address the service got as `notify_url` carries. n8n 1.x's resume address is only the
 * execution's id, which counts up, and n8n 2.x signs it only for its own Send and Wait operation,
 * so without the check anyone could resume a waiting execution with a forged report.
 *
 * The check is 32 random bytes made for the one send; the waiting item keeps its SHA-256 alone.
 * Whoever reads the execution's data therefore cannot call the address, and nothing else keys it:
 * a token rotated or a credential deleted while the execution waits changes nothing.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/** The query parameter of the report address. */
export const WAIT_CHECK_PARAMETER = 'smsapi_check';

/** The waiting item's field that keeps the check's SHA-256 (hex). */
export const CHECK_HASH_FIELD = 'reportCheckSha256';

/** A check is 64 hex characters; a longer text is not one (and is not hashed). */
const CHECK_MAX_LENGTH = 256;

function sha256(text: string): Buffer {
	return createHash('sha256').update(text, 'utf8').digest();
}

/** A new check and the hash the waiting item keeps. */
export function newReportCheck(): { check: string; hash: string } {
	const check = randomBytes(32).toString('hex');
	return { check, hash: sha256(check).toString('hex') };
}

/**
 * Whether `given` (a query value as n8n parsed it: any type, any bytes, any length) is the check
 * whose hash the waiting item keeps. Never throws: both sides compared are digests of 32 bytes.
 */
export function checkMatches(given: unknown, hash: unknown): boolean {
	if (typeof given !== 'string' || given.length > CHECK_MAX_LENGTH) return false;
	if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return false;
	return timingSafeEqual(sha256(given), Buffer.from(hash, 'hex'));
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
	if (typeof given !== 'string' || given.length > CHECK_MAX_LENGTH) return false;
	const parts = ['authentication', 'token', 'username', 'password'].map((name) =>
		credentials[name] === undefined ? '' : String(credentials[name]),
	);
	const key = sha256(JSON.stringify(parts)).toString('hex');
	const expected = createHmac('sha256', key)
		.update(JSON.stringify([waiting.executionId, waiting.nodeId, waiting.idx]))
		.digest('hex');
	return timingSafeEqual(sha256(given), sha256(expected));
}
