import * as crypto from 'node:crypto';

/**
 * SHA-256 of a text, in hex. Node's one-shot `crypto.hash` where there is one (Node 20.12 and
 * later): a send of 100,000 messages derives 100,000 idx values, and a `Hash` object each is a
 * native object each, which n8n's garbage collector must then clear one by one.
 */
function sha256Hex(text: string): string {
	const oneShot = (crypto as { hash?: typeof crypto.hash }).hash;
	if (oneShot) return oneShot('sha256', text, 'hex');
	return crypto.createHash('sha256').update(text).digest('hex');
}

/**
 * An idx for a message the user gave none for: 32 characters of [a-f0-9]. With a `seed` it is
 * derived from it (the same seed gives the same idx), otherwise random.
 */
export function generateIdx(seed?: string): string {
	if (seed !== undefined) return sha256Hex(seed).slice(0, 32);
	return crypto.randomUUID().replace(/-/g, '');
}
