/**
 * Fuzzing the one-day dates of the operations that take a day (items/phoneNumber.ts `toServiceDay`:
 * Blacklist → Add's Expire At, Short Link → Get Clicks' From and To): seeded, 5,000 cases. Asserts: a day is
 * either YYYY-MM-DD taken from the input's start, or a clear error, never anything else.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { toServiceDay } from '../../nodes/Smsapi/items/phoneNumber';
import { forEachCase, fuzzSeed } from '../support/random';

const SEED = fuzzSeed(20_261_123);

function check(ok: boolean, what: string, ...values: unknown[]): void {
	if (!ok) throw new Error(`${what}: ${JSON.stringify(values).slice(0, 500)}`);
}

describe('fuzz: service days', () => {
	it('a day is YYYY-MM-DD from the start of the input, or a NodeOperationError', () => {
		const node = { name: 'SMSAPI', type: 'smsapi', typeVersion: 1, position: [0, 0], parameters: {}, id: 'n' };
		const context = { getNode: () => node } as unknown as IExecuteFunctions;
		forEachCase(SEED + 1, 5000, (random) => {
			const input = random.bool(0.5)
				? `${random.int(1900, 2100)}-${String(random.int(0, 13)).padStart(2, '0')}-${String(random.int(0, 32)).padStart(2, '0')}${random.pick(['', 'T10:00:00', ' 10:00', 'x', 'Z'])}`
				: random.nasty(30);
			try {
				const day = toServiceDay.call(context, input, 'Day', 0);
				check(day === undefined ? input === '' : /^\d{4}-\d{2}-\d{2}$/.test(day) && input.trim().startsWith(day), 'a day from the start', input, day);
			} catch (error) {
				check(error instanceof NodeOperationError, 'only a clear error', input, String(error));
			}
		});
	});
});
