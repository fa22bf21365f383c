/**
 * SMS → Send, failover, against a mocked service (nock, with the small sms.do of support/sms-do.ts): a
 * batched send repeated on the backup (same idx, check_idx=1), a request the primary had accepted
 * before its answer was lost, and n8n's Retry On Fail that never sends twice. In n8n's engine:
 * send.failover.engine.test.ts; 1,000 items: send.batching.engine.test.ts.
 */
import nock from 'nock';
import { BACKUP, PRIMARY, tokenCredentials } from '../../support/n8n-context';
import { type WireRequest, backupSmsDo, failure, mockService, runNode, smsSend, useMockedNetwork } from '../support/run-node';
import { smsDo } from '../support/sms-do';

useMockedNetwork();

const send = smsSend;

describe('sms.send: failover of a batched send', () => {
	const credentials = tokenCredentials({ backupUrl: BACKUP });

	const backup = backupSmsDo;

	it('the primary answers 500: the same request (same idx, check_idx=1) goes to the backup once; every item is answered', async () => {
		const primary: Array<Record<string, string>> = [];
		nock(PRIMARY)
			.post('/sms.do')
			.reply((_uri, body) => {
				primary.push(Object.fromEntries(new URLSearchParams(String(body))));
				return [500, '<html>500</html>'];
			});
		const backupCalls = backup((body) => smsDo({ body } as WireRequest));
		const output = await runNode({
			parameters: [send('48500000001', 'Sale'), send('48500000002', 'Sale'), send('48500000003', 'Sale')],
			credentials,
		});
		expect(primary).toHaveLength(1);
		expect(backupCalls).toEqual([primary[0]]);
		expect(backupCalls[0].check_idx).toBe('1');
		expect(backupCalls[0].idx.split('|')).toHaveLength(3);
		expect(output.map((item) => [item.pairedItem, item.json.number, item.json.idx])).toEqual(
			backupCalls[0].idx.split('|').map((idx, i) => [{ item: i }, `4850000000${i + 1}`, idx]),
		);
	});

	it('the primary accepted the request but its answer was lost: the backup answers 53, the items are reported as accepted', async () => {
		// The primary processed the request, then the connection broke before its answer arrived.
		const primary: Array<Record<string, string>> = [];
		nock(PRIMARY)
			.post('/sms.do', (body: Record<string, string>) => {
				primary.push(body);
				return true;
			})
			.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		const backupCalls = backup(() => [200, { error: 53, message: 'idx already used' }]);

		const output = await runNode({
			parameters: [send('48500000001', 'Sale'), send('48500000002', 'Sale')],
			credentials,
		});
		expect(primary).toHaveLength(1);
		expect(backupCalls).toEqual(primary);
		expect(backupCalls[0].check_idx).toBe('1');
		const idx = backupCalls[0].idx.split('|');
		expect(output).toEqual([
			{
				json: { id: null, number: '48500000001', idx: idx[0], status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 0 },
			},
			{
				json: { id: null, number: '48500000002', idx: idx[1], status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 1 },
			},
		]);
	});

	it("a send with the user's own idx and no Check Idx is not repeated after a 500 (it might double)", async () => {
		nock(PRIMARY).post('/sms.do').reply(500, 'oops');
		const backupCalls = backup((body) => smsDo({ body } as WireRequest));
		const error = await failure(runNode({ parameters: send('48500000001', 'Sale', { idx: 'order-1' }), credentials }));
		expect(error.message).toMatch(/may or may not have accepted .* not repeated, to avoid a double send/);
		expect(backupCalls).toHaveLength(0);
	});
});

describe("sms.send: n8n's Retry On Fail never sends twice", () => {
	const twoItems = [send('48500000001', 'Order shipped'), send('48500000002', 'Order shipped')];

	it('generated idx values are the same for a repeat of the same execution and node run, new otherwise', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({ parameters: twoItems, executionId: 'exec-7' });
		await runNode({ parameters: twoItems, executionId: 'exec-7' });
		await runNode({ parameters: twoItems, executionId: 'exec-8' });
		await runNode({ parameters: twoItems, executionId: 'exec-7', runIndex: 1 });
		const idx = service.calls.map((call) => call.body.idx);
		expect(idx[0]).toMatch(/^[0-9a-f]{32}\|[0-9a-f]{32}$/);
		expect(idx[1]).toBe(idx[0]);
		expect(idx[2]).not.toBe(idx[0]);
		expect(idx[3]).not.toBe(idx[0]);
		expect(new Set(idx[0].split('|')).size).toBe(2);
	});

	it('a retry whose request the service already accepted (53 for the generated idx) reports the messages as accepted', async () => {
		const used = new Set<string>();
		const service = mockService().on('POST', '/sms.do', (request) => {
			if (request.body.idx.split('|').some((value) => used.has(value))) {
				return [200, { error: 53, message: 'Idx already used' }];
			}
			for (const value of request.body.idx.split('|')) used.add(value);
			return smsDo(request);
		});
		const first = await runNode({ parameters: twoItems, executionId: 'exec-9' });
		const retry = await runNode({ parameters: twoItems, executionId: 'exec-9' });

		expect(service.calls).toHaveLength(2);
		expect(first.map((item) => item.json.status)).toEqual(['QUEUE', 'QUEUE']);
		expect(retry).toEqual([
			{
				json: { id: null, number: '48500000001', idx: first[0].json.idx, status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 0 },
			},
			{
				json: { id: null, number: '48500000002', idx: first[1].json.idx, status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 1 },
			},
		]);
	});

	it("53 for the user's own idx stays an error: that idx was used before, by something else", async () => {
		mockService().on('POST', '/sms.do', () => [200, { error: 53, message: 'Idx already used' }]);
		const error = await failure(runNode({ parameters: send('48500000001', 'Hi', { idx: 'order42' }), executionId: 'exec-10' }));
		expect(error.message).toMatch(/53|idx/i);
	});
});
