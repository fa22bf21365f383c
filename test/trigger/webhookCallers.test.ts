/**
 * The trigger's webhook (trigger/handler.ts, trigger/webhookUrls.ts), called as n8n calls it
 * (support/webhook-calls.ts): who reaches it, at the URL the editor shows, and the callers it
 * refuses; the description the editor shows (trigger/description.ts: subtitle, public contract).
 */
import {
	BASE_URL,
	callWebhook,
	createWorkflow,
	NoWebhookError,
	pathSecretUrlPath,
	registeredWebhooks,
	WEBHOOK_ID,
	dlrQuery,
	itemsOf,
	logs,
	NODE_ID,
	NODE_NAME,
	respondLikeN8n,
} from './support/webhook-calls';
import { SECRET, report, trigger, useTriggerNode, warnings } from './support/webhook-setup';

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

describe('refusing callers', () => {
	it('refuses a callback without the secret with HTTP 403 and starts nothing', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(call.result).toEqual({ noWebhookResponse: true });
		expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		expect(warnings().join('\n')).toContain('missing secret');
		expect(warnings().join('\n')).not.toContain(SECRET);
	});

	it('refuses a wrong secret the same way', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')], { secret: 'guess' }) });
		expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		expect(warnings().join('\n')).toContain('wrong secret');
	});

	it('requires the node ID as secret by default (the generated secret)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const without = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(without).status).toBe(403);
		const withId = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')], { secret: NODE_ID }) });
		expect(respondLikeN8n(withId)).toEqual({ status: 200, body: 'OK', executes: true });
	});

	it('accepts callbacks without a secret when the secret is cleared', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
	});

	it('reads the reports a caller glued to the secret with a second "?"', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		// `…/dlr?secret=S?MsgId=9&status=404` as Express parses it.
		const call = await callWebhook(trigger, workflow, { query: { secret: `${SECRET}?MsgId=9`, status: '404' } });
		expect(itemsOf(call)).toEqual([expect.objectContaining({ MsgId: '9', status: 404, status_name: 'DELIVERED' })]);
	});

	it('refuses callers outside the IP allowlist, matching IPv4-mapped addresses', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '', options: { allowedIps: '203.0.113.0/24, 2001:db8::/32' } });
		const query = dlrQuery([report('1', '404')]);
		expect(respondLikeN8n(await callWebhook(trigger, workflow, { query, ip: '::ffff:203.0.113.7' })).status).toBe(200);
		expect(respondLikeN8n(await callWebhook(trigger, workflow, { query, ip: '2001:db8::5' })).status).toBe(200);
		const outside = await callWebhook(trigger, workflow, { query, ip: '198.51.100.1' });
		expect(respondLikeN8n(outside)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		expect(warnings().join('\n')).toContain('198.51.100.1');
	});

	it.each([
		['={{ undefined }}', 'resolved to nothing'],
		['={{ "  " }}', 'resolved to an empty text'],
		['={{ ["a", "b"] }}', 'resolved to a list'],
		['={{ 42 }}', 'a number'],
	])('a Secret expression %s refuses every callback (fail closed) and logs why once', async (secret, why) => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret });
		for (const query of [dlrQuery([report('1', '404')]), dlrQuery([report('2', '404')], { secret: 'a' }), { secret: '' }]) {
			const call = await callWebhook(trigger, workflow, { query });
			expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		}
		const errors = logs.filter((line) => line.level === 'error').map((line) => line.message);
		expect(errors).toHaveLength(1);
		expect(errors[0]).toContain(why);
	});

	it('accepts the IP allowlist as a list from an expression; an unusable one refuses everyone', async () => {
		const listed = createWorkflow(trigger, { event: 'dlr', secret: '', options: { allowedIps: '={{ ["203.0.113.0/24", "2001:db8::/32"] }}' } });
		const query = dlrQuery([report('1', '404')]);
		expect(respondLikeN8n(await callWebhook(trigger, listed, { query, ip: '203.0.113.9' })).status).toBe(200);
		expect(respondLikeN8n(await callWebhook(trigger, listed, { query, ip: '198.51.100.1' })).status).toBe(403);
		for (const allowedIps of ['={{ { "ip": "203.0.113.9" } }}', '={{ [1, 2] }}', 'nonsense, also-nonsense']) {
			const broken = createWorkflow(trigger, { event: 'dlr', secret: '', options: { allowedIps } });
			expect(respondLikeN8n(await callWebhook(trigger, broken, { query, ip: '203.0.113.9' })).status).toBe(403);
		}
	});

	it('logs a stranger\'s username without line breaks and cut to a bounded length', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '', options: { usernames: 'acme' } });
		const username = `evil\r\nSMSAPI Trigger: accepted everything\u001b[31m${'x'.repeat(60_000)}`;
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404', { username })]) });
		expect(respondLikeN8n(call).status).toBe(403);
		const line = warnings().find((message) => message.includes('not an accepted username'))!;
		expect(line).not.toMatch(/[\r\n\u001b]/);
		expect(line).toContain('evil\\u000d\\u000aSMSAPI Trigger');
		expect(line.length).toBeLessThan(300);
	});

	it('refuses reports of another account when usernames are set', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '', options: { usernames: 'acme, acme_shop' } });
		const ours = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(ours).status).toBe(200);
		const theirs = await callWebhook(trigger, workflow, {
			query: dlrQuery([report('1', '404'), report('2', '404', { username: 'mallory' })]),
		});
		expect(respondLikeN8n(theirs)).toEqual({ status: 403, body: 'Forbidden', executes: false });
	});
});

describe('description', () => {
	it('shows the chosen event as subtitle', () => {
		const names: Record<string, string> = {};
		for (const event of ['dlr', 'click', 'mo', 'hlr', 'bulk']) {
			const workflow = createWorkflow(trigger, { event });
			const value = workflow.expression.getSimpleParameterValue(workflow.getNode(NODE_NAME)!, trigger.description.subtitle!, 'internal', {});
			names[event] = String(value);
		}
		expect(names).toEqual({
			dlr: 'Delivery Report',
			click: 'Short-Link Click',
			mo: 'Inbound Message',
			hlr: 'Number Lookup Result',
			bulk: 'Bulk Start',
		});
	});

	it('keeps the public contract: type, display name, event values, secret, credentials', () => {
		const { description } = trigger;
		expect(description).toMatchObject({ name: 'smsapiTrigger', displayName: 'SMSAPI Trigger', group: ['trigger'], inputs: [] });
		// Version 1 stays served: saved triggers keep it (and one execution per callback).
		expect(description.version).toEqual([1, 2]);
		expect(description.credentials).toEqual([{ name: 'smsapiApi', required: true }]);
		const event = description.properties.find((property) => property.name === 'event')!;
		expect(event.options!.map((option) => (option as { value: string }).value).sort()).toEqual(['bulk', 'click', 'dlr', 'hlr', 'mmsDlr', 'mmsMo', 'mo', 'vmsDlr']);
		expect(description.properties.find((property) => property.name === 'secret')).toMatchObject({ type: 'string' });
	});
});
