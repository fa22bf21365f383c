/**
 * The SMSAPI Trigger in real n8n: the Production URL the editor shows is the one registered and works
 * as it is; a URL registered in the earlier layout (…/<event>?secret=) still works.
 */
import path from 'node:path';

import type { INode, INodeType, INodeTypes } from 'n8n-workflow';

import { SmsapiTrigger } from '../../../nodes/Smsapi/SmsapiTrigger.node';
import { E2E_TEST_TIMEOUT_MS } from '../harness';
import { call, dlr, dlrQuery } from './support/callbacks';
import { triggerItems, waitForNewExecutions } from './support/executions';
import { callbackUrlOf, querySecretUrlOf, TRIGGER_NODE, triggerUrl, type TriggerWorkflow } from './support/workflows';
import { type TriggerSuite } from './suite';

export function registerUrlTests(ctx: TriggerSuite): void {
	const { line, triggers } = ctx;

	/**
	 * The Production URL as n8n's editor computes it for the trigger panel (editor-ui
	 * `useWorkflowHelpers.getWebhookUrl`): the webhook description's `path` resolved as an
	 * expression on the node of the saved workflow, then `NodeHelpers.getNodeWebhookUrl` with the
	 * webhook base URL of n8n's settings. Done here with this n8n line's own n8n-workflow.
	 */
	async function urlTheEditorShows(trigger: TriggerWorkflow): Promise<string> {
		const { n8n } = ctx;
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { Workflow, NodeHelpers } = require(path.join(line.installDir, 'node_modules', 'n8n-workflow')) as typeof import('n8n-workflow');
		const saved = await n8n.rest<{ data: { id: string; nodes: INode[]; connections: object } }>('GET', `/rest/workflows/${trigger.id}`);
		const settings = await n8n.rest<{ data: { urlBaseWebhook: string; endpointWebhook: string } }>('GET', '/rest/settings');
		const nodeType = new SmsapiTrigger() as unknown as INodeType;
		const nodeTypes = { getByName: () => nodeType, getByNameAndVersion: () => nodeType, getKnownTypes: () => ({}) } as unknown as INodeTypes;
		const workflow = new Workflow({ id: saved.body.data.id, nodes: saved.body.data.nodes, connections: saved.body.data.connections as never, active: false, nodeTypes });
		const node = saved.body.data.nodes.find((n) => n.name === TRIGGER_NODE)!;
		const webhook = nodeType.description.webhooks!.find((w) => w.name === 'default')!;
		const resolved = workflow.expression.getParameterValue(webhook.path, null, 0, 0, node.name, [], 'manual', {});
		const base = `${settings.body.data.urlBaseWebhook.replace(/\/+$/, '')}/${settings.body.data.endpointWebhook}`;
		return NodeHelpers.getNodeWebhookUrl(base, saved.body.data.id, node, String(resolved), false);
	}

	it(
		'the Production URL the editor shows is the registered URL, and a callback to it as it is starts the workflow ' +
			'(default secret = node id, and a custom secret)',
		async () => {
			const { n8n, registeredAtActivation } = ctx;
			for (const trigger of [triggers.dlr, triggers.hlr]) {
				const shown = await urlTheEditorShows(trigger);
				expect(shown).toBe(callbackUrlOf(n8n, trigger));
				expect(shown).toMatch(new RegExp(`/webhook/${trigger.webhookId}/${trigger.event}/${trigger.secret}$`));
				expect(registeredAtActivation.map((entry) => entry.url)).toContain(shown);
			}
			const shown = await urlTheEditorShows(triggers.dlr);
			const report = dlr();
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			expect(await call(shown, { query: dlrQuery([report]) })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since, workflowId: triggers.dlr.id });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a URL registered in the earlier layout (…/<event>?secret=) still starts the workflow; without the secret it is refused',
		async () => {
			const { n8n } = ctx;
			const report = dlr();
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			expect(await call(querySecretUrlOf(n8n, triggers.dlr), { query: dlrQuery([report]) })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since, workflowId: triggers.dlr.id });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
			expect((await call(triggerUrl(n8n, triggers.dlr), { query: dlrQuery([dlr()]) })).status).toBe(403);
		},
		E2E_TEST_TIMEOUT_MS,
	);

}
