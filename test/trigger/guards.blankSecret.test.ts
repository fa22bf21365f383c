/**
 * A Secret of blanks only (spaces, tabs, line breaks) is a typing slip, not the empty field's
 * "no secret": the activation stops with why, and the webhook refuses every callback instead of
 * accepting everyone. An empty Secret still accepts callbacks without one (the documented choice).
 * The checks: trigger/guards.ts; through the node's webhook methods and `webhook()`
 * (trigger/registry.ts, trigger/handler.ts).
 */
import type { INodeType } from 'n8n-workflow';

import {
	callWebhook,
	createWorkflow,
	dlrQuery,
	forgetProcessMemory,
	hookContext,
	loadTrigger,
	logs,
	registeredWebhooks,
	respondLikeN8n,
} from './support/webhook-calls';
import { oneDlr } from '../callbacks/support/parsing';

const request = jest.fn();
let trigger: INodeType;

beforeAll(() => {
	const SmsapiTrigger = loadTrigger(request);
	trigger = new SmsapiTrigger();
});

beforeEach(() => {
	request.mockReset();
	logs.length = 0;
	forgetProcessMemory();
});

const report = (MsgId: string) => ({ ...oneDlr, MsgId });

describe('a Secret of blanks only', () => {
	it.each(['   ', '\t', ' \n '])(
		'%j: the activation stops with why, before anything is sent to SMSAPI',
		async (secret) => {
			const workflow = createWorkflow(trigger, { event: 'dlr', secret });
			const methods = trigger.webhookMethods!.default!;
			await expect(methods.checkExists.call(hookContext(workflow))).rejects.toThrow(
				'The SMSAPI Trigger cannot check callbacks: the Secret holds only blanks',
			);
			await expect(methods.create.call(hookContext(workflow))).rejects.toThrow(
				'the Secret holds only blanks',
			);
			expect(request).not.toHaveBeenCalled();
		},
	);

	it('the webhook refuses every callback with 403 (without, with the blank or with another secret) and logs why once', async () => {
		for (const secret of ['   ', '\t']) {
			const workflow = createWorkflow(trigger, { event: 'dlr', secret });
			// No secret segment: n8n serves the plain event path, and the node itself must refuse there.
			expect(registeredWebhooks(workflow).map((webhook) => webhook.path)).toEqual([
				expect.stringMatching(/\/dlr$/),
			]);
			for (const query of [
				dlrQuery([report('1')]),
				dlrQuery([report('2')], { secret }),
				dlrQuery([report('3')], { secret: 'x' }),
			]) {
				const call = await callWebhook(trigger, workflow, { query });
				expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
			}
		}
		// Once per running n8n, workflow, node and problem: not once per callback.
		const errors = logs.filter((line) => line.level === 'error').map((line) => line.message);
		expect(errors).toEqual([
			expect.stringContaining('refuses every callback: the Secret holds only blanks'),
		]);
	});

	it('an empty Secret still accepts callbacks without one (the user cleared it on purpose)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('4')]) });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
	});
});
