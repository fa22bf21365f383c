import { createHash, randomUUID } from 'node:crypto';

/**
 * An idx for a message the user gave none for: 32 characters of [a-f0-9]. With a `seed` it is
 * derived from it (the same seed gives the same idx), otherwise random.
 */
export function generateIdx(seed?: string): string {
	if (seed !== undefined) return createHash('sha256').update(seed).digest('hex').slice(0, 32);
	return randomUUID().replace(/-/g, '');
}
