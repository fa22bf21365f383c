/**
 * The outcomes of a run whose requests carry several items (items/outcomes.ts) in n8n-core's real
 * ExecuteContext: every item read and checked before anything is sent, a bad one stopping the run
 * (with its item index) or, with Continue On Fail, keeping its error while the others go on; the
 * output in input order, each item's rows then its errors, a failed row on the error output
 * reduced to `{ error }`, every item paired with its input.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { ItemOutcomes } from '../../nodes/Smsapi/items/outcomes';
import { executeContext, smsapiNode } from '../support/n8n-context';

const items = (count: number): INodeExecutionData[] => Array.from({ length: count }, (_, index) => ({ json: { index } }));
const context = (onError?: 'continueRegularOutput' | 'continueErrorOutput') =>
	executeContext({ node: smsapiNode({ resource: 'hlr', operation: 'lookup' }, onError ? { onError } : {}), items: items(3) });

const prepare = (itemIndex: number) => {
	if (itemIndex === 1) throw new Error('Not a valid phone number: "12"');
	return { itemIndex, number: `4850000000${itemIndex}` };
};

describe('the outcomes of a run', () => {
	it('prepares every item before anything is sent; a bad one stops the run with its index', async () => {
		const outcomes = new ItemOutcomes<IDataObject>(context(), 3);
		await expect(outcomes.prepareEach(prepare)).rejects.toMatchObject({ message: 'Not a valid phone number: "12"', context: { itemIndex: 1 } });
	});

	it('with Continue On Fail the bad item keeps its error, the others are prepared (synchronously or not)', async () => {
		const outcomes = new ItemOutcomes<IDataObject>(context('continueRegularOutput'), 3);
		const ready = await outcomes.prepareEach(async (itemIndex) => prepare(itemIndex));
		expect(ready.map((send) => send.itemIndex)).toEqual([0, 2]);
		expect([...outcomes.failed()].map(([itemIndex, outcome]) => [itemIndex, outcome.errors.map((error) => error.message)])).toEqual([[1, ['Not a valid phone number: "12"']]]);
	});

	it('outputs each item in input order: its rows, then its errors, all paired with it', async () => {
		const outcomes = new ItemOutcomes<IDataObject>(context('continueRegularOutput'), 3);
		outcomes.get(2).rows.push({ number: '2a' }, { number: '2b' });
		outcomes.get(0).rows.push({ number: '0' });
		outcomes.addError(1, Object.assign(new Error('refused'), { description: 'why' }));
		expect(outcomes.entries().map(([itemIndex, outcome]) => [itemIndex, outcome.rows.length])).toEqual([
			[0, 1],
			[1, 0],
			[2, 2],
		]);
		expect(await outcomes.toOutput()).toEqual([
			{ json: { number: '0' }, pairedItem: { item: 0 } },
			{ json: { error: 'refused', description: 'why' }, pairedItem: { item: 1 } },
			{ json: { number: '2a' }, pairedItem: { item: 2 } },
			{ json: { number: '2b' }, pairedItem: { item: 2 } },
		]);
	});

	it('a row its operation marks failed goes to the error output as { error }', async () => {
		const outcomes = new ItemOutcomes<IDataObject>(context('continueErrorOutput'), 1);
		outcomes.get(0).rows.push({ number: '1', status: 'OK' }, { number: '2', status: 'ERROR', error: 'skipped' });
		const asItem = (row: IDataObject) => ({ json: row, failed: row.status === 'ERROR' });
		expect(await outcomes.toOutput(asItem)).toEqual([
			{ json: { number: '1', status: 'OK' }, pairedItem: { item: 0 } },
			{ json: { error: 'skipped' }, pairedItem: { item: 0 } },
		]);
	});

	it('holds nothing for an item until it has a row or an error, then lists as long as they need to be', async () => {
		const outcomes = new ItemOutcomes<IDataObject>(context('continueRegularOutput'), 3);
		expect([...outcomes.failed()]).toEqual([]);
		expect(await outcomes.toOutput()).toEqual([]);
		outcomes.addRow(0, { number: '0a' });
		outcomes.addRow(0, { number: '0b' });
		// An item's errors are a frozen empty list until its first: nobody adds to it by mistake.
		expect(Object.isFrozen(outcomes.get(1).errors)).toBe(true);
		expect(() => (outcomes.get(1).errors as Error[]).push(new Error('lost'))).toThrow(TypeError);
		outcomes.addError(1, new Error('first'));
		outcomes.addError(1, new Error('second'));
		expect(outcomes.entries().map(([itemIndex, { rows, errors }]) => [itemIndex, rows.length, errors.map((error) => error.message)])).toEqual([
			[0, 2, []],
			[1, 0, ['first', 'second']],
			[2, 0, []],
		]);
		expect((await outcomes.toOutput()).map((item) => [item.json, item.pairedItem])).toEqual([
			[{ number: '0a' }, { item: 0 }],
			[{ number: '0b' }, { item: 0 }],
			[{ error: 'first' }, { item: 1 }],
			[{ error: 'second' }, { item: 1 }],
		]);
	});
});
