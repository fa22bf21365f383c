/**
 * The idx values the node generates (send/idx/idxSeed.ts, assignGeneratedIdx) in n8n-core's
 * ExecuteContext: one per message of the sends without an idx of their own, on the request and its
 * wire form; the same for the same run (so check_idx=1 refuses a repeat), different for another
 * n8n instance, workflow, execution, run of the node or content; n8n's Retry On Fail (the same node
 * context) and a Retry from the Executions list (a new execution, the node context copied) repeat
 * the first try's, whatever the content now, and say so; without an execution id, random.
 */
import type { IDataObject } from 'n8n-workflow';

import { Pacer } from '../../../nodes/Smsapi/helpers/pacer';
import { assignGeneratedIdx, type ReadySend } from '../../../nodes/Smsapi/send/idx/idxSeed';
import { parseSendParameters } from '../../../nodes/Smsapi/send/request';
import { toWire } from '../../../nodes/Smsapi/send/wire';
import { executeContext, type ExecuteOptions } from '../../support/n8n-context';

/** Item i sends `message` to its numbers; the second item has an idx of its own. */
function sends(message = 'Hi'): ReadySend[] {
	return [['48500000001', '48500000002'], ['48500000003']].map((to, itemIndex) => {
		const request = parseSendParameters({ to, message, ...(itemIndex === 1 ? { idx: 'order-1' } : {}) });
		return { itemIndex, request, wire: toWire(request), generateIdx: itemIndex === 0 };
	});
}

/** The idx values of item 0 in a run of these sends, and what the run knows of earlier tries. */
async function generated(options: ExecuteOptions = {}, message = 'Hi') {
	const ready = sends(message);
	const run = await assignGeneratedIdx.call(executeContext({ executionId: 'exec-7', instanceId: 'instance-a', ...options }), ready, new Pacer());
	return { idx: ready[0].request.perRecipient.idx, wire: ready[0].wire.idx, own: ready[1], run };
}

describe('assignGeneratedIdx', () => {
	it('an idx per message of the sends without their own, on the request and the wire; the others untouched', async () => {
		const { idx, wire, own } = await generated();
		expect(idx).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
		expect(idx?.[0]).not.toBe(idx?.[1]);
		expect(wire).toBe(idx?.join('|'));
		expect(own.request.perRecipient.idx).toEqual(['order-1']);
		expect(own.wire.idx).toBe('order-1');
	});

	it('the same for the same run; a seed of its own, so a 53 to it can only be a repeat of this run', async () => {
		const first = await generated();
		const again = await generated();
		expect(again.idx).toEqual(first.idx);
		expect(first.run).toMatchObject({ earlierTry: false, contentChanged: false, ownSeed: true });
		// As this version derives them, recorded: a retry after an upgrade must repeat the same idx.
		expect(first.idx?.[0]).toBe('28c136dfa7dc6b39b2ea2632406bd537');
	});

	it('different for another instance, workflow, execution, run of the node or content', async () => {
		const { idx } = await generated();
		// One after the other: n8n's instance id is the process's (test/support/n8n-context.ts).
		const others = [];
		for (const [options, message] of [[{ instanceId: 'instance-b' }], [{ workflowId: 'wf-2' }], [{ executionId: 'exec-8' }], [{ runIndex: 1 }], [{}, 'Hello']] as Array<[ExecuteOptions, string?]>)
			others.push(await generated(options, message));
		for (const other of others) expect(other.idx?.[0]).not.toBe(idx?.[0]);
		expect(new Set(others.map((other) => other.idx?.[0])).size).toBe(others.length);
	});

	it("n8n's Retry On Fail repeats the first try's idx though an expression now gives another text, and says so", async () => {
		const contextData: IDataObject = {};
		const first = await generated({ contextData });
		// What the first try records as sent (idxRefusal.ts) is kept in the node context.
		first.run.sent!.someRequest = ['someContent'];
		const retry = await generated({ contextData }, 'Hi, second try');
		expect(retry.idx).toEqual(first.idx);
		expect(retry.run).toMatchObject({ earlierTry: true, contentChanged: true, ownSeed: false });
		expect(retry.run.sentBefore).toEqual({ someRequest: ['someContent'] });
		// Not a copy of the record: what the retry sends is added to it.
		expect(retry.run.sent).toBe(first.run.sent);
	});

	it('a Retry from the Executions list (a new execution, the node context copied) repeats the failed execution’s idx', async () => {
		const contextData: IDataObject = {};
		const failed = await generated({ contextData, executionId: 'exec-7' });
		const retried = await generated({ contextData: JSON.parse(JSON.stringify(contextData)) as IDataObject, executionId: 'exec-9' });
		expect(retried.idx).toEqual(failed.idx);
		expect(retried.run.earlierTry).toBe(true);
	});

	it('without an execution id: random idx, and no seed of its own', async () => {
		const one = await generated({ executionId: '' });
		const two = await generated({ executionId: '' });
		expect(one.idx?.[0]).toMatch(/^[a-z0-9]{32}$/);
		expect(two.idx?.[0]).not.toBe(one.idx?.[0]);
		expect(one.run.ownSeed).toBe(false);
	});
});
