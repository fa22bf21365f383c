import { hash, randomUUID } from 'node:crypto';

/**
 * An idx for a message the user gave none for: 32 characters of [a-f0-9]. With a `seed` it is
 * derived from it (the same seed gives the same idx: the first 32 hex digits of its SHA-256),
 * otherwise random. Node's one-shot `hash` (every Node the package runs on has it): a send of
 * 100,000 messages derives 100,000 idx values, and a `Hash` object each would be a native object
 * each for n8n's garbage collector to clear.
 */
export function generateIdx(seed?: string): string {
	if (seed !== undefined) return hash('sha256', seed, 'hex').slice(0, 32);
	return randomUUID().replace(/-/g, '');
}
