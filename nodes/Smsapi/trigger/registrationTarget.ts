import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { EVENT_INFO } from './events';
import type { TriggerEvent } from './events';
import { guardProblem } from './guards';
import { receiverOf, takesReceiver, type CallbackTarget } from './registryEntries';
import { PATH_SECRET_WEBHOOK, querySecretUrl } from './webhookUrls';

/**
 * What the node's settings ask the callback registry to hold, and the checks they must pass
 * before the registry is asked at all.
 */

export interface Target extends CallbackTarget {
	enabled: boolean;
	continueOnFailure: boolean;
	/** A setting that makes the registration impossible (One Number without a number). */
	problem?: string;
}

export function readTarget(this: IHookFunctions): Target {
	const event = this.getNodeParameter('event', 'dlr') as TriggerEvent;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const url = this.getNodeWebhookUrl(PATH_SECRET_WEBHOOK) ?? '';
	const secretValue = this.getNodeParameter('secret', '') as unknown;
	const secret = typeof secretValue === 'string' ? secretValue.trim() : '';
	// The event's URL without the secret segment: `…/<event>`.
	const eventUrl = secret === '' ? url : url.slice(0, url.lastIndexOf('/'));
	let receiver: CallbackTarget['receiver'];
	let problem: string | undefined;
	if (EVENT_INFO[event] && takesReceiver(event)) {
		({ receiver, problem } = receiverOf(
			this.getNodeParameter('receiver', 'all'),
			this.getNodeParameter('receiverNumber', ''),
		));
	}
	return {
		enabled: options.registerCallback !== false && url !== '',
		continueOnFailure: options.onRegistrationFailure === 'continue',
		type: EVENT_INFO[event]?.registryType ?? EVENT_INFO.dlr.registryType,
		url,
		queryUrl: querySecretUrl(eventUrl, secret),
		receiver,
		problem,
	};
}

/** The Secret and IP Allowlist must be usable, or the activation stops with why (see guards.ts). */
export function assertGuards(this: IHookFunctions): void {
	const problem = guardProblem(
		this.getNode(),
		this.getNodeParameter('secret', '') as unknown,
		this.getNodeParameter('options', {}) as IDataObject,
	);
	if (problem !== undefined) {
		throw new NodeOperationError(
			this.getNode(),
			`The SMSAPI Trigger cannot check callbacks: ${problem}`,
			{
				description:
					'Every callback would be refused. Fix the Secret (a text, or empty to accept callbacks without one) and the IP Allowlist (addresses or CIDR ranges), then activate again.',
			},
		);
	}
}

/** The settings the registration needs are usable (One Number has a number). */
export function assertTarget(this: IHookFunctions, wanted: Target): void {
	if (wanted.problem !== undefined) throw new NodeOperationError(this.getNode(), wanted.problem);
}
