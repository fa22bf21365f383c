/**
 * The check both waits hand out (nodes/Smsapi/wait/check.ts): random per send, only its hash
 * kept, compared without throwing whatever a call carries.
 */
import { createHash } from 'node:crypto';

import { checkMatches, newCheck } from '../../nodes/Smsapi/wait/check';

it.each([
	[32, 'hex', /^[0-9a-f]{64}$/],
	[16, 'base64url', /^[A-Za-z0-9_-]{22}$/],
] as const)('a new check of %i bytes in %s per send, its SHA-256 kept', (bytes, encoding, shape) => {
	const first = newCheck(bytes, encoding);
	const second = newCheck(bytes, encoding);
	expect(first.check).toMatch(shape);
	expect(first.check).not.toBe(second.check);
	expect(first.hash).toBe(createHash('sha256').update(first.check).digest('hex'));
	expect(checkMatches(first.check, first.hash)).toBe(true);
	expect(checkMatches(second.check, first.hash)).toBe(false);
});

it('never throws and never matches what is not the check: other lengths, multi-byte text, arrays, objects, huge values, a broken hash', () => {
	const { check, hash } = newCheck(32, 'hex');
	for (const given of ['é'.repeat(64), check.toUpperCase(), `${check} `, '', ['x'], [check], { a: check }, null, undefined, 42, 'x'.repeat(1_000_000)])
		expect(checkMatches(given, hash)).toBe(false);
	for (const broken of [undefined, '', 'zz', hash.toUpperCase(), 42, { hash }]) expect(checkMatches(check, broken)).toBe(false);
});
