import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { keepWaiting } from './keepWaiting';

/** The webhook of one wait: it judges a call of an execution waiting in its operation. */
type WaitWebhook = (this: IWebhookFunctions) => Promise<IWebhookResponseData>;

/**
 * The one place that decides which wait a call of a waiting execution is for: the waiting node's
 * operation (n8n calls the node's `webhook()` only for an execution waiting on it). Any other
 * operation, or one that cannot be read, is answered 404 and resumes nothing. Never throws.
 */
export async function routeWaitingCall(
	this: IWebhookFunctions,
	waits: Record<string, WaitWebhook>,
): Promise<IWebhookResponseData> {
	let operation: unknown;
	try {
		operation = this.getNodeParameter('operation', '');
	} catch {
		operation = undefined;
	}
	const wait =
		typeof operation === 'string' && Object.prototype.hasOwnProperty.call(waits, operation)
			? waits[operation]
			: undefined;
	return wait ? await wait.call(this) : keepWaiting.call(this, 404, 'Not Found');
}
