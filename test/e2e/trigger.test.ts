/**
 * The SMSAPI Trigger inside real n8n (each installed line), called by the SMSAPI emulator and by
 * requests shaped like the service's: delivery reports (also of an SMS the SMSAPI node sent with
 * notify_url), inbound messages, number lookup results, bulk starts and clicks; the secret, IP
 * allowlist and username checks; deduplication; and the callback registry lifecycle.
 * One n8n per line: every trigger workflow is imported and activated once (distinct webhook ids).
 * Needs scripts/install-n8n.sh; SMSAPI_E2E_LINES=2 or =1 restricts the lines.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { INode, INodeType, INodeTypes } from 'n8n-workflow';

import { SmsapiTrigger } from '../../nodes/Smsapi/SmsapiTrigger.node';
import { startEmulator, type Emulator } from '../emulator';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	E2E_TEST_TIMEOUT_MS,
	loadWorkflowFixture,
	n8nLines,
	newId,
	nodeOutput,
	sleep,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiTokenCredentialData,
	startedByWebhook,
	stopSuite,
	type N8nInstance,
} from './harness';
import { messages } from './sms/support';
import { sentSize, worstCallbacks } from '../trigger/worst-callbacks';
import {
	activateThroughRest,
	call,
	callbackAttempts,
	callbackUrlOf,
	control,
	copyOfTrigger,
	dlr,
	dlrQuery,
	expectNoNewExecutions,
	freshMsgId,
	loadTriggerWorkflow,
	QUIET_WINDOW_MS,
	querySecretUrlOf,
	registerCallback,
	registry,
	registryEntries,
	serviceRequest,
	TRIGGER_NODE,
	triggerItems,
	triggerPath,
	triggerUrl,
	waitForCallbacks,
	waitForNewExecutions,
	waitForRegistry,
	type CallbackEntry,
	type RegisteredCallback,
	type TriggerEvent,
	type TriggerWorkflow,
} from './trigger/support';

/** The trigger workflows (fixture `trigger-<name>.workflow.json`); all but `click` are activated before start. */
const TRIGGERS = ['dlr', 'dlr-guarded', 'dlr-foreign-ip', 'mo', 'hlr', 'bulk', 'click'] as const;
type TriggerName = (typeof TRIGGERS)[number];
/** Activated and deactivated through n8n's REST API in the lifecycle test. */
const INACTIVE: TriggerName = 'click';
/** The webhook that runs the SMS send (asking for its delivery report at the dlr trigger). */
const SEND_PATH = `e2e-send-notify-${newId().slice(0, 8)}`;
/** Inbound messages to one receiving number (Receiver: One Number); activated in its own test. */
const RECEIVER_FIXTURE = 'trigger-mo-number';

const REGISTRY_TYPE: Record<TriggerEvent, string> = {
	dlr: 'sms_dlr',
	mo: 'sms_mo',
	hlr: 'hlr',
	bulk: 'bulk',
	click: 'short_url',
};
const METHODS: Record<TriggerEvent, string[]> = {
	dlr: ['GET'],
	click: ['GET'],
	mo: ['POST'],
	hlr: ['POST'],
	bulk: ['GET', 'POST'],
};

describe.each(n8nLines())('n8n $version (line $line): SMSAPI Trigger', (line) => {
	let emulator: Emulator;
	let n8n: N8nInstance;
	const triggers = {} as Record<TriggerName, TriggerWorkflow>;
	let sendWorkflowId: string;
	let moNumber: TriggerWorkflow;
	/** The emulator's callback registry once the triggers were activated (before the first reset). */
	let registeredAtActivation: RegisteredCallback[];
	/** The same, with every field the registry lists (receiver, active, …). */
	let entriesAtActivation: CallbackEntry[];

	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, quiet: true, credits: 1000, dlrDelayMs: 50, callbackRetryMs: 200, callbackMaxAttempts: 3 });
		n8n = await createN8n({ line, label: 'trigger' });
		// Saved and activated as in the editor (REST), no n8n CLI start per import; the restart test
		// below covers the activation of saved workflows when n8n starts.
		await n8n.start();
		const [cred] = await n8n.createCredentials([
			{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(emulator) },
		]);
		const credentials = { smsapiApi: cred };
		for (const name of TRIGGERS) triggers[name] = loadTriggerWorkflow(`trigger-${name}`, credentials);
		// The SMS asks for its delivery report at the dlr trigger's production URL, secret included.
		const send = startedByWebhook(loadWorkflowFixture('trigger-send-with-notify-url', credentials), SEND_PATH);
		const sms = send.nodes.find((node) => node.name === 'SMSAPI')!;
		(sms.parameters!.options as Record<string, unknown>).notifyUrl = callbackUrlOf(n8n, triggers.dlr);

		moNumber = loadTriggerWorkflow(RECEIVER_FIXTURE, credentials);

		const ids = await n8n.createWorkflows([...TRIGGERS.map((name) => triggers[name].workflow), send, moNumber.workflow]);
		TRIGGERS.forEach((name, i) => (triggers[name].id = ids[i]));
		sendWorkflowId = ids[TRIGGERS.length];
		moNumber.id = ids[TRIGGERS.length + 1];

		await n8n.activate([...activeTriggers().map((trigger) => trigger.id), sendWorkflowId]);
		for (const webhook of activeWebhooks()) await n8n.waitForWebhook(webhook.path, webhook.method);
		registeredAtActivation = await waitForActiveRegistered();
		entriesAtActivation = await registryEntries(emulator);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(() => stopSuite({ emulator, n8n }), 60_000);

	beforeEach(() => emulator.reset());

	const activeTriggers = () => TRIGGERS.filter((name) => name !== INACTIVE).map((name) => triggers[name]);

	/** The webhooks n8n serves for the active triggers (bulk: one per method), at the URLs the editor shows. */
	const activeWebhooks = () =>
		activeTriggers().flatMap((trigger) => METHODS[trigger.event].map((method) => ({ path: triggerPath(trigger), method })));

	/** n8n serves a webhook before the node's create() has registered its URL at the service: wait for that too. */
	const waitForActiveRegistered = () =>
		waitForRegistry(emulator, 'every active trigger registered at the emulator', (entries) =>
			activeTriggers().every((trigger) => entries.some((entry) => entry.url === callbackUrlOf(n8n, trigger))),
		);

	it(
		'activation registered each trigger URL with its secret once, under its event type, at the emulator /callbacks',
		() => {
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
		'an SMS sent by the SMSAPI node with notify_url = the trigger URL: its delivery report is an execution with ' +
			'its MsgId and status; the same report repeated by the service is not',
		async () => {
			const before = await n8n.lastExecutionId();
			const run = await n8n.runViaWebhook(sendWorkflowId, SEND_PATH);
			expect(run.error).toBeUndefined();
			const [sent] = nodeOutput(run.runData, 'SMSAPI');
			const messageId = String(sent.id);
			expect(messageId).toMatch(/^\d+$/);
			const [message] = (await messages(emulator)).filter((m) => m.id === messageId);
			expect(message.notifyUrl).toBe(callbackUrlOf(n8n, triggers.dlr));

			const [execution] = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers.dlr.id });
			expect(triggerItems(execution)).toEqual([
				expect.objectContaining({
					MsgId: messageId,
					status: 404,
					status_name: 'DELIVERED',
					final: true,
					to: '48500000001',
					username: 'demo',
					points: 0.165,
					idx: message.idx,
				}),
			]);
			const [attempt] = await waitForCallbacks(emulator, 'sms_dlr', (attempts) => attempts.length >= 1);
			expect(attempt).toMatchObject({ method: 'GET', ok: true, responseStatus: 200, responseBody: 'OK', attempt: 1 });
			expect(attempt.query).toMatchObject({ MsgId: messageId, status: '404' });
			expect(attempt.query).not.toHaveProperty('secret');

			// The service calls again with the same report (as after a lost OK): answered OK, no execution.
			const afterFirst = await n8n.lastExecutionId();
			await control(emulator, 'POST', 'dlr', { ids: [messageId], status: 404 });
			const attempts = await waitForCallbacks(emulator, 'sms_dlr', (all) => all.length >= 2);
			expect(attempts[1]).toMatchObject({ ok: true, responseStatus: 200, responseBody: 'OK' });
			expect(attempts[1].query).toMatchObject({ MsgId: messageId, status: '404' });
			await expectNoNewExecutions(n8n, afterFirst, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a delivery report with three values is one execution with three items, in order, answered OK',
		async () => {
			const reports = [
				dlr({ status: '404', status_name: 'DELIVERED', idx: 'order-1', to: '48500000001' }),
				dlr({ status: '405', status_name: 'UNDELIVERED', idx: 'order-2', to: '48500000002' }),
				dlr({ status: '410', status_name: 'ACCEPTED', idx: 'order-3', to: '48500000003' }),
			];
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const answer = await call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery(reports) });
			expect(answer).toEqual({ status: 200, body: 'OK' });

			const executions = await waitForNewExecutions(n8n, before, 1, { since });
			expect(executions).toHaveLength(1);
			expect(executions[0].workflowId).toBe(triggers.dlr.id);
			const items = triggerItems(executions[0]);
			expect(items).toHaveLength(3);
			expect(items.map((item) => [item.MsgId, item.status, item.status_name, item.final, item.idx, item.to])).toEqual([
				[reports[0].MsgId, 404, 'DELIVERED', true, 'order-1', '48500000001'],
				[reports[1].MsgId, 405, 'UNDELIVERED', true, 'order-2', '48500000002'],
				[reports[2].MsgId, 410, 'ACCEPTED', false, 'order-3', '48500000003'],
			]);
			expect(items[0]).toMatchObject({
				username: 'demo',
				points: 0.165,
				mcc: '260',
				mnc: '2',
				sent_at: Number(reports[0].sent_at),
				sent_at_iso: new Date(Number(reports[0].sent_at) * 1000).toISOString(),
				donedate_iso: new Date(Number(reports[0].donedate) * 1000).toISOString(),
			});
			expect(items[0]).not.toHaveProperty('secret');

			// The answer goes out as the two bytes it is, also to a caller that accepts gzip (n8n's
			// compression would otherwise wrap it: 22 bytes, and work on every call). The report is a
			// repeat of the first, so that no execution starts after this test.
			const url = new URL(callbackUrlOf(n8n, triggers.dlr));
			for (const [key, value] of Object.entries(dlrQuery([reports[0]]))) url.searchParams.append(key, value);
			const raw = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate' }, signal: AbortSignal.timeout(10_000) });
			expect(await raw.text()).toBe('OK');
			expect(raw.headers.get('content-encoding')).toBeNull();
			expect(raw.headers.get('content-length')).toBe('2');
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'delivery report parameters with different numbers of values are refused with 400 and start nothing',
		async () => {
			const reports = [dlr(), dlr(), dlr()];
			const query = { ...dlrQuery(reports), status: '404,404' };
			const before = await n8n.lastExecutionId();
			const answer = await call(callbackUrlOf(n8n, triggers.dlr), { query });
			expect(answer.status).toBe(400);
			expect(answer.body).toMatch(/different numbers of values/);
			await expectNoNewExecutions(n8n, before, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'an inbound message from the emulator (POST form) is an item with sender, text and time',
		async () => {
			const text = 'Zażółć gęślą jaźń: STOP 100%';
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const result = await control<{ msgId: string; results: Array<{ ok: boolean; status: number; body: string }> }>(
				emulator,
				'POST',
				'inbound',
				{ from: '48500000123', text, date: 1700000000, url: callbackUrlOf(n8n, triggers.mo) },
			);
			expect(result.results).toEqual([expect.objectContaining({ ok: true, status: 200, body: 'OK', attempts: 1 })]);

			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(execution.workflowId).toBe(triggers.mo.id);
			expect(triggerItems(execution)).toEqual([
				{
					sms_to: '48799599599',
					sms_from: '48500000123',
					sms_text: text,
					sms_date: 1700000000,
					sms_date_iso: '2023-11-14T22:13:20.000Z',
					username: 'demo',
					MsgId: result.msgId,
				},
			]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it.each(['json', 'form'] as const)(
		'number lookup results posted as a %s array are one item per entry',
		async (format) => {
			await control(emulator, 'POST', 'account', { hlrCallbackFormat: format, callbackUrls: { hlr: callbackUrlOf(n8n, triggers.hlr) } });
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const { body: looked } = await serviceRequest<Array<{ id: string; number: string; status: string }>>(emulator, 'POST', 'hlr.do', {
				number: '48500000001,48500000007,48600000003',
				format: 'json',
			});
			expect(looked.map((entry) => entry.status)).toEqual(['OK', 'OK', 'OK']);

			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(execution.workflowId).toBe(triggers.hlr.id);
			const items = triggerItems(execution);
			expect(items.map((item) => [item.id, item.number, item.status])).toEqual(
				looked.map((entry) => [entry.id, entry.number, 'OK']),
			);
			expect(items[1]).toMatchObject({ ported: true, ported_from: 'Orange', mcc: expect.any(String), info: expect.any(String) });
			expect(items[0]).toMatchObject({ ported: false, ported_from: null, idx: null });
			expect(items[0].date_iso).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));

			// The emulator really sent the variant under test, and got OK.
			const [attempt] = await callbackAttempts(emulator, 'hlr');
			expect(attempt).toMatchObject({ method: 'POST', ok: true, responseBody: 'OK' });
			expect(attempt.body).toMatch(format === 'json' ? /^\[\{"id":/ : /^0%5Bid%5D=/);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a repeated delivery report (same MsgId and status) starts no second execution; the next status of the message does',
		async () => {
			const url = callbackUrlOf(n8n, triggers.dlr);
			const accepted = dlr({ status: '410', status_name: 'ACCEPTED' });
			let before = await n8n.lastExecutionId();
			let since = Date.now();
			expect(await call(url, { query: dlrQuery([accepted]) })).toEqual({ status: 200, body: 'OK' });
			const [first] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(first)).toEqual([expect.objectContaining({ MsgId: accepted.MsgId, status: 410 })]);

			before = await n8n.lastExecutionId();
			expect(await call(url, { query: dlrQuery([accepted]) })).toEqual({ status: 200, body: 'OK' });
			before = await expectNoNewExecutions(n8n, before, triggers.dlr);

			const delivered = { ...accepted, status: '404', status_name: 'DELIVERED' };
			since = Date.now();
			expect(await call(url, { query: dlrQuery([delivered]) })).toEqual({ status: 200, body: 'OK' });
			const [second] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(second)).toEqual([expect.objectContaining({ MsgId: accepted.MsgId, status: 404, final: true })]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'copies of a report arriving at the same moment start one execution; reports arriving together are all remembered',
		async () => {
			const url = callbackUrlOf(n8n, triggers.dlr);
			// The service may repeat a report while the first call is still being answered.
			const report = dlr();
			let before = await n8n.lastExecutionId();
			const since = Date.now();
			const answers = await Promise.all(Array.from({ length: 4 }, () => call(url, { query: dlrQuery([report]) })));
			expect(answers).toEqual(Array.from({ length: 4 }, () => ({ status: 200, body: 'OK' })));
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
			await expectNoNewExecutions(n8n, Number(execution.id), triggers.dlr);

			// A burst of different reports (a bulk's delivery reports), then each repeated: no report is forgotten.
			const burst = Array.from({ length: 12 }, () => dlr());
			before = await n8n.lastExecutionId();
			await Promise.all(burst.map((one) => call(url, { query: dlrQuery([one]) })));
			const executions = await waitForNewExecutions(n8n, before, burst.length);
			expect(executions).toHaveLength(burst.length);
			const last = Math.max(...executions.map((e) => Number(e.id)));
			for (const one of burst) expect(await call(url, { query: dlrQuery([one]) })).toEqual({ status: 200, body: 'OK' });
			await expectNoNewExecutions(n8n, last, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a callback without the secret or with a wrong one is refused with 403 and starts nothing (the report is not remembered)',
		async () => {
			const report = dlr();
			let before = await n8n.lastExecutionId();
			const bare = await call(triggerUrl(n8n, triggers.dlr), { query: dlrQuery([report]) });
			const wrong = await call(triggerUrl(n8n, triggers.dlr), { query: { secret: `${triggers.dlr.secret}x`, ...dlrQuery([report]) } });
			// The secret as path segment: a wrong one finds no webhook at all.
			const wrongPath = await call(n8n.webhookUrl(`${triggers.dlr.webhookId}/dlr/${triggers.dlr.secret}x`), { query: dlrQuery([report]) });
			expect(bare).toEqual({ status: 403, body: 'Forbidden' });
			expect(wrong).toEqual({ status: 403, body: 'Forbidden' });
			expect(wrongPath.status).toBe(404);
			before = await expectNoNewExecutions(n8n, before, triggers.dlr);

			// The refused report was not taken as seen: with the secret it starts the workflow.
			const since = Date.now();
			expect(await call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([report]) })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a callback from an address outside the IP allowlist (10.11.12.13/32) is refused with 403 and starts nothing',
		async () => {
			const before = await n8n.lastExecutionId();
			const answer = await call(callbackUrlOf(n8n, triggers['dlr-foreign-ip']), { query: dlrQuery([dlr()]) });
			expect(answer).toEqual({ status: 403, body: 'Forbidden' });
			await expectNoNewExecutions(n8n, before, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'with usernames = demo, a callback for someone_else is refused with 403 and starts nothing; ' +
			'one for demo from loopback (allowlisted) passes',
		async () => {
			const url = callbackUrlOf(n8n, triggers['dlr-guarded']);
			let before = await n8n.lastExecutionId();
			expect(await call(url, { query: dlrQuery([dlr({ username: 'someone_else' })]) })).toEqual({ status: 403, body: 'Forbidden' });
			before = await expectNoNewExecutions(n8n, before, triggers.dlr);

			const report = dlr({ username: 'demo' });
			const since = Date.now();
			expect(await call(url, { query: dlrQuery([report]) })).toEqual({ status: 200, body: 'OK' });
			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(execution.workflowId).toBe(triggers['dlr-guarded'].id);
			expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId, username: 'demo' })]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a bulk start arrives by GET or POST (one webhook per method) and is one item each',
		async () => {
			const url = callbackUrlOf(n8n, triggers.bulk);
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const fields = { type: 'SMS', all: '3', points: '0.495', info: 'numbers', text: 'Spring sale' };
			expect(await call(url, { query: fields })).toEqual({ status: 200, body: 'OK' });
			expect(await call(url, { form: { ...fields, text: 'Spring sale (POST)' } })).toEqual({ status: 200, body: 'OK' });

			const executions = await waitForNewExecutions(n8n, before, 2, { since });
			const items = executions.map((execution) => triggerItems(execution)[0]);
			expect(items).toEqual(
				expect.arrayContaining([
					{ type: 'SMS', all: 3, points: 0.495, info: 'numbers', text: 'Spring sale' },
					{ type: 'SMS', all: 3, points: 0.495, info: 'numbers', text: 'Spring sale (POST)' },
				]),
			);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'"Listen for test event" (the editor\'s manual run): the Test URL with the secret is registered, one callback to it ' +
			'runs the workflow once in manual mode, and the Test URL is removed from the registry afterwards',
		async () => {
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

	/**
	 * The Production URL as n8n's editor computes it for the trigger panel (editor-ui
	 * `useWorkflowHelpers.getWebhookUrl`): the webhook description's `path` resolved as an
	 * expression on the node of the saved workflow, then `NodeHelpers.getNodeWebhookUrl` with the
	 * webhook base URL of n8n's settings. Done here with this n8n line's own n8n-workflow.
	 */
	async function urlTheEditorShows(trigger: TriggerWorkflow): Promise<string> {
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

	it.each([
		['as it is', false],
		['gzipped (about 400 bytes on the wire)', true],
	])(
		'a 234 KiB text/plain body of 40,000 `x[]=1&` pairs with the right secret, %s, is refused in under 1 s, ' +
			'and n8n answers another webhook meanwhile',
		async (_label, gzip) => {
			const text = 'x[]=1&'.repeat(40_000);
			expect(text.length).toBe(240_000);
			const body = gzip ? gzipSync(text) : text;
			const before = await n8n.lastExecutionId();
			const started = Date.now();
			const hostile = fetch(callbackUrlOf(n8n, triggers.mo), {
				method: 'POST',
				headers: { 'content-type': 'text/plain', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
				body,
				signal: AbortSignal.timeout(10_000),
			}).then(async (res) => ({ status: res.status, body: await res.text(), ms: Date.now() - started }));
			// Another trigger's callback while the hostile one is being handled.
			const report = dlr();
			const other = (async () => {
				const sent = Date.now();
				const answer = await call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([report]) });
				return { ...answer, ms: Date.now() - sent };
			})();
			const [hostileAnswer, otherAnswer] = await Promise.all([hostile, other]);
			expect(hostileAnswer).toMatchObject({ status: 413 });
			expect(hostileAnswer.ms).toBeLessThan(1000);
			expect(otherAnswer).toMatchObject({ status: 200, body: 'OK' });
			expect(otherAnswer.ms).toBeLessThan(1000);
			const executions = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers.dlr.id });
			expect(triggerItems(executions[0])).toEqual([expect.objectContaining({ MsgId: report.MsgId })]);
			// The hostile body started nothing.
			expect((await n8n.executions({ afterId: before, withData: false })).filter((e) => e.workflowId === triggers.mo.id)).toEqual([]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	describe('callbacks at the size limits that a copy into every report would blow up (issue 29, finding 11)', () => {
		it.each([
			['bulk', 'the most reports and extra fields up to the size limit, sent once'],
			['mo', 'a text body at the length limit'],
		] as const)(
			'%s, %s: answered OK in under 1 s, n8n answers other webhooks meanwhile, and the execution holds the extra fields once',
			async (event, shape) => {
				const callback = worstCallbacks(event, `e2e${line.line}x${Date.now()}_`).find((entry) => entry.name === shape)!;
				const before = await n8n.lastExecutionId();
				const timed = async (request: Promise<{ status: number; body: string }>) => {
					const sent = Date.now();
					return { ...(await request), ms: Date.now() - sent };
				};
				const big = timed(
					fetch(callbackUrlOf(n8n, triggers[event]), {
						method: 'POST',
						headers: { 'content-type': callback.json === undefined ? 'text/plain' : 'application/json' },
						body: callback.json ?? callback.text,
						signal: AbortSignal.timeout(30_000),
					}).then(async (res) => ({ status: res.status, body: await res.text() })),
				);
				// Another trigger's callback while the big one is being handled, and one while its execution runs.
				const during = dlr();
				const other = timed(call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([during]) }));
				const bigAnswer = await big;
				const after = dlr();
				const afterAnswer = await timed(call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery([after]) }));
				expect(bigAnswer).toMatchObject({ status: 200, body: 'OK' });
				expect(bigAnswer.ms).toBeLessThan(1000);
				for (const answer of [await other, afterAnswer]) {
					expect(answer).toMatchObject({ status: 200, body: 'OK' });
					expect(answer.ms).toBeLessThan(1000);
				}

				const [execution] = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers[event].id, timeoutMs: 60_000 });
				const items = triggerItems(execution);
				expect(items).toHaveLength(callback.reports);
				// The extra fields once, on the first report; what n8n stored grows with the callback.
				expect(items[0]).toMatchObject({ x0: expect.stringMatching(/^x{65536}$/) });
				expect(items.slice(1).filter((item) => 'x0' in item)).toEqual([]);
				expect(JSON.stringify(items).length).toBeLessThan(2 * sentSize(callback));
				const dlrRuns = await waitForNewExecutions(n8n, before, 2, { workflowId: triggers.dlr.id });
				expect(dlrRuns.flatMap((run) => triggerItems(run).map((item) => item.MsgId))).toEqual(expect.arrayContaining([during.MsgId, after.MsgId]));
			},
			E2E_TEST_TIMEOUT_MS,
		);
	});

	it(
		'Receiver "One Number": activation registers receiver_type number with the number (published JSON body); ' +
			'only messages to that number start the workflow; deactivation removes it',
		async () => {
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
});
