/**
 * Where the trigger listens (trigger/webhookUrls.ts), called as n8n calls the node's webhook
 * (support/webhook-calls.ts): the URL the editor shows works as it is, the secret as its last path
 * segment (in a path form that needs no decoding), without it only the earlier `?secret=` layout, one
 * webhook with an empty secret, and the path-secret webhook still checking the secret itself.
 */
import {
	BASE_URL,
	callWebhook,
	createWorkflow,
	NoWebhookError,
	pathSecretUrlPath,
	registeredWebhooks,
	WEBHOOK_ID,
	dlrQuery, NODE_ID,
	NODE_NAME,
	respondLikeN8n
} from './support/webhook-calls';
import { SECRET, report, trigger, useTriggerNode } from './support/webhook-setup';

useTriggerNode();

describe('the URL the editor shows works as it is', () => {
	it('the default secret (the node id) is the last segment of the URL n8n builds for the node', () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const node = workflow.getNode(NODE_NAME)!;
		// What the editor's trigger panel shows: n8n-core builds the Production URL from the same description.
		const { getNodeWebhookUrl } = jest.requireActual<typeof import('n8n-core/dist/execution-engine/node-execution-context/utils/webhook-helper-functions')>(
			'n8n-core/dist/execution-engine/node-execution-context/utils/webhook-helper-functions',
		);
		const shown = getNodeWebhookUrl('default', workflow, node, { webhookBaseUrl: `${BASE_URL}/webhook` } as never, 'internal', {});
		expect(shown).toBe(`${BASE_URL}/webhook/${WEBHOOK_ID}/dlr/${NODE_ID}`);
	});

	it('a callback to that URL, without any query secret, is accepted', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const call = await callWebhook(trigger, workflow, { path: pathSecretUrlPath(workflow), query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
	});

	it('a secret with characters unsafe in a path gets a path form that needs no decoding; it works as shown', async () => {
		const secret = 'p@ss w/rd?#%!';
		const workflow = createWorkflow(trigger, { event: 'mo', secret });
		expect(pathSecretUrlPath(workflow)).toBe(`/webhook/${WEBHOOK_ID}/mo/p_40ss_20w_2Frd_3F_23_25_`);
		const call = await callWebhook(trigger, workflow, {
			method: 'POST',
			path: pathSecretUrlPath(workflow),
			body: { sms_from: '48500', sms_text: 'hi', MsgId: 'm1' },
		});
		expect(respondLikeN8n(call).status).toBe(200);
	});

	it('a URL without the secret reaches no webhook when a secret is set, only the earlier ?secret= layout', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		expect(registeredWebhooks(workflow).map((webhook) => `${webhook.method} ${webhook.path}`)).toEqual([
			`GET ${WEBHOOK_ID}/dlr/${SECRET}`,
			`GET ${WEBHOOK_ID}/dlr`,
		]);
		await expect(
			callWebhook(trigger, workflow, { path: `/webhook/${WEBHOOK_ID}/dlr/guess`, query: dlrQuery([report('1', '404')]) }),
		).rejects.toBeInstanceOf(NoWebhookError);
		const earlier = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')], { secret: SECRET }) });
		expect(respondLikeN8n(earlier).status).toBe(200);
	});

	it('with an empty secret there is one webhook, on the plain event path', () => {
		const workflow = createWorkflow(trigger, { event: 'bulk', secret: '' });
		expect(registeredWebhooks(workflow).map((webhook) => `${webhook.method} ${webhook.path}`)).toEqual([
			`GET ${WEBHOOK_ID}/bulk`,
			`POST ${WEBHOOK_ID}/bulk`,
		]);
	});

	it('the path-secret webhook still checks the secret itself (a request routed there with another last segment is refused)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		const call = await callWebhook(trigger, workflow, { path: pathSecretUrlPath(workflow), query: dlrQuery([report('1', '404')]) }, 'webhook', (req) => {
			req.path = `/webhook/${WEBHOOK_ID}/dlr/other`;
		});
		expect(respondLikeN8n(call).status).toBe(403);
	});
});
