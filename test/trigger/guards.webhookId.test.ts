/**
 * Version 3 has no Secret by default: the URL's webhook ID is what a caller must know. A trigger
 * without a webhook ID (created through n8n 1.x's API or CLI without one) has the URL
 * `<workflow id>/<node name>/<event>`: without a Secret the activation stops with why and the webhook
 * refuses every callback. With a Secret, or with a webhook ID, it works; versions 1 and 2 keep what
 * they did (a Secret cleared on purpose accepts callbacks without one). The check: trigger/guards.ts.
 */
import { NodeHelpers } from 'n8n-workflow';

import {
	callWebhook,
	createWorkflow,
	dlrQuery,
	hookContext,
	logs,
	NODE_NAME,
	registeredWebhooks,
	respondLikeN8n,
} from './support/webhook-calls';
import { report, trigger, useTriggerNode } from './support/webhook-setup';

const request = jest.fn();
useTriggerNode(request);

/** The trigger's workflow, its node without a webhook ID when `webhookId` is false. */
function workflowOf(parameters: Record<string, unknown>, version: number, webhookId: boolean) {
	const workflow = createWorkflow(trigger, { event: 'dlr', options: { registerCallback: false }, ...parameters }, {}, 'wf-guards', version);
	if (!webhookId) delete workflow.getNode(NODE_NAME)!.webhookId;
	return workflow;
}

describe('a trigger without a webhook ID', () => {
	it('version 3 without a Secret: the URL is the workflow ID and the node name, so the activation stops with why', async () => {
		const workflow = workflowOf({}, 3, false);
		// What n8n registers for a node without a webhook ID.
		expect(NodeHelpers.getNodeWebhookPath('wf-guards', workflow.getNode(NODE_NAME)!, 'dlr')).toBe('wf-guards/smsapi%20trigger/dlr');
		const methods = trigger.webhookMethods!.default!;
		for (const method of [methods.checkExists, methods.create]) {
			await expect(method.call(hookContext(workflow))).rejects.toThrow(
				'The SMSAPI Trigger cannot check callbacks: the node has no webhook ID, so without a Secret its URL holds nothing random',
			);
		}
		expect(request).not.toHaveBeenCalled();
	});

	it('version 3 without a Secret: every callback is refused (403) and why is logged once', async () => {
		const workflow = workflowOf({}, 3, false);
		for (const id of ['1', '2']) {
			const call = await callWebhook(trigger, workflow, { query: dlrQuery([report(id, '404')]) });
			expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		}
		const errors = logs.filter((line) => line.level === 'error').map((line) => line.message);
		expect(errors).toEqual([expect.stringContaining('refuses every callback: the node has no webhook ID')]);
	});

	it.each([
		['version 3 with a Secret', { secret: 'own-secret' }, 3, false],
		['version 3 with a webhook ID', {}, 3, true],
		['version 2 with the Secret cleared on purpose', { secret: '' }, 2, false],
	] as const)('%s: activated and its callbacks accepted', async (_, parameters, version, webhookId) => {
		const workflow = workflowOf(parameters, version, webhookId);
		await expect(trigger.webhookMethods!.default!.checkExists.call(hookContext(workflow))).resolves.toBe(true);
		const path = `/webhook/${registeredWebhooks(workflow).find((webhook) => webhook.description.name === 'default')!.path}`;
		const call = await callWebhook(trigger, workflow, { path, query: dlrQuery([report(`${version}-${String(webhookId)}`, '404')]) });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
	});
});
