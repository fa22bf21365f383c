/**
 * An operation that handles each input item on its own (actions/itemOperation.ts): its parameters
 * shown only for its resource and operation, `run` called once per item with its index, its results
 * paired with the item, a failure an error item with Continue On Fail.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { itemOperation } from '../../nodes/Smsapi/actions/itemOperation';
import { nodeContext, useMockedNetwork } from './support/run-node';

useMockedNetwork();

describe('an operation of one item at a time', () => {
	const operation = itemOperation('blacklist', 'getMany', [{ displayName: 'Search', name: 'q', type: 'string', default: '' }], async function (this: IExecuteFunctions, itemIndex: number) {
		const q = this.getNodeParameter('q', itemIndex) as string;
		if (q === 'bad') throw new Error(`item ${itemIndex} is bad`);
		return itemIndex === 0 ? { q, itemIndex } : [{ q, part: 1 }, { q, part: 2 }];
	});

	it('shows its parameters for its resource and operation only', () => {
		expect(operation.description).toEqual([{ displayName: 'Search', name: 'q', type: 'string', default: '', displayOptions: { show: { resource: ['blacklist'], operation: ['getMany'] } } }]);
	});

	it("runs each item, its results paired with it", async () => {
		const context = nodeContext({ parameters: [{ resource: 'blacklist', operation: 'getMany', q: 'a' }, { resource: 'blacklist', operation: 'getMany', q: 'b' }] });
		const items: INodeExecutionData[] = context.getInputData();
		expect(await operation.execute.call(context, items)).toEqual([
			{ json: { q: 'a', itemIndex: 0 }, pairedItem: { item: 0 } },
			{ json: { q: 'b', part: 1 }, pairedItem: { item: 1 } },
			{ json: { q: 'b', part: 2 }, pairedItem: { item: 1 } },
		]);
	});

	it('a failing item is an error item with Continue On Fail', async () => {
		const context = nodeContext({ parameters: [{ resource: 'blacklist', operation: 'getMany', q: 'bad' }, { resource: 'blacklist', operation: 'getMany', q: 'b' }], continueOnFail: true });
		const output = await operation.execute.call(context, context.getInputData());
		expect(output[0]).toEqual({ json: { error: 'item 0 is bad' }, pairedItem: { item: 0 } });
		expect(output).toHaveLength(3);
	});
});
