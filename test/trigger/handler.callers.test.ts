/**
 * The trigger's webhook (trigger/handler.ts), called as n8n calls it (support/webhook-calls.ts):
 * the callers it refuses (no or a wrong secret, outside the IP Allowlist, another account) and
 * those it lets in. The URL it listens at: webhookUrls.test.ts.
 */
import {
	callWebhook,
	createWorkflow, dlrQuery,
	itemsOf,
	logs,
	NODE_ID, respondLikeN8n
} from './support/webhook-calls';
import { SECRET, report, trigger, useTriggerNode, warnings } from './support/webhook-setup';

useTriggerNode();

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
