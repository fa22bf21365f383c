/**
 * One n8n per line for the SMSAPI Trigger tests (test/e2e/trigger.test.ts): every trigger
 * workflow is imported and activated once (distinct webhook ids), before the tests of the
 * modules beside this one, which share it through the TriggerSuite they are given.
 */
import { startEmulator, type Emulator } from '../../emulator';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	loadWorkflowFixture,
	newId,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiTokenCredentialData,
	startedByWebhook,
	stopSuite,
	type N8nInstance,
	type N8nLine,
} from '../harness';
import { registryEntries, waitForRegistry, type CallbackEntry, type RegisteredCallback } from './support/registry';
import { callbackUrlOf, loadTriggerWorkflow, triggerPath, type TriggerEvent, type TriggerWorkflow } from './support/workflows';

/** The trigger workflows (fixture `trigger-<name>.workflow.json`); all but `click` are activated before start. */
export const TRIGGERS = ['dlr', 'dlr-guarded', 'dlr-foreign-ip', 'mo', 'hlr', 'bulk', 'click'] as const;
export type TriggerName = (typeof TRIGGERS)[number];
/** Activated and deactivated through n8n's REST API in the lifecycle test. */
export const INACTIVE: TriggerName = 'click';
/** The webhook that runs the SMS send (asking for its delivery report at the dlr trigger). */
export const SEND_PATH = `e2e-send-notify-${newId().slice(0, 8)}`;
/** Inbound messages to one receiving number (Receiver: One Number); activated in its own test. */
export const RECEIVER_FIXTURE = 'trigger-mo-number';

export const REGISTRY_TYPE: Record<TriggerEvent, string> = {
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

/** What the trigger tests of one n8n line share; n8n, the emulator and the ids are set before the tests run. */
export interface TriggerSuite {
	line: N8nLine;
	emulator: Emulator;
	n8n: N8nInstance;
	triggers: Record<TriggerName, TriggerWorkflow>;
	sendWorkflowId: string;
	moNumber: TriggerWorkflow;
	/** The emulator's callback registry once the triggers were activated (before the first reset). */
	registeredAtActivation: RegisteredCallback[];
	/** The same, with every field the registry lists (receiver, active, …). */
	entriesAtActivation: CallbackEntry[];
	activeTriggers(): TriggerWorkflow[];
	/** The webhooks n8n serves for the active triggers (bulk: one per method), at the URLs the editor shows. */
	activeWebhooks(): Array<{ path: string; method: string }>;
	/** n8n serves a webhook before the node's create() has registered its URL at the service: wait for that too. */
	waitForActiveRegistered(): Promise<RegisteredCallback[]>;
}

/** Starts the emulator and n8n of `line` before the file's tests, with every trigger workflow saved and all but `click` active. */
export function useTriggerSuite(line: N8nLine): TriggerSuite {
	const triggers = {} as Record<TriggerName, TriggerWorkflow>;
	const ctx = {
		line,
		triggers,
		activeTriggers: () => TRIGGERS.filter((name) => name !== INACTIVE).map((name) => triggers[name]),
		activeWebhooks: () =>
			ctx.activeTriggers().flatMap((trigger) => METHODS[trigger.event].map((method) => ({ path: triggerPath(trigger), method }))),
		waitForActiveRegistered: () =>
			waitForRegistry(ctx.emulator, 'every active trigger registered at the emulator', (entries) =>
				ctx.activeTriggers().every((trigger) => entries.some((entry) => entry.url === callbackUrlOf(ctx.n8n, trigger))),
			),
	} as TriggerSuite;

	beforeAll(async () => {
		const emulator = await startEmulator({ port: 0, quiet: true, credits: 1000, dlrDelayMs: 50, callbackRetryMs: 200, callbackMaxAttempts: 3 });
		ctx.emulator = emulator;
		const n8n = await createN8n({ line, label: 'trigger' });
		ctx.n8n = n8n;
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

		ctx.moNumber = loadTriggerWorkflow(RECEIVER_FIXTURE, credentials);

		const ids = await n8n.createWorkflows([...TRIGGERS.map((name) => triggers[name].workflow), send, ctx.moNumber.workflow]);
		TRIGGERS.forEach((name, i) => (triggers[name].id = ids[i]));
		ctx.sendWorkflowId = ids[TRIGGERS.length];
		ctx.moNumber.id = ids[TRIGGERS.length + 1];

		await n8n.activate([...ctx.activeTriggers().map((trigger) => trigger.id), ctx.sendWorkflowId]);
		for (const webhook of ctx.activeWebhooks()) await n8n.waitForWebhook(webhook.path, webhook.method);
		ctx.registeredAtActivation = await ctx.waitForActiveRegistered();
		ctx.entriesAtActivation = await registryEntries(emulator);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(() => stopSuite(ctx), 60_000);

	beforeEach(() => ctx.emulator.reset());

	return ctx;
}
