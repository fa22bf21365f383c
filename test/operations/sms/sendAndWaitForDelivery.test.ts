/**
 * SMS → Send and Wait for Delivery at the operations level (n8n-core's ExecuteContext, nock): what
 * it refuses before anything is sent, the request it sends (notify_url = the execution's resume
 * address with the check), what it leaves for n8n to pass on at the time limit. The pure parts:
 * test/delivery/; the resume address: test/delivery/reportWebhook.test.ts; the waiting and resuming in
 * real n8n: test/e2e/send-and-wait.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { createHash } from 'node:crypto';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { failure, mockService, nodeContext, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const sendAndWait = (to: string, options: INodeParameters = {}, limit: INodeParameters = {}): INodeParameters => ({
	resource: 'sms',
	operation: 'sendAndWaitForDelivery',
	to,
	message: 'Your code is 123456',
	...limit,
	options,
});

describe('refused before anything is sent', () => {
	const refused = async (parameters: INodeParameters | INodeParameters[], pattern: RegExp, description = /^Nothing was sent\./) => {
		const sms = mockService().on('POST', '/sms.do', () => [200, { count: 1, list: [] }]);
		const error = await failure(runNode({ parameters, typeVersion: 1.1 }));
		expect(error.message).toMatch(pattern);
		expect(error.description).toMatch(description);
		expect(sms.calls).toHaveLength(0);
	};

	it('more than one item: n8n resumes an execution once', () =>
		refused([sendAndWait('48500000001'), sendAndWait('48500000002')], /takes one item; it got 2/));
	it('more than one number in To', () => refused(sendAndWait('48500000001, 48500000002'), /sends to one number; To has 2/));
	it('Test on: no report would come', () => refused(sendAndWait('48500000001', { test: true }), /Test sends nothing/));
	it('a time limit over 72 hours, or not positive', async () => {
		await refused(sendAndWait('48500000001', {}, { timeLimit: 73, timeLimitUnit: 'hours' }), /at most 72 hours/);
		await refused(sendAndWait('48500000001', {}, { timeLimit: 0, timeLimitUnit: 'minutes' }), /must be a positive number/);
	});
	it('an invalid number, as Send refuses it', () => refused(sendAndWait('12'), /12/, /country prefix/));
});

describe('the send and the wait', () => {
	it('sends once with notify_url = resume address + check, then waits until the limit, leaving the timed-out item as its input', async () => {
		const sms = mockService().on('POST', '/sms.do', (request) => [
			200,
			{ count: 1, list: [{ id: 'msg-1', points: '0.16', number: '48500000001', date_sent: 1700000000, submitted_number: '48500000001', status: 'QUEUE', idx: request.body.idx }] },
		]);
		const context = nodeContext({ parameters: sendAndWait('48500000001', {}, { timeLimit: 2, timeLimitUnit: 'minutes' }), typeVersion: 1.1, executionId: 'exec-7' });
		let waitTill: Date | undefined;
		context.putExecutionToWait = async (date: Date) => {
			waitTill = date;
		};
		const started = Date.now();
		const [output] = await new Smsapi().execute.call(context);

		expect(sms.calls).toHaveLength(1);
		const body = sms.calls[0].body;
		const notify = new URL(body.notify_url);
		expect(notify.pathname).toMatch(/\/exec-7$/);
		expect(body.check_idx).toBe('1');
		// A random check per send; the item keeps only its SHA-256 (test/delivery/reportCheck.test.ts).
		const check = notify.searchParams.get('smsapi_check')!;
		expect(check).toMatch(/^[0-9a-f]{64}$/);
		const checkHash = createHash('sha256').update(check).digest('hex');

		expect(waitTill!.getTime()).toBeGreaterThanOrEqual(started + 120_000);
		expect(waitTill!.getTime()).toBeLessThan(Date.now() + 120_000 + 1000);
		const timedOut = { id: 'msg-1', number: '48500000001', idx: body.idx, points: 0.16, delivered: false, timedOut: true, report: null, waitUntil: waitTill!.toISOString(), reportCheckSha256: checkHash };
		expect(output).toEqual([{ json: expect.objectContaining(timedOut), pairedItem: { item: 0 } }]);
		// What n8n passes on should the limit run out: the node's input, replaced.
		expect(context.getExecuteData().data.main[0]).toEqual(output);
	});

	it('a refused send under Continue On Fail: its error item goes on, no wait', async () => {
		mockService().on('POST', '/sms.do', () => [200, { error: 103, message: 'Not enough credits' }]);
		const context = nodeContext({ parameters: sendAndWait('48500000001'), typeVersion: 1.1, continueOnFail: true });
		context.putExecutionToWait = async () => {
			throw new Error('must not wait');
		};
		const [output] = await new Smsapi().execute.call(context);
		expect(output).toHaveLength(1);
		expect(output[0].json.error).toBeDefined();
		expect(output[0].json.timedOut).toBeUndefined();
	});
});
