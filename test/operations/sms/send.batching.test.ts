/**
 * SMS → Send, batching and output items, against a mocked service (nock, with the small sms.do of
 * support/sms-do.ts): which items travel together, what each output item answers, an invalid number
 * among valid ones, error 103; an answer entry that matches no recipient reported in a warning, not
 * dropped. 1,000 items in n8n's engine: send.batching.engine.test.ts.
 */
import { logs } from '../../support/n8n-context';
import { failure, mockService, runNode, smsSend, useMockedNetwork } from '../support/run-node';
import { smsDo } from '../support/sms-do';

useMockedNetwork();

const send = smsSend;

describe('sms.send: batching and output items', () => {
	it('items with the same message travel in one request; each output item answers its own input', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({
			parameters: [send('48500000001', 'Sale'), send('48500000002, 48500000003', 'Sale'), send('48500000004', 'Sale')],
		});
		expect(service.calls).toHaveLength(1);
		expect(service.calls[0].body.to).toBe('48500000001,48500000002,48500000003,48500000004');
		expect(output.map((item) => [item.pairedItem, item.json.number])).toEqual([
			[{ item: 0 }, '48500000001'],
			[{ item: 1 }, '48500000002'],
			[{ item: 1 }, '48500000003'],
			[{ item: 2 }, '48500000004'],
		]);
	});

	it('personalised items: param1 values aligned with the numbers, at most 100 recipients per request', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const parameters = Array.from({ length: 250 }, (_, i) => send(String(48500000000 + i), 'Hi [%1%]', { param1: `C${i}` }));
		const output = await runNode({ parameters });
		expect(service.calls.map((call) => call.body.to.split(',').length)).toEqual([100, 100, 50]);
		for (const call of service.calls) {
			const to = call.body.to.split(',');
			expect(call.body.param1.split('|')).toEqual(to.map((n) => `C${Number(n) - 48500000000}`));
		}
		expect(output).toHaveLength(250);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.number).toBe(String(48500000000 + i));
		});
	});

	it('batching off: one request per item', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({ parameters: [send('48500000001', 'A', { batching: false }), send('48500000002', 'A', { batching: false })] });
		expect(service.calls.map((call) => call.body.to)).toEqual(['48500000001', '48500000002']);
	});

	it("details=1 in a personalised batch: each item shows only its own message's text, never another recipient's", async () => {
		mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({
			parameters: [
				send('48500000001', 'Hi [%1%]', { details: true, param1: 'Anna' }),
				send('48500000002', 'Hi [%1%]', { details: true, param1: 'Jan' }),
			],
		});
		expect(output[0].json).toMatchObject({ number: '48500000001', message: 'Hi Anna', length: 7 });
		expect(output[1].json.number).toBe('48500000002');
		expect(output[1].json.message).not.toBe('Hi Anna');
	});

	it('details=1 with the same text for all: every item shows the message, length and parts', async () => {
		mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({ parameters: send('48500000001,48500000002', 'Same text', { details: true }) });
		for (const item of output) expect(item.json).toMatchObject({ message: 'Same text', length: 9, parts: 1 });
	});

	it('an invalid number among valid ones: with Continue On Fail that item fails, the others are sent', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({
			parameters: [send('48500000001', 'A'), send('48123456789', 'A'), send('48500000003', 'A')],
			continueOnFail: true,
		});
		expect(service.calls).toHaveLength(1);
		expect(output.map((item) => [item.pairedItem, item.json.number ?? item.json.error])).toEqual([
			[{ item: 0 }, '48500000001'],
			[{ item: 1 }, expect.stringContaining('48123456789')],
			[{ item: 2 }, '48500000003'],
		]);
	});

	it('an invalid number without Continue On Fail: the node fails after sending the others, naming what was sent', async () => {
		mockService().on('POST', '/sms.do', smsDo);
		const error = await failure(
			runNode({ parameters: [send('48500000001', 'A'), send('48123456789', 'A'), send('48500000003', 'A')] }),
		);
		expect(error.message).toMatch(/No message for 48123456789/);
		expect(error.context.itemIndex).toBe(1);
		expect(error.description).toMatch(/item 0 → 48500000001/);
		expect(error.description).toMatch(/item 2 → 48500000003/);
		expect(error.description).not.toMatch(/→ 48123456789/);
	});

	it('error 103 (not enough credits): the node fails with the meaning, and nothing is repeated', async () => {
		const service = mockService().on('POST', '/sms.do', () => [200, { error: 103, message: 'Not enough points' }]);
		await expect(runNode({ parameters: send('48500000001', 'A') })).rejects.toThrow(/103|credits|points/i);
		expect(service.calls).toHaveLength(1);
	});
});

describe('sms.send: answer entries that match no recipient', () => {
	it('are reported in a warning, and the recipient still gets its own output item', async () => {
		const service = mockService().on('POST', '/sms.do', (request) => {
			const idx = request.body.idx.split('|');
			const entry = (number: string, id: string, entryIdx: string | null) => ({
				id,
				points: '0.165',
				number,
				date_sent: 1700000000,
				submitted_number: number,
				status: 'QUEUE',
				idx: entryIdx,
			});
			return [200, { count: 2, list: [entry('48500000000', 'id-1', idx[0]), entry('48777000000', 'id-extra', null)] }];
		});
		logs.length = 0;

		const output = await runNode({ parameters: smsSend('48500000000', 'Hello') });
		const warnings = logs.filter((line) => line.level === 'warn').map((line) => line.message);

		expect(service.calls).toHaveLength(1);
		expect(output.map((item) => item.json.id)).toEqual(['id-1']);
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain('1 message that match');
		expect(warnings[0]).toContain('48777000000 (id id-extra)');
	});
});
