/**
 * The item loop (items/loop.ts) in n8n-core's real ExecuteContext: every item's results as output
 * items paired with it; with Continue On Fail a failure an `{ error, description }` item (only
 * `{ error }` on the error output) and the loop goes on, without it the error carries the item's
 * index; the parallel loop keeps input order, keeps at most its limit in flight and starts no
 * further item after a failure; a required text trimmed or refused with what to enter.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { errorItem, failureItem, mapItems, mapItemsInParallel, requiredText, withItemIndex } from '../../nodes/Smsapi/items/loop';
import { executeContext, smsapiNode } from '../support/n8n-context';

const items = (count: number): INodeExecutionData[] => Array.from({ length: count }, (_, index) => ({ json: { index } }));
const contextWith = (onError?: 'continueRegularOutput' | 'continueErrorOutput', parameters = {}): IExecuteFunctions =>
	executeContext({ node: smsapiNode({ resource: 'contactGroup', operation: 'create', ...parameters }, onError ? { onError } : {}), items: items(3) });
const failing = (failOn: number) => async (itemIndex: number) => {
	if (itemIndex === failOn) throw Object.assign(new Error(`item ${itemIndex} failed`), { description: 'why' });
	return itemIndex === 2 ? [{ n: 2, part: 'a' }, { n: 2, part: 'b' }] : { n: itemIndex };
};

describe('the item loop', () => {
	it('pairs every result with its item, several results of one item in order', async () => {
		expect(await mapItems.call(contextWith(), items(3), failing(-1))).toEqual([
			{ json: { n: 0 }, pairedItem: { item: 0 } },
			{ json: { n: 1 }, pairedItem: { item: 1 } },
			{ json: { n: 2, part: 'a' }, pairedItem: { item: 2 } },
			{ json: { n: 2, part: 'b' }, pairedItem: { item: 2 } },
		]);
	});

	it('with Continue On Fail a failure is an error item with its description, and the loop goes on', async () => {
		const output = await mapItems.call(contextWith('continueRegularOutput'), items(3), failing(1));
		expect(output[1]).toEqual({ json: { error: 'item 1 failed', description: 'why' }, pairedItem: { item: 1 } });
		expect(output).toHaveLength(4);
	});

	it('on the error output the failure is a bare { error }, as n8n routes only such items there', async () => {
		const context = contextWith('continueErrorOutput');
		expect(errorItem.call(context, Object.assign(new Error('bad'), { description: 'd' }), 4)).toEqual({ json: { error: 'bad' }, pairedItem: { item: 4 } });
		expect(failureItem.call(contextWith('continueRegularOutput'), { error: 'bad', number: '48500' }, 1)).toEqual({ json: { error: 'bad', number: '48500' }, pairedItem: { item: 1 } });
	});

	it('without Continue On Fail the first failure stops the loop, carrying its item index', async () => {
		await expect(mapItems.call(contextWith(), items(3), failing(1))).rejects.toMatchObject({ message: 'item 1 failed', context: { itemIndex: 1 } });
		const wrapped = withItemIndex.call(contextWith(), 'a text thrown', 5);
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect((wrapped as NodeOperationError).context.itemIndex).toBe(5);
	});
});

describe('the parallel item loop', () => {
	it('keeps input order whatever order the answers come in, and at most `limit` in flight', async () => {
		let inFlight = 0;
		let peak = 0;
		const handler = async (itemIndex: number) => {
			inFlight++;
			peak = Math.max(peak, inFlight);
			await new Promise((resolve) => setTimeout(resolve, (6 - itemIndex) * 3));
			inFlight--;
			return { n: itemIndex };
		};
		const output = await mapItemsInParallel.call(contextWith(), items(6), 2, handler);
		expect(output.map((item) => item.json.n)).toEqual([0, 1, 2, 3, 4, 5]);
		expect(peak).toBe(2);
	});

	it('a failure without Continue On Fail starts no further item once it is handed over; the one in flight settles before it is thrown', async () => {
		const started: number[] = [];
		const finished: number[] = [];
		const handler = async (itemIndex: number) => {
			started.push(itemIndex);
			if (itemIndex === 0) throw new Error('item 0 failed');
			// Item 1 is still in flight when item 0 fails.
			await new Promise((resolve) => setTimeout(resolve, 20));
			finished.push(itemIndex);
			return { n: itemIndex };
		};
		await expect(mapItemsInParallel.call(contextWith(), items(6), 2, handler)).rejects.toMatchObject({ message: 'item 0 failed', context: { itemIndex: 0 } });
		expect({ started, finished }).toEqual({ started: [0, 1], finished: [1] });
	});

	it('with Continue On Fail the failed item is an error item in its place', async () => {
		const output = await mapItemsInParallel.call(contextWith('continueRegularOutput'), items(3), 3, failing(0));
		expect(output[0]).toEqual({ json: { error: 'item 0 failed', description: 'why' }, pairedItem: { item: 0 } });
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 2 }]);
	});
});

describe('a required text', () => {
	it('is trimmed, and an empty one refused with what to enter', () => {
		expect(requiredText.call(contextWith(undefined, { name: '  Bakery  ' }), 'name', 0, 'Enter a name')).toBe('Bakery');
		expect(() => requiredText.call(contextWith(undefined, { name: '   ' }), 'name', 0, 'Enter a name', 'The name the group gets')).toThrow('Enter a name');
		expect(requiredText.call(contextWith(undefined, { name: '={{ $json.index + 1 }}' }), 'name', 2, 'Enter a name')).toBe('3');
	});
});
