import { randomBytes } from 'crypto';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 16-character id like the ones n8n generates. */
export function newId(): string {
	const bytes = randomBytes(16);
	let s = '';
	for (const b of bytes) s += ID_ALPHABET[b % ID_ALPHABET.length];
	return s;
}
