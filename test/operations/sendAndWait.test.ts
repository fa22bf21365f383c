/**
 * SMS → Send and Wait for Delivery at the operations level (n8n-core's ExecuteContext, nock): what
 * it refuses before anything is sent, the request it sends (notify_url = the execution's resume
 * address with the check), what it leaves for n8n to pass on at the time limit; and the pure parts
 * (wait/deliveryWait.ts): the limit, the check, which reports of a callback are the message's.
 * The waiting and resuming themselves run in real n8n: test/e2e/send-and-wait.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	checksMatch,
	credentialKey,
	deliveredItem,
	reportAddress,
	reportsOf,
	timedOutItem,
	waitCheck,
	waitLimit,
} from '../../nodes/Smsapi/wait/deliveryWait';
import { claimResume } from '../../nodes/Smsapi/wait/resumeWebhook';
import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';
import { failure, mockService, nodeContext, runNode, useMockedNetwork } from './run-node';

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
		const key = credentialKey((await context.getCredentials('smsapiApi', 0)) as never);
		expect(notify.searchParams.get('smsapi_check')).toBe(waitCheck(key, 'exec-7', context.getNode().id, body.idx));

		expect(waitTill!.getTime()).toBeGreaterThanOrEqual(started + 120_000);
		expect(waitTill!.getTime()).toBeLessThan(Date.now() + 120_000 + 1000);
		const timedOut = { id: 'msg-1', number: '48500000001', idx: body.idx, points: 0.16, delivered: false, timedOut: true, report: null, waitUntil: waitTill!.toISOString() };
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

describe('deliveryWait', () => {
	const now = new Date('2026-01-01T10:00:00Z');

	it('waitLimit: seconds, minutes, hours; from the scheduled time when later; at most 72 hours', () => {
		expect(waitLimit(10, 'minutes', now)).toEqual({ until: new Date('2026-01-01T10:10:00Z') });
		expect(waitLimit('90', 'seconds', now)).toEqual({ until: new Date('2026-01-01T10:01:30Z') });
		expect(waitLimit(72, 'hours', now)).toEqual({ until: new Date('2026-01-04T10:00:00Z') });
		expect(waitLimit(1, 'hours', now, new Date('2026-01-02T08:00:00Z'))).toEqual({ until: new Date('2026-01-02T09:00:00Z') });
		expect(waitLimit(1, 'hours', now, new Date('2025-12-31T08:00:00Z'))).toEqual({ until: new Date('2026-01-01T11:00:00Z') });
		for (const [amount, unit] of [[72.01, 'hours'], [0, 'minutes'], [-1, 'minutes'], ['', 'minutes'], [NaN, 'minutes'], [1, 'days']])
			expect(waitLimit(amount, unit, now)).toHaveProperty('problem');
	});

	it('the check: bound to the credential, the execution, the node and the idx; compared in constant time', () => {
		const key = credentialKey({ authentication: 'token', token: 'a' });
		const check = waitCheck(key, 'e1', 'n1', 'idx1');
		expect(checksMatch(check, check)).toBe(true);
		for (const other of [
			waitCheck(credentialKey({ authentication: 'token', token: 'b' }), 'e1', 'n1', 'idx1'),
			waitCheck(key, 'e2', 'n1', 'idx1'),
			waitCheck(key, 'e1', 'n2', 'idx1'),
			waitCheck(key, 'e1', 'n1', 'idx2'),
		])
			expect(checksMatch(other, check)).toBe(false);
		expect(checksMatch(undefined, check)).toBe(false);
		expect(checksMatch(['x'], check)).toBe(false);
		const address = new URL(reportAddress('http://127.0.0.1:5678/webhook-waiting/12?signature=tok', check));
		expect(address.searchParams.get('signature')).toBe('tok');
		expect(address.searchParams.get('smsapi_check')).toBe(check);
	});

	it("reportsOf: the message's reports by idx, by id only where a report has no idx", () => {
		const waiting = { id: 'm1', idx: 'i1' };
		const reports = [
			{ MsgId: 'm1', idx: 'i1', status: 410 },
			{ MsgId: 'm1', idx: 'other', status: 404 },
			{ MsgId: 'm2', idx: 'i1', status: 404 },
			{ MsgId: 'm1', status: 405 },
			{ MsgId: 'm3', status: 404 },
		];
		expect(reportsOf(reports, waiting)).toEqual([reports[0], reports[2], reports[3]]);
		expect(reportsOf(reports, { id: 'm3' })).toEqual([reports[4]]);
	});

	it('the items: delivered only for DELIVERED; timed out keeps the send result', () => {
		const sent = { id: 'm1', number: '48500000001', idx: 'i1' };
		const waiting = timedOutItem(sent, now);
		expect(waiting).toEqual({ ...sent, delivered: false, timedOut: true, report: null, waitUntil: now.toISOString() });
		const report = { MsgId: 'm1', status: 404, status_name: 'DELIVERED', final: true, idx: 'i1', username: 'login', extra: 'x' };
		expect(deliveredItem(waiting, report)).toEqual({ ...waiting, delivered: true, timedOut: false, report: { MsgId: 'm1', status: 404, status_name: 'DELIVERED', final: true, idx: 'i1' } });
		expect(deliveredItem(waiting, { ...report, status: 405, status_name: 'UNDELIVERED' }).delivered).toBe(false);
	});

	it('claimResume: one resume per execution and node in this process for 10 s, then the claim is dropped', () => {
		expect(claimResume('e1', 'n1', 1000)).toBe(true);
		expect(claimResume('e1', 'n1', 1500)).toBe(false);
		expect(claimResume('e1', 'n2', 1500)).toBe(true);
		expect(claimResume('e2', 'n1', 1500)).toBe(true);
		expect(claimResume('e1', 'n1', 11_001)).toBe(true);
	});
});
