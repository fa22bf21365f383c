/**
 * How a waiting execution's webhook answers a call that resumes nothing (wait/keepWaiting.ts): the
 * status, headers and body on the response, and no response of n8n's own; without a response object
 * n8n's answer carries the body; a call that cannot be judged (the judge threw) is logged without
 * its content and answered by the fallback, never thrown (n8n would end the wait); a refused call
 * is logged with the execution, not its content.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { judgeWithoutThrowing, keepWaiting, logRefusedCall } from '../../nodes/Smsapi/wait/keepWaiting';

function webhook(options: { response?: boolean; logger?: boolean } = {}) {
	const sent: { status?: number; headers: Record<string, string>; body?: string } = { headers: {} };
	const warnings: string[] = [];
	const response = {
		status: (code: number) => (sent.status = code),
		setHeader: (name: string, value: string) => (sent.headers[name] = value),
		send: (body: string) => (sent.body = body),
	};
	const context = {
		getResponseObject: () => {
			if (options.response === false) throw new Error('no response object');
			return response;
		},
		getNode: () => ({ name: 'SMSAPI' }),
		getExecutionId: () => '42',
		logger: {
			warn: (message: string) => {
				if (options.logger === false) throw new Error('no logger');
				warnings.push(message);
			},
		},
	} as unknown as IWebhookFunctions;
	return { context, sent, warnings };
}

describe('keeping an execution waiting', () => {
	it('answers on the response itself, plain text by default, and tells n8n to answer nothing', () => {
		const { context, sent } = webhook();
		expect(keepWaiting.call(context, 403, 'Not for this execution')).toEqual({ noWebhookResponse: true });
		expect(sent).toEqual({ status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Not for this execution' });
		keepWaiting.call(context, 200, '<p>ok</p>', { 'Content-Type': 'text/html' });
		expect(sent.headers['Content-Type']).toBe('text/html');
	});

	it("without a response object leaves the body to n8n's own answer", () => {
		expect(keepWaiting.call(webhook({ response: false }).context, 403, 'refused')).toEqual({ webhookResponse: 'refused' });
	});

	it('answers a call it cannot judge by the fallback, logging it without its content, and never throws', async () => {
		const { context, warnings } = webhook();
		const failed = (): IWebhookResponseData => ({ webhookResponse: 'kept waiting' });
		const answer = await judgeWithoutThrowing.call(context, 'report address', async () => {
			throw new TypeError('secret-content in the call');
		}, failed);
		expect(answer).toEqual({ webhookResponse: 'kept waiting' });
		expect(warnings).toEqual(['SMSAPI "SMSAPI": a call of a waiting execution\'s report address could not be read (TypeError); the execution keeps waiting']);
		expect(warnings.join()).not.toContain('secret-content');
		await expect(judgeWithoutThrowing.call(webhook({ logger: false }).context, 'x', async () => Promise.reject(new Error('e')), failed)).resolves.toEqual({ webhookResponse: 'kept waiting' });
		await expect(judgeWithoutThrowing.call(context, 'x', async () => ({ workflowData: [[]] }), failed)).resolves.toEqual({ workflowData: [[]] });
	});

	it('logs a refused call with its execution', () => {
		const { context, warnings } = webhook();
		logRefusedCall.call(context, 'answer link');
		expect(warnings).toEqual(['SMSAPI "SMSAPI": a call of execution 42\'s answer link without its check was refused; the execution keeps waiting']);
	});
});
