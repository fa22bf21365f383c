/**
 * SMS → Send, idx: against a mocked service (nock, the sms.do of support/sms-do-check-idx.ts), for
 * what conformance and hardening changed:
 * - idx and check_idx: check_idx=1 only for the idx values the node generates; a
 *   user's own Idx follows the user's Check Idx, and is repeated on the backup only when the
 *   repeat cannot double; a partial own Idx is refused;
 * - generated idx unique across n8n instances, workflows and content, the same for
 *   n8n's Retry On Fail; error 53 to a generated idx is "accepted" only when the same content
 *   went out before.
 */
import nock from 'nock';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { BACKUP, PRIMARY, tokenCredentials } from '../../support/n8n-context';
import type { RunOptions, WireRequest } from '../support/run-node';
import { backupSmsDo, failure, mockService, runNode, smsSend, useMockedNetwork } from '../support/run-node';
import { answer, service } from '../support/sms-do-check-idx';

useMockedNetwork();

const send = smsSend;

const backup = backupSmsDo;

describe('idx and check_idx', () => {
	it('the idx values the node generates always go with check_idx=1, also with Check Idx off', async () => {
		const sms = service();
		await runNode({ parameters: send('48500000001', 'Hi', { checkIdx: false }) });
		expect(sms.calls[0].body.check_idx).toBe('1');
		expect(sms.calls[0].body.idx).toMatch(/^[0-9a-f]{32}$/);
	});

	it("a user's own Idx follows Check Idx: absent unless set, as at the service", async () => {
		const sms = service();
		await runNode({
			parameters: [
				send('48500000001', 'A', { idx: 'order-1' }),
				send('48500000002', 'B', { idx: 'order-2', checkIdx: true }),
				send('48500000003', 'C', { idx: 'order-3', checkIdx: false }),
			],
		});
		expect(sms.calls.map((call) => [call.body.idx, call.body.check_idx])).toEqual([
			['order-1', undefined],
			['order-2', '1'],
			['order-3', '0'],
		]);
	});

	it('an order id reused within 24 hours as Idx is sent again, not refused with error 53', async () => {
		const sms = service();
		const first = await runNode({ parameters: send('48500000001,48500000002', 'Your order shipped', { idx: 'order-42|order-42b' }) });
		const again = await runNode({ parameters: send('48500000001,48500000002', 'Your order arrived', { idx: 'order-42|order-42b' }) });
		expect(sms.calls).toHaveLength(2);
		expect(first.map((item) => item.json.status)).toEqual(['QUEUE', 'QUEUE']);
		expect(again.map((item) => item.json.status)).toEqual(['QUEUE', 'QUEUE']);
	});

	it('with Check Idx on, a reused own Idx is the service’s error 53 (never reported as accepted)', async () => {
		service();
		await runNode({ parameters: send('48500000001', 'A', { idx: 'order-7', checkIdx: true }) });
		const error = await failure(runNode({ parameters: send('48500000001', 'A', { idx: 'order-7', checkIdx: true }) }));
		expect(error.message).toMatch(/SMSAPI error 53/);
	});

	it('own Idx without Check Idx: repeated on the backup only when the primary provably never got it', async () => {
		nock(PRIMARY).post('/sms.do').replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
		const calls = backup((body) => [200, answer({ body } as WireRequest, new Set())]);
		const output = await runNode({
			parameters: send('48500000001', 'A', { idx: 'order-8' }),
			credentials: tokenCredentials({ backupUrl: BACKUP }),
		});
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ idx: 'order-8' });
		expect(calls[0].check_idx).toBeUndefined();
		expect(output[0].json).toMatchObject({ number: '48500000001', status: 'QUEUE', idx: 'order-8' });
	});

	it('own Idx with Check Idx after a 502: repeated on the backup; its 53 is an error that names both possibilities', async () => {
		nock(PRIMARY).post('/sms.do').reply(502, 'Bad Gateway');
		const calls = backup(() => [200, { error: 53, message: 'Idx already used' }]);
		const error = await failure(
			runNode({
				parameters: send('48500000001', 'A', { idx: 'order-9', checkIdx: true }),
				credentials: tokenCredentials({ backupUrl: BACKUP }),
			}),
		);
		expect(calls).toHaveLength(1);
		expect(error.message).toMatch(/SMSAPI error 53/);
		expect(error.description).toMatch(/either the first attempt had been accepted .* or this idx had already been used/);
	});
});

describe('generated idx: unique across instances, workflows and content; the same for a retry', () => {
	const run = async (options: Partial<RunOptions>, message = 'Order shipped') => {
		nock.cleanAll();
		const sms = service();
		await runNode({ parameters: send('48500000001', message), executionId: 'exec-1', ...options });
		return sms.calls[0].body.idx;
	};

	it('two n8n instances running the same imported workflow (same execution id, node id, item) get different idx', async () => {
		const a = await run({ instanceId: 'instance-a', workflowId: 'wf-1' });
		const b = await run({ instanceId: 'instance-b', workflowId: 'wf-1' });
		expect(a).toMatch(/^[0-9a-f]{32}$/);
		expect(b).not.toBe(a);
	});

	it('two workflows of one instance with the same node ids get different idx', async () => {
		expect(await run({ instanceId: 'i', workflowId: 'wf-1' })).not.toBe(await run({ instanceId: 'i', workflowId: 'wf-2' }));
	});

	it('other content in the same execution, node and item gives another idx (copies of an instance share its id)', async () => {
		expect(await run({ instanceId: 'i', workflowId: 'w' }, 'Order shipped')).not.toBe(
			await run({ instanceId: 'i', workflowId: 'w' }, 'Order delivered'),
		);
	});

	it("n8n's Retry On Fail (same execution and node context) repeats the idx, even when an expression gives another text", async () => {
		const contextData: IDataObject = {};
		const first = await run({ instanceId: 'i', workflowId: 'w', contextData }, 'Sent at 10:00:01');
		const retry = await run({ instanceId: 'i', workflowId: 'w', contextData }, 'Sent at 10:00:07');
		expect(retry).toBe(first);
		const otherRun = await run({ instanceId: 'i', workflowId: 'w', contextData, runIndex: 1 }, 'Sent at 10:00:07');
		expect(otherRun).not.toBe(first);
	});

	it('a retry from the Executions list (new execution id, the failed execution\'s node context) repeats its idx', async () => {
		const contextData: IDataObject = {};
		const failed = await run({ instanceId: 'i', workflowId: 'w', contextData, executionId: 'exec-7' });
		const retried = await run({ instanceId: 'i', workflowId: 'w', contextData, executionId: 'exec-8' });
		expect(retried).toBe(failed);
		// A new execution without that context (a new run of the workflow) gets its own idx.
		expect(await run({ instanceId: 'i', workflowId: 'w', contextData: {}, executionId: 'exec-8' })).not.toBe(failed);
	});

	it('generated idx values are 32 characters of 0-9a-f: within the service’s idx limits (error 27)', async () => {
		const sms = service();
		await runNode({ parameters: send(Array.from({ length: 50 }, (_, i) => String(48500000000 + i)), 'Hi') });
		const idx = sms.calls[0].body.idx.split('|');
		expect(new Set(idx).size).toBe(50);
		for (const value of idx) expect(value).toMatch(/^[0-9a-f]{32}$/);
	});
});

describe('a partial own Idx (issue 29, finding 6)', () => {
	it('Idx order-1||order-3 for three recipients is refused before anything is sent, naming the position', async () => {
		const sms = service();
		const error = await failure(
			runNode({ parameters: send('48500000001,48500000002,48500000003', 'Your order', { idx: 'order-1||order-3', checkIdx: true }) }),
		);
		expect(error.message).toMatch(/^idx for recipient 2 \(48500000002\) is empty/);
		expect(error.description).toBe('Nothing was sent for this item.');
		expect(sms.calls).toHaveLength(0);
	});
});

describe('error 53 to generated idx is "accepted" only when the same content went out before (issue 29, finding 7)', () => {
	/**
	 * sms.do remembering the idx values it accepted (53 for a used one, with check_idx=1); an
	 * item whose message is `No credits` is refused with 103 (nothing sent), so that the node run
	 * fails and n8n's Retry On Fail runs it again. `usedElsewhere`: idx values something else used.
	 */
	function retryService(usedElsewhere: (request: WireRequest) => boolean = () => false) {
		const used = new Set<string>();
		return mockService().on('POST', '/sms.do', (request) => {
			const idx = request.body.idx.split('|');
			if (usedElsewhere(request) || idx.some((value) => used.has(value))) return [200, { error: 53, message: 'Idx already used' }];
			if (request.body.message === 'No credits') return [200, { error: 103, message: 'Not enough points' }];
			return [200, answer(request, used)];
		});
	}
	/** Item 0's send (its text given), item 1's send (refused for credits unless `credits`). */
	const twoItems = (text: string, credits = false): INodeParameters[] => [
		send('48500000001', text, { maxParallelRequests: 1 }),
		send('48500000002', credits ? 'Thanks' : 'No credits', { maxParallelRequests: 1 }),
	];

	it('Retry On Fail with the same text: the first try’s accepted message is refused (53) and reported accepted', async () => {
		const sms = retryService();
		const contextData: IDataObject = {};
		await failure(runNode({ parameters: twoItems('Order shipped'), contextData }));
		const retry = await runNode({ parameters: twoItems('Order shipped', true), contextData });
		expect(sms.calls.map((call) => call.body.idx)).toEqual([sms.calls[0].body.idx, sms.calls[1].body.idx, sms.calls[0].body.idx, sms.calls[1].body.idx]);
		expect(retry.map((item) => [item.json.number, item.json.status, item.json.accepted_earlier])).toEqual([
			['48500000001', 'ACCEPTED', true],
			['48500000002', 'QUEUE', undefined],
		]);
	});

	it('Retry On Fail whose text changed: the refusal (53) is an error saying the EARLIER text may have gone out, never "accepted"', async () => {
		const sms = retryService();
		const contextData: IDataObject = {};
		await failure(runNode({ parameters: twoItems('Sent at 10:00:01'), contextData }));
		const output = await runNode({ parameters: twoItems('Sent at 10:00:07', true), contextData, continueOnFail: true });
		// Same idx for the changed text (the first try's content hash is kept): nothing was sent twice.
		expect(sms.calls[2].body.idx).toBe(sms.calls[0].body.idx);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output[0].json.accepted_earlier).toBeUndefined();
		expect(output[0].json.error).toBe(
			'SMSAPI error 53: an earlier try of this node sent these messages with other content, which may have gone out',
		);
		expect(output[0].json.description).toMatch(/the EARLIER content may have gone out to these numbers, and this try's content was not sent/);
		expect(output[1].json).toMatchObject({ number: '48500000002', status: 'QUEUE' });

		const error = await failure(runNode({ parameters: twoItems('Sent at 10:00:09', true), contextData }));
		expect(error.message).toMatch(/an earlier try of this node sent these messages with other content/);
	});

	it('Retry On Fail whose text changed, its first attempt lost and the repeat refused (53): an error saying one of the two texts went out', async () => {
		retryService();
		const contextData: IDataObject = {};
		await failure(runNode({ parameters: twoItems('Sent at 10:00:01'), contextData }));
		nock.cleanAll();
		nock(PRIMARY).post('/sms.do').replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		backup(() => [200, { error: 53, message: 'Idx already used' }]);
		const error = await failure(
			runNode({ parameters: [send('48500000001', 'Sent at 10:00:07')], contextData, credentials: tokenCredentials({ backupUrl: BACKUP }) }),
		);
		expect(error.message).toMatch(/an earlier try of this node sent these messages with other content/);
		expect(error.description).toMatch(/either the EARLIER content or this try's went out to these numbers, one of them, once/);
	});

	it('a 53 at the first attempt that no earlier try explains is an idx collision: an error, nothing reported as sent', async () => {
		// The earlier try stopped at item 0's refusal (103: the account ran out of points) before
		// item 1's request started; in the retry (same content), item 1's request is refused for an
		// idx that something else had used.
		const contextData: IDataObject = {};
		let phase: 'first' | 'retry' = 'first';
		const used = new Set<string>();
		const sms = mockService().on('POST', '/sms.do', (request) => {
			if (phase === 'first') return [200, { error: 103, message: 'Not enough points' }];
			if (request.body.to === '48500000002') return [200, { error: 53, message: 'Idx already used' }];
			return [200, answer(request, used)];
		});
		const items = [send('48500000001', 'Order shipped', { maxParallelRequests: 1 }), send('48500000002', 'Order packed', { maxParallelRequests: 1 })];
		await failure(runNode({ parameters: items, contextData }));
		expect(sms.calls.map((call) => call.body.to)).toEqual(['48500000001']);

		phase = 'retry';
		const output = await runNode({ parameters: items, contextData, continueOnFail: true });
		expect(output[0].json).toMatchObject({ number: '48500000001', status: 'QUEUE' });
		expect(output[1].pairedItem).toEqual({ item: 1 });
		expect(output[1].json.accepted_earlier).toBeUndefined();
		expect(output[1].json.error).toBe('SMSAPI error 53: the idx values the node generated for these messages had already been used');
		expect(output[1].json.description).toMatch(/this node run has no record of sending them \(an idx collision\)\. Nothing was sent now/);
	});

	it('without an execution id (random idx) a 53 is never "accepted"', async () => {
		mockService().on('POST', '/sms.do', () => [200, { error: 53, message: 'Idx already used' }]);
		const output = await runNode({ parameters: send('48500000001', 'Hi'), executionId: '', continueOnFail: true });
		expect(output).toHaveLength(1);
		expect(output[0].json.accepted_earlier).toBeUndefined();
		expect(output[0].json.error).toMatch(/^SMSAPI error 53: the idx values the node generated .* had already been used$/);
	});

	it('the same execution run again from its start with the same content (n8n 1.x after a dead worker, no node context): its own idx proves the earlier run sent it', async () => {
		const sms = retryService();
		await runNode({ parameters: send('48500000001', 'Order shipped'), executionId: 'exec-41' });
		const again = await runNode({ parameters: send('48500000001', 'Order shipped'), executionId: 'exec-41', contextData: {} });
		expect(sms.calls).toHaveLength(2);
		expect(again[0].json).toMatchObject({ number: '48500000001', status: 'ACCEPTED', accepted_earlier: true });
	});
});
