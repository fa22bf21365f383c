/**
 * `npm start`: the whole package with no SMSAPI account. Starts the project's SMSAPI emulator
 * and a real n8n with this package loaded, a credential set up for the emulator and the
 * example workflows of examples/ imported (the three with triggers active), then prints where
 * everything is. Ctrl+C stops it all.
 */
import { randomBytes, randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { secretPathSegment } from '../nodes/Smsapi/trigger/webhookUrls';
import { startEmulator, type Emulator } from '../test/emulator';
import { createN8n, E2E_OWNER, portIfFree, waitFor, type LineId, type N8nInstance, type WorkflowJson } from '../test/e2e/harness';

export const DEMO_CREDENTIAL = { id: 'SmsapiDemoCred01', name: 'SMSAPI (demo emulator)' };
const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');

/** The examples, and which of them the demo activates. */
export const DEMO_WORKFLOWS = [
	{ file: 'send-sms.workflow.json', active: false },
	{ file: 'scheduled-bulk-campaign.workflow.json', active: true },
	{ file: 'inbound-auto-reply.workflow.json', active: true },
	{ file: 'delivery-report-logger.workflow.json', active: true },
	{ file: 'stop-to-blacklist.workflow.json', active: true },
	{ file: 'two-factor-login.workflow.json', active: true },
	{ file: 'login-code-sms-then-voice.workflow.json', active: true },
	{ file: 'refund-approval-by-sms.workflow.json', active: true },
] as const;

/** The paths of the two-factor example's Webhook nodes. */
const TWO_FACTOR_PATHS = { send: '2fa/send', verify: '2fa/verify' };
/** The path of the Send and Wait for Delivery example's Webhook node. */
const LOGIN_CODE_PATH = 'login-code';
/** The path of the Send and Wait for Approval example's Webhook node. */
const REFUND_PATH = 'refund';

export interface Demo {
	emulator: Emulator;
	n8n: N8nInstance;
	editorUrl: string;
	/** Workflow id of each example, by file name. */
	workflowIds: Record<string, string>;
	/** Production webhook URL (secret included) of each trigger event the demo listens to. */
	triggerUrls: { mo: string; dlr: string };
	/** The STOP example's trigger URL and the two-factor example's webhook URLs. */
	exampleUrls: { stop: string; twoFactorSend: string; twoFactorVerify: string; loginCode: string; refund: string };
	stop(): Promise<void>;
}

function loadExample(file: string): WorkflowJson {
	return JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
}

const TRIGGER_TYPE = 'n8n-nodes-smsapi-plus.smsapiTrigger';

/**
 * The example as the demo imports it, as the editor's import would: its SMSAPI nodes use this
 * credential (the examples name the demo's, `DEMO_CREDENTIAL`), and every node without an id gets
 * a new one. The examples ship their triggers without a webhook id and with the Secret at its
 * default (the node's id), so that no two imports share a URL or a secret anyone can read in this
 * repository; the demo gives each trigger a new webhook id and its own random Secret, which it
 * needs to print the trigger URLs.
 */
function asImported(workflow: WorkflowJson, credential: { id: string; name: string }): WorkflowJson {
	return {
		...workflow,
		nodes: workflow.nodes.map((example) => {
			const node = { ...example, id: example.id ?? randomUUID() };
			if (node.credentials?.smsapiApi) node.credentials = { ...node.credentials, smsapiApi: credential };
			if (node.type !== TRIGGER_TYPE) return node;
			return {
				...node,
				webhookId: randomUUID(),
				parameters: { ...node.parameters, secret: randomBytes(16).toString('hex') },
			};
		}),
	};
}

/** The webhook path of an example's trigger as n8n shows it: `<webhook id>/<event>/<secret>`. */
function webhookPathOf(workflow: WorkflowJson, event: string): string {
	const trigger = workflow.nodes.find((node) => node.type === TRIGGER_TYPE);
	if (!trigger?.webhookId) throw new Error(`the example ${workflow.name} has no SMSAPI Trigger with a webhookId`);
	const secret = trigger.parameters?.secret;
	if (typeof secret !== 'string' || secret === '' || secret.startsWith('=')) {
		throw new Error(`the example ${workflow.name} must set a fixed Secret, so the demo can print its URL`);
	}
	return `${trigger.webhookId}/${event}/${secretPathSegment(secret)}`;
}

export async function startDemo(
	options: { line?: LineId; emulatorPort?: number; n8nPort?: number; quiet?: boolean } = {},
): Promise<Demo> {
	// Short links at the emulator's own https host, so that the SMS link opens in this machine's browser.
	const emulator = await startEmulator({ port: options.emulatorPort ?? 0, quiet: options.quiet ?? true, shortLinks: 'served' });
	let n8n: N8nInstance | undefined;
	try {
		n8n = await createN8n({ line: options.line ?? '2', label: 'demo', port: options.n8nPort });
		// The credential and the examples are saved and activated as in the editor (REST API).
		await n8n.start();
		const [credential] = await n8n.createCredentials([
			{
				name: DEMO_CREDENTIAL.name,
				type: 'smsapiApi',
				data: {
					authentication: 'token',
					token: 'test-token',
					platform: 'custom',
					baseUrl: emulator.primaryUrl,
					backupUrl: emulator.backupUrl,
				},
			},
		]);
		const workflows = DEMO_WORKFLOWS.map((example) => ({
			...example,
			workflow: asImported(loadExample(example.file), { id: credential.id, name: credential.name }),
		}));
		const ids = await n8n.createWorkflows(workflows.map((example) => example.workflow));

		const autoReply = workflows.find((example) => example.file.startsWith('inbound'))!.workflow;
		const logger = workflows.find((example) => example.file.startsWith('delivery'))!.workflow;
		const stopToBlacklist = workflows.find((example) => example.file.startsWith('stop'))!.workflow;
		const moPath = webhookPathOf(autoReply, 'mo');
		const stopPath = webhookPathOf(stopToBlacklist, 'mo');
		const dlrPath = webhookPathOf(logger, 'dlr');
		await n8n.activate(ids.filter((_, index) => workflows[index].active));
		// Waiting for the POST webhook is enough: n8n registers all active webhooks together.
		await n8n.waitForWebhook(moPath, 'POST');
		// n8n answers on its webhooks slightly before the triggers have registered their URLs at
		// the service: wait for both registrations, so the emulator's simulated callbacks find them.
		await waitFor('the demo triggers to register their URLs at the emulator', 60_000, async () => {
			const types = new Set(emulator.state.callbacks.map((callback) => callback.type));
			const inbound = emulator.state.callbacks.filter((callback) => callback.type === 'sms_mo').length;
			return inbound >= 2 && types.has('sms_dlr') ? true : undefined;
		});
		// Sets up the owner account printed below, so the editor opens on its login page.
		await n8n.rest('GET', '/rest/login');

		const started = n8n;
		return {
			emulator,
			n8n: started,
			editorUrl: started.baseUrl,
			workflowIds: Object.fromEntries(workflows.map((example, index) => [example.file, ids[index]])),
			triggerUrls: {
				mo: started.webhookUrl(moPath),
				dlr: started.webhookUrl(dlrPath),
			},
			exampleUrls: {
				stop: started.webhookUrl(stopPath),
				twoFactorSend: started.webhookUrl(TWO_FACTOR_PATHS.send),
				twoFactorVerify: started.webhookUrl(TWO_FACTOR_PATHS.verify),
				loginCode: started.webhookUrl(LOGIN_CODE_PATH),
				refund: started.webhookUrl(REFUND_PATH),
			},
			async stop() {
				await started.stop();
				await emulator.stop();
			},
		};
	} catch (error) {
		await n8n?.stop();
		await emulator.stop();
		throw error;
	}
}

function printDemo(demo: Demo): void {
	const { emulator, editorUrl, triggerUrls, exampleUrls } = demo;
	const lines = [
		'',
		'SMSAPI demo is running (Ctrl+C stops it).',
		'',
		`  n8n editor        ${editorUrl}`,
		`  log in with       ${E2E_OWNER.email} / ${E2E_OWNER.password}`,
		`  SMSAPI emulator   ${emulator.primaryUrl} (backup ${emulator.backupUrl}, SMTP 127.0.0.1:${emulator.smtpPort})`,
		`  what it recorded  ${emulator.controlUrl}/messages  ·  ${emulator.controlUrl}/requests`,
		'',
		'Workflows: "send an SMS" (open it and press Execute workflow), "scheduled bulk campaign" (active, 9:00 daily),',
		'"inbound SMS auto-reply" and "delivery report logger" (active; their SMSAPI Triggers registered their URLs at the emulator).',
		'',
		'Try the auto-reply: simulate an inbound SMS (the emulator calls the trigger like the service does)',
		`  curl -s -X POST ${emulator.controlUrl}/inbound -H 'content-type: application/json' -d '{"from":"48500000009","text":"Hello, is my order ready?"}'`,
		'or call the trigger directly:',
		`  curl -s -X POST '${triggerUrls.mo}' --data-urlencode sms_from=48500000009 --data-urlencode sms_to=48799599599 --data-urlencode 'sms_text=Hello' --data-urlencode sms_date=$(date +%s) --data-urlencode username=demo`,
		'then see the reply SMS the workflow sent:',
		`  curl -s ${emulator.controlUrl}/messages`,
		'A few moments later its delivery report starts the "delivery report logger" workflow (Executions tab).',
		'',
		'Reply STOP: the "STOP reply" workflow puts the sender on the blacklist',
		`  curl -s -X POST ${emulator.controlUrl}/inbound -H 'content-type: application/json' -d '{"from":"48500000009","text":"STOP"}'`,
		`  curl -s ${emulator.controlUrl}/more-state`,
		'',
		'Two-factor login codes: send a code, then check it (the emulator shows the code under more-state)',
		`  curl -s -X POST ${exampleUrls.twoFactorSend} -H 'content-type: application/json' -d '{"phone":"48500000009"}'`,
		`  curl -s -X POST ${exampleUrls.twoFactorVerify} -H 'content-type: application/json' -d '{"phone":"48500000009","code":"123456"}'`,
		'',
		'Send and Wait for Delivery: a login code by SMS; the execution waits (Executions tab) for the delivery report.',
		'Delivered: it ends on "Code delivered". A phone that gets no report (numbers ending in 409) → after 1 minute a voice call:',
		`  curl -s -X POST ${exampleUrls.loginCode} -H 'content-type: application/json' -d '{"phone":"48500000009","code":"4711"}'`,
		`  curl -s -X POST ${exampleUrls.loginCode} -H 'content-type: application/json' -d '{"phone":"48500000409","code":"4711"}'`,
		`  curl -s ${emulator.controlUrl}/messages`,
		'',
		'Send and Wait for Approval: a refund over 100 EUR waits for the manager (48500000999) to answer on the page of the',
		'SMS link. Read the SMS at the emulator and open its link, all of it (the part after # is what lets it answer), in',
		'your browser as the phone would; press Refund or Decline, then see the Executions tab. The emulator plays the',
		`service's short-link host at ${emulator.shortLinkHostUrl} with a certificate of its own: your browser warns once; go on.`,
		`  curl -s -X POST ${exampleUrls.refund} -H 'content-type: application/json' -d '{"order":"1024","amount":250,"reason":"arrived broken"}'`,
		`  curl -s ${emulator.controlUrl}/messages`,
		'',
		'Use the same workflows with your real account: open Credentials → "SMSAPI (demo emulator)", set Platform to',
		'SMSAPI.com or SMSAPI.pl and paste an API token from the SMSAPI portal (API settings → API tokens).',
		'',
	];
	process.stdout.write(lines.join('\n'));
}

async function main(): Promise<void> {
	const line = (process.env.SMSAPI_DEMO_LINE as LineId | undefined) ?? '2';
	const port = await portIfFree(process.env.SMSAPI_DEMO_EMULATOR_PORT ? Number(process.env.SMSAPI_DEMO_EMULATOR_PORT) : 8765);
	// n8n's usual port, as n8n users expect, unless something else already listens there.
	const n8nPort = await portIfFree(process.env.SMSAPI_DEMO_N8N_PORT ? Number(process.env.SMSAPI_DEMO_N8N_PORT) : 5678);
	process.stdout.write(`Starting the SMSAPI emulator and n8n (line ${line}) on port ${n8nPort}…\n`);
	const demo = await startDemo({ line, emulatorPort: port, n8nPort });
	printDemo(demo);
	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		process.stdout.write('\nStopping…\n');
		await demo.stop();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop());
	process.on('SIGTERM', () => void stop());
}

if (require.main === module) {
	main().catch((error: Error) => {
		process.stderr.write(`The demo could not start: ${error.message}\n`);
		process.exit(1);
	});
}
