import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerProperties, triggerSubtitle, triggerWebhooks } from './trigger/description';
import { handleCallback } from './trigger/handler';
import { getReceivingNumbers } from './trigger/receivingNumbers';
import { callbackExists, registerCallback, unregisterCallback } from './trigger/registry';

/**
 * SMSAPI callbacks (delivery reports, inbound messages, lookup results, short-link clicks, bulk
 * starts) as workflow triggers. Each event has its own URL (`…/webhook/<webhook id>/<event>/<secret>`,
 * trigger/webhookUrls.ts) and method; the webhook answers `OK` itself (trigger/handler.ts) and
 * registers its URL at SMSAPI where the account has the callback registry (trigger/registry.ts).
 *
 * Where the dedupe memory lives, and its limits: the node's workflow static data
 * (`getWorkflowStaticData('node')`). For production webhooks n8n loads the workflow, static data
 * included, from its database on every request, and saves the static data when the webhook's
 * answer goes out, if it changed (live-webhooks.ts). The webhook answers before the execution is
 * created, so that save happens (n8n 2.x clears the change mark when it creates the execution:
 * a deferred `onReceived` answer would never save it). This holds in regular mode and in queue
 * mode, where webhooks are handled by the main or webhook processes (never by workers): all of
 * them share the memory through the database. Checked against n8n 1.123 and 2.41. Limits:
 * - requests in flight at the same moment each read the memory before the other has saved it:
 *   within one n8n process a process-wide copy (`rememberReports`) closes that gap (a second copy
 *   is dropped, the last save holds every report); between processes (queue mode with several
 *   main or webhook processes taking the same report at the same moment) both copies can pass;
 * - executions that change static data themselves save their own copy at the end and can undo
 *   keys written by webhooks in the meantime;
 * - `OK` goes out before the execution exists: if n8n then fails to create it, the service does
 *   not call again and the report is remembered as seen (n8n 1.x answers `onReceived` this way too);
 * - test webhooks ("Listen for test event") do not save static data, and renaming the node starts
 *   an empty memory (static data is keyed by node name);
 * - bounded: the last 10,000 reports, each forgotten 7 days after it was last seen (`dedupe.ts`).
 */
export class SmsapiTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSAPI Trigger',
		name: 'smsapiTrigger',
		icon: { light: 'file:../../icons/smsapi.svg', dark: 'file:../../icons/smsapi.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: triggerSubtitle,
		description:
			'Starts the workflow on SMSAPI delivery reports, inbound messages, lookup results, clicks and bulk starts',
		eventTriggerDescription: 'Waiting for SMSAPI to call the Test URL',
		activationMessage: 'SMSAPI callbacks to the Production URL now start this workflow.',
		defaults: { name: 'SMSAPI Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'smsapiApi', required: true }],
		webhooks: triggerWebhooks,
		properties: triggerProperties,
	};

	methods = {
		loadOptions: { getReceivingNumbers },
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await callbackExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await registerCallback.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await unregisterCallback.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await handleCallback.call(this);
	}
}
