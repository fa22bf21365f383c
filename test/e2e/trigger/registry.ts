/**
 * The SMSAPI Trigger in real n8n and the callback registry lifecycle: activation registers each
 * trigger URL once, the Test URL while listening for a test event, activation and deactivation
 * through REST, a refused registration, Receiver "One Number", and registrations over a restart
 * (which stops n8n: registered last).
 */
import { E2E_TEST_TIMEOUT_MS, sleep } from '../harness';
import { control } from '../sms/support';
import { call, freshMsgId, serviceRequest } from './support/callbacks';
import { expectNoNewExecutions, QUIET_WINDOW_MS, triggerItems, waitForNewExecutions } from './support/executions';
import { callbackAttempts, registerCallback, registry, registryEntries, waitForCallbacks, waitForRegistry, type RegisteredCallback } from './support/registry';
import { activateThroughRest, callbackUrlOf, copyOfTrigger, TRIGGER_NODE, triggerPath } from './support/workflows';
import { REGISTRY_TYPE, type TriggerSuite } from './suite';

export function registerRegistryTests(ctx: TriggerSuite): void {
	const { line, triggers, activeTriggers, activeWebhooks, waitForActiveRegistered } = ctx;

	it(
		'activation registered each trigger URL with its secret once, under its event type, at the emulator /callbacks',
		() => {
			const { n8n, registeredAtActivation, entriesAtActivation } = ctx;
			const expected = activeTriggers().map((trigger) => ({
				type: REGISTRY_TYPE[trigger.event],
				url: callbackUrlOf(n8n, trigger),
			}));
			const actual = registeredAtActivation.map(({ type, url }) => ({ type, url }));
			expect(actual).toHaveLength(expected.length);
			expect(actual).toEqual(expect.arrayContaining(expected));
			// The default secret is the node's id, so the registered URL carries it, as the last path segment.
			expect(callbackUrlOf(n8n, triggers.dlr)).toBe(`${n8n.baseUrl}/webhook/${triggers.dlr.webhookId}/dlr/${triggers.dlr.nodeId}`);
			// Inbound messages are registered with the published receiver_type (a workflow saved without
			// the Receiver option: all numbers).
			const mo = entriesAtActivation.find((entry) => entry.url === callbackUrlOf(n8n, triggers.mo));
			expect(mo).toMatchObject({ type: 'sms_mo', receiver: { type: 'all', number: null } });
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'"Listen for test event" (the editor\'s manual run): the Test URL with the secret is registered, one callback to it ' +
			'runs the workflow once in manual mode, and the Test URL is removed from the registry afterwards',
		async () => {
			const { n8n, emulator } = ctx;
			const click = triggers.click;
			const testUrl = n8n.webhookTestUrl(triggerPath(click));
			const workflow = await n8n.rest<{ data: Record<string, unknown> }>('GET', `/rest/workflows/${click.id}`);
			expect(workflow.status).toBe(200);
			// n8n 2.x reads the saved workflow; 1.x takes it from the body (as its editor sends it).
			const run = await n8n.rest<{ data?: { waitingForWebhook?: boolean } }>('POST', `/rest/workflows/${click.id}/run`, {
				workflowData: workflow.body.data,
				triggerToStartFrom: { name: TRIGGER_NODE },
			});
			expect(run).toMatchObject({ status: 200, body: { data: { waitingForWebhook: true } } });

			const entries = await waitForRegistry(emulator, 'the Test URL registered', (all) => all.some((entry) => entry.url === testUrl));
			expect(entries.filter((entry) => entry.url === testUrl)).toEqual([{ id: expect.any(String), type: 'short_url', url: testUrl }]);
			// The production URL stays unregistered: the workflow is not active.
			expect(entries.some((entry) => entry.url === callbackUrlOf(n8n, click))).toBe(false);

			// Without the secret (the earlier layout's path, no ?secret=) the Test URL refuses and keeps listening.
			const msgId = freshMsgId();
			const clickFields = { MsgId: msgId, suffix: 'tE5t1', to: '48500000001', click_date: '1700000000', username: 'demo' };
			const noSecret = await call(n8n.webhookTestUrl(`${click.webhookId}/click`), { query: clickFields });
			expect(noSecret.status).toBe(403);

			const before = await n8n.lastExecutionId();
			expect(await call(testUrl, { query: clickFields })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { workflowId: click.id });
			expect(execution.mode).toBe('manual');
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: msgId, suffix: 'tE5t1', click_date: 1700000000 })]);

			// A test webhook serves one call: n8n removes it, and the trigger removes its registration.
			await waitForRegistry(emulator, 'the Test URL removed', (all) => !all.some((entry) => entry.url === testUrl));
			expect((await call(testUrl, { query: { ...clickFields, MsgId: freshMsgId() } })).status).toBe(404);
			await expectNoNewExecutions(n8n, Number(execution.id), triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'activating a workflow (REST) registers its URL with the secret at the emulator; deactivating removes it ' +
			'(also when it was registered again under a new id) and the URL',
		async () => {
			const { n8n, emulator } = ctx;
			const click = triggers.click;
			const url = callbackUrlOf(n8n, click);
			expect((await registry(emulator)).some((entry) => entry.url === url)).toBe(false);

			const workflow = await n8n.rest<{ data: { versionId: string } }>('GET', `/rest/workflows/${click.id}`);
			expect(workflow.status).toBe(200);
			const activated = await n8n.rest('POST', `/rest/workflows/${click.id}/activate`, { versionId: workflow.body.data.versionId });
			expect(activated.status).toBe(200);
			const entries = await waitForRegistry(emulator, 'the click trigger registered', (all) => all.some((entry) => entry.url === url));
			expect(entries.filter((entry) => entry.url === url)).toEqual([{ id: expect.any(String), type: 'short_url', url }]);
			expect(url).toBe(n8n.webhookUrl(`${click.webhookId}/click/${click.nodeId}`));

			// Live: a click callback starts it.
			await n8n.waitForWebhook(triggerPath(click), 'GET');
			const msgId = freshMsgId();
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const clickFields = {
				MsgId: msgId,
				MsgIdx: 'promo-7',
				suffix: 'aB3dE',
				to: '48500000001',
				click_date: '1700000000',
				device: 'smartphone',
				operating_system: 'Android',
				browser: 'Chrome',
				username: 'demo',
				ip: '198.51.100.7',
			};
			expect(await call(url, { query: clickFields })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(execution)).toEqual([
				expect.objectContaining({ MsgId: msgId, suffix: 'aB3dE', click_date: 1700000000, click_date_iso: '2023-11-14T22:13:20.000Z' }),
			]);

			// Meanwhile someone removed the URL in the portal and added it again: a new id.
			const [registered] = entries.filter((entry) => entry.url === url);
			expect((await serviceRequest(emulator, 'DELETE', `callbacks/${registered.id}`)).status).toBe(204);
			const again = await registerCallback(emulator, 'short_url', url);
			expect(again.id).not.toBe(registered.id);

			const deactivated = await n8n.rest('POST', `/rest/workflows/${click.id}/deactivate`, {});
			expect(deactivated.status).toBe(200);
			await waitForRegistry(emulator, 'the click trigger removed', (all) => !all.some((entry) => entry.url === url));
			const gone = await call(url, { query: clickFields });
			expect(gone.status).toBe(404);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'registration refused with 404: SMSAPI answering POST /callbacks 404 fails the activation (REST) with the ' +
			"service's reason; nothing is registered and n8n answers 404 at the production URL; once SMSAPI accepts, it activates",
		async () => {
			const { n8n, emulator } = ctx;
			const refused = copyOfTrigger(triggers.click, 'e2e: trigger whose registration SMSAPI refuses');
			[refused.id] = await n8n.createWorkflows([refused.workflow]);
			const url = callbackUrlOf(n8n, refused);
			const clickFields = () => ({ MsgId: freshMsgId(), suffix: 'rF404', to: '48500000001', click_date: '1700000000', username: 'demo' });
			await control(emulator, 'POST', 'faults', { address: 'primary', endpoint: 'callbacks', method: 'POST', mode: '404' });

			const outcome = await activateThroughRest(n8n, refused.id);
			expect(outcome).toEqual({
				activated: false,
				error: 'SMSAPI did not register the callback URL: SMSAPI error not_found: no such resource. Check the id.',
			});
			// SMSAPI was asked and refused (n8n 2.x asks up to five times before it gives up): nothing is
			// registered, and n8n serves no webhook at the URL.
			const posted = (await control<Array<{ method: string; path: string; responseStatus: number; body: unknown }>>(emulator, 'GET', 'requests')).filter(
				(request) => request.method === 'POST' && request.path === '/callbacks',
			);
			expect(posted.length).toBeGreaterThanOrEqual(1);
			for (const request of posted) expect(request).toMatchObject({ responseStatus: 404, body: { type: 'short_url', url } });
			expect((await registry(emulator)).some((entry) => entry.url === url)).toBe(false);
			expect((await call(url, { query: clickFields() })).status).toBe(404);

			// The control: with SMSAPI accepting, the same workflow activates and the same URL answers.
			await control(emulator, 'DELETE', 'faults');
			expect(await activateThroughRest(n8n, refused.id)).toEqual({ activated: true });
			await waitForRegistry(emulator, 'the copy registered', (all) => all.some((entry) => entry.url === url));
			await n8n.waitForWebhook(triggerPath(refused), 'GET');
			expect(await call(url, { query: clickFields() })).toEqual({ status: 200, body: 'OK' });
			expect((await n8n.rest('POST', `/rest/workflows/${refused.id}/deactivate`, {})).status).toBe(200);
			await waitForRegistry(emulator, 'the copy removed', (all) => !all.some((entry) => entry.url === url));
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'Receiver "One Number": activation registers receiver_type number with the number (published JSON body); ' +
			'only messages to that number start the workflow; deactivation removes it',
		async () => {
			const { n8n, emulator, moNumber } = ctx;
			const url = callbackUrlOf(n8n, moNumber);
			const workflow = await n8n.rest<{ data: { versionId: string } }>('GET', `/rest/workflows/${moNumber.id}`);
			const activated = await n8n.rest('POST', `/rest/workflows/${moNumber.id}/activate`, { versionId: workflow.body.data.versionId });
			expect(activated.status).toBe(200);
			await waitForRegistry(emulator, 'the one-number trigger registered', (all) => all.some((entry) => entry.url === url));
			const entries = (await registryEntries(emulator)).filter((entry) => entry.url === url);
			expect(entries).toEqual([expect.objectContaining({ type: 'sms_mo', receiver: { type: 'number', number: '48799599599' } })]);
			const posted = (await control<Array<{ method: string; path: string; contentType: string | null; body: unknown }>>(emulator, 'GET', 'requests')).filter(
				(request) => request.method === 'POST' && request.path === '/callbacks',
			);
			expect(posted.at(-1)).toMatchObject({
				contentType: expect.stringMatching(/^application\/json/),
				body: { type: 'sms_mo', url, receiver_type: 'number', receiver_number: '48799599599' },
			});

			await n8n.waitForWebhook(triggerPath(moNumber), 'POST');
			const before = await n8n.lastExecutionId();
			await control(emulator, 'POST', 'inbound', { from: '48500000077', to: '48799000000', text: 'to another number' });
			await control(emulator, 'POST', 'inbound', { from: '48500000077', text: 'to the number' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { workflowId: moNumber.id });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ sms_to: '48799599599', sms_text: 'to the number' })]);
			const toIt = (await callbackAttempts(emulator, 'sms_mo')).filter((attempt) => attempt.url === url);
			expect(toIt).toHaveLength(1);

			const deactivated = await n8n.rest('POST', `/rest/workflows/${moNumber.id}/deactivate`, {});
			expect(deactivated.status).toBe(200);
			await waitForRegistry(emulator, 'the one-number trigger removed', (all) => !all.some((entry) => entry.url === url));
		},
		E2E_TEST_TIMEOUT_MS,
	);

	// Stops n8n at its end: keep it the last test.
	it(
		'over a restart registrations stay single (1.x checks them and registers a missing one again; 2.x calls no hook); ' +
			'a message sent without notify_url reports through them; stopping n8n removes none',
		async () => {
			const { n8n, emulator } = ctx;
			// The account as the activation left it, except the inbound-message URL, removed in the portal meanwhile.
			const missing = triggers.mo;
			const existing: RegisteredCallback[] = [];
			for (const trigger of activeTriggers().filter((t) => t !== missing)) {
				existing.push(await registerCallback(emulator, REGISTRY_TYPE[trigger.event], callbackUrlOf(n8n, trigger)));
			}
			await n8n.restart({ webhooks: activeWebhooks() });
			let entries: RegisteredCallback[];
			if (line.line === '1') {
				// n8n 1.x runs checkExists (finds the URL: no second entry) and create for the missing one.
				entries = await waitForActiveRegistered();
				expect(entries).toHaveLength(existing.length + 1);
				expect(entries).toEqual(expect.arrayContaining(existing));
				expect(entries).toContainEqual({ id: expect.any(String), type: 'sms_mo', url: callbackUrlOf(n8n, missing) });
			} else {
				// n8n 2.x keeps its webhook table over a restart and then calls no lifecycle hook at all
				// (activation on init skips webhooks already stored): a URL removed at the service stays
				// removed until the workflow is deactivated and activated again.
				await sleep(QUIET_WINDOW_MS);
				entries = await registry(emulator);
				expect(entries).toEqual(existing);
			}

			// The account's delivery-report URLs, no notify_url: every registered dlr trigger is called.
			const before = await n8n.lastExecutionId();
			const { body: sent } = await serviceRequest<{ list: Array<{ id: string }> }>(emulator, 'POST', 'sms.do', {
				to: '48500000002',
				message: 'reported through the registry',
				format: 'json',
			});
			const messageId = String(sent.list[0].id);
			const [execution] = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers.dlr.id });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: messageId, status: 404, to: '48500000002' })]);
			const [guarded] = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers['dlr-guarded'].id });
			expect(triggerItems(guarded)).toEqual([expect.objectContaining({ MsgId: messageId })]);
			const foreign = await waitForCallbacks(emulator, 'sms_dlr', (all) =>
				all.some((attempt) => attempt.url === callbackUrlOf(n8n, triggers['dlr-foreign-ip'])),
			);
			for (const attempt of foreign.filter((a) => a.url === callbackUrlOf(n8n, triggers['dlr-foreign-ip']))) {
				expect(attempt).toMatchObject({ ok: false, responseStatus: 403 });
			}

			// n8n's shutdown does not call the nodes' delete(): production webhooks outlive a restart.
			await n8n.stopProcesses();
			expect(await registry(emulator)).toEqual(entries);
		},
		E2E_TEST_TIMEOUT_MS,
	);

}
