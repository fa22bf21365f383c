/**
 * The item a waiting execution holds (wait/waitingItem.ts): the node leaves it as its input (what
 * n8n passes on at the time limit) and asks n8n to wait until the limit, answering it as its
 * output; the webhook reads it back as plain data, and nothing that is not an object.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { readWaitingItem, waitWith } from '../../nodes/Smsapi/wait/waitingItem';

describe('the waiting item', () => {
	it("leaves the item as the node's input and waits until the limit", async () => {
		const input: INodeExecutionData[] = [{ json: { to: '48500000001' } }];
		const executeData = { data: { main: [input] } };
		const putExecutionToWait = jest.fn(async () => undefined);
		const context = { getExecuteData: () => executeData, putExecutionToWait } as unknown as IExecuteFunctions;
		const until = new Date(Date.UTC(2030, 0, 1));
		const output = await waitWith.call(context, { status: 'waiting', idx: 'a1' }, until);
		const waiting = { json: { status: 'waiting', idx: 'a1' }, pairedItem: { item: 0 } };
		expect(output).toEqual([waiting]);
		expect(executeData.data.main[0]).toEqual([waiting]);
		expect(putExecutionToWait).toHaveBeenCalledWith(until);
	});

	it('reads the item back as plain data, nothing that is not an object', () => {
		const evaluating = (value: unknown) => ({ evaluateExpression: (expression: string) => (expression === '{{ $json }}' ? value : undefined) });
		const item = { idx: 'a1', when: new Date(Date.UTC(2030, 0, 1)) };
		expect(readWaitingItem.call(evaluating(item))).toEqual({ idx: 'a1', when: '2030-01-01T00:00:00.000Z' });
		expect([readWaitingItem.call(evaluating(null)), readWaitingItem.call(evaluating([1])), readWaitingItem.call(evaluating('x'))]).toEqual([undefined, undefined, undefined]);
	});
});
