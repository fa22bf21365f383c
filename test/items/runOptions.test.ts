/**
 * The run options every operation that spends money per number shows (items/runOptions.ts): Max
 * Parallel Requests from 1 to the service's 5 simultaneous sends, 4 by default, and Max Recipients
 * per Item, 100 by default and 0 to turn it off, their defaults those the code applies when the
 * option is not set.
 */
import { DEFAULT_MAX_PARALLEL_REQUESTS, MAX_PARALLEL_REQUESTS, parallelLimit } from '../../nodes/Smsapi/helpers/parallel';
import { DEFAULT_MAX_RECIPIENTS_PER_ITEM } from '../../nodes/Smsapi/items/recipients';
import { maxParallelRequestsOption, maxRecipientsOption } from '../../nodes/Smsapi/items/runOptions';

describe('the run options', () => {
	it('Max Parallel Requests: 1 to 5, the default the one applied without the option', () => {
		expect(maxParallelRequestsOption).toMatchObject({ name: 'maxParallelRequests', type: 'number', default: 4, typeOptions: { minValue: 1, maxValue: 5 } });
		expect([DEFAULT_MAX_PARALLEL_REQUESTS, MAX_PARALLEL_REQUESTS]).toEqual([4, 5]);
		expect(parallelLimit(undefined)).toBe(maxParallelRequestsOption.default);
	});

	it('Max Recipients per Item: 100 by default, 0 allowed (no check)', () => {
		expect(maxRecipientsOption).toMatchObject({ name: 'maxRecipientsPerItem', type: 'number', default: DEFAULT_MAX_RECIPIENTS_PER_ITEM, typeOptions: { minValue: 0 } });
		expect(DEFAULT_MAX_RECIPIENTS_PER_ITEM).toBe(100);
		expect(maxRecipientsOption.description).toContain('0 turns the check off');
	});
});
