import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { triggerProperties, triggerSubtitle } from './trigger/description';
import { handleCallback } from './trigger/handler';
import { getReceivingNumbers } from './trigger/receivingNumbers';
import { callbackExists, registerCallback, unregisterCallback } from './trigger/registry';
import { triggerWebhooks } from './trigger/webhookUrls';

/**
 * SMSAPI callbacks (delivery reports, inbound messages, lookup results, short-link clicks, bulk
 * starts) as workflow triggers. Each event has its own URL (`…/webhook/<webhook id>/<event>/<secret>`,
 * trigger/webhookUrls.ts) and method; the webhook answers `OK` itself (trigger/handler.ts) and
 * registers its URL at SMSAPI where the account has the callback registry (trigger/registry.ts).
 *
 * Reports the service sends again are dropped by a memory in the workflow's static data
 * (trigger/dedupe.ts, trigger/reportMemory.ts); where n8n keeps it, and its limits across processes
 * and executions, are in docs/service-behaviour.md, "n8n internals the trigger relies on".
 */
export class SmsapiTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSAPI Trigger',
		name: 'smsapiTrigger',
		icon: { light: 'file:../../icons/smsapi.svg', dark: 'file:../../icons/smsapi.dark.svg' },
		group: ['trigger'],
		// Version 2: callbacks close together start one execution ("Combine Callbacks Within",
		// trigger/combine.ts); triggers saved with version 1 keep one execution per callback.
		// Version 3: no Secret by default (n8n 2.x then resolves the URL without its expression
		// engine) and the window counted from the latest callback of a burst. Saved triggers keep theirs.
		version: [1, 2, 3],
		defaultVersion: 3,
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
