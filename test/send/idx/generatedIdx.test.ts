/**
 * The idx the node generates (send/idx/generatedIdx.ts): random ones unique and in the service's
 * alphabet, and seeded ones the first 32 hex digits of the seed's SHA-256, as every version before
 * derived them, so that a retry after an upgrade repeats the same idx.
 */
import { createHash } from 'node:crypto';

import { generateIdx } from '../../../nodes/Smsapi/send/idx/generatedIdx';

describe('generateIdx', () => {
	it('is unique, a-z0-9 only, well under 255 characters', () => {
		const values = new Set(Array.from({ length: 1000 }, () => generateIdx()));
		expect(values.size).toBe(1000);
		for (const value of values) expect(value).toMatch(/^[a-z0-9]{32}$/);
	});

	it('from a seed: the first 32 hex digits of its SHA-256, as every version before derived it (a retry after an upgrade repeats the same idx)', () => {
		const seeds = ['', 'x', '["instance","wf","1","node","0","hash"]:7:0:48500100000', 'zażółć 😀 \u0000', 'a'.repeat(10_000)];
		for (const seed of seeds) {
			expect(generateIdx(seed)).toBe(createHash('sha256').update(seed).digest('hex').slice(0, 32));
		}
		expect(generateIdx('["i","w","e","n","0","c"]:0:0:48500100000')).toBe('1ba14e89064f747b830dbd83fc4a55e5');
	});
});
