/**
 * The check that only the address a waiting execution handed out resumes it: random bytes made
 * for the one send, of which the waiting item keeps only the SHA-256. Whoever reads the
 * execution's data therefore cannot call the address, and nothing else keys it: a token rotated
 * or a credential deleted while the execution waits changes nothing. Both waits use it: the
 * delivery wait's report address carries it in its query (the service calls that address), the
 * approval's link in its fragment (only the phone that got the SMS has it).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The name of the check where a call carries it (a query parameter, a form field). */
export const CHECK_PARAMETER = 'smsapi_check';

/** A check is at most 64 characters; a longer text is not one (and is not hashed). */
const CHECK_MAX_LENGTH = 256;

export function sha256(text: string): Buffer {
	return createHash('sha256').update(text, 'utf8').digest();
}

/** A new check of `bytes` random bytes in `encoding`, and the hash (hex) the waiting item keeps. */
export function newCheck(
	bytes: number,
	encoding: 'hex' | 'base64url',
): { check: string; hash: string } {
	const check = randomBytes(bytes).toString(encoding);
	return { check, hash: sha256(check).toString('hex') };
}

/**
 * Whether `given` (a value as n8n parsed it from a call: any type, any bytes, any length) is the
 * check whose hash the waiting item keeps. Never throws: both sides compared are digests of 32 bytes.
 */
export function checkMatches(given: unknown, hash: unknown): boolean {
	if (typeof given !== 'string' || given.length > CHECK_MAX_LENGTH) return false;
	if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return false;
	return timingSafeEqual(sha256(given), Buffer.from(hash, 'hex'));
}
