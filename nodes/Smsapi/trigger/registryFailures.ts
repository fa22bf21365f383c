import type { IHookFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isPlainObject } from '../callbacks/formDecoding';
import type { Target } from './registrationTarget';
import { manualRegistrationSteps } from './registryEntries';
import { maskSecretSegment } from './webhookUrls';

/**
 * What a failed request to the callback registry says (the transport's errors carry the HTTP
 * status and whether the outcome is known), and how a failed registration is told to the user.
 */

/** The HTTP status the transport put on an error (`httpCode`), or '' when it has none. */
export function httpCodeOf(error: unknown): string {
	if (typeof error !== 'object' || error === null) return '';
	return String((error as { httpCode?: unknown }).httpCode ?? '');
}

/**
 * Whether the service answered that what was asked for is not there (404, 405 or 501). Only the
 * deactivation tolerates such an answer (registry.ts); the activation treats it as any refusal.
 */
export function isNotThere(error: unknown): boolean {
	const code = httpCodeOf(error);
	return code === '404' || code === '405' || code === '501';
}

/** The error as n8n's node error (the transport's errors already are; they keep their fields). */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error));
}

/** Whether the transport could not tell if the request was carried out (network failure after sending). */
export function outcomeUnknown(error: unknown): boolean {
	const context = (error as { context?: unknown } | null)?.context;
	return isPlainObject(context) && context.outcome === 'unknown';
}

export function errorText(error: unknown): { message: string; description: string } {
	if (error instanceof Error) {
		const description = (error as Error & { description?: unknown }).description;
		return {
			message: error.message,
			description: typeof description === 'string' ? description : '',
		};
	}
	return { message: String(error), description: '' };
}

/**
 * A registration that failed: stops the activation with what the service refused and how to
 * finish by hand, or (If Registration Fails: Continue) logs the same and lets it go on.
 */
export function registrationFailed(this: IHookFunctions, wanted: Target, error: unknown): true {
	const { message, description } = errorText(error);
	const steps = manualRegistrationSteps(wanted);
	if (wanted.continueOnFailure) {
		// Logs keep no secrets: the URL is written with its secret segment masked; the node shows it whole.
		const masked = manualRegistrationSteps({
			...wanted,
			url: maskSecretSegment(wanted.url, wanted.queryUrl),
		});
		this.logger.warn(
			`SMSAPI Trigger "${this.getNode().name}": could not register the callback URL at SMSAPI (${message}); the workflow is active anyway. ${masked} (the Production URL shown in the node, with its Secret as the last part)`,
		);
		return true;
	}
	throw new NodeOperationError(
		this.getNode(),
		`SMSAPI did not register the callback URL: ${message}`,
		{
			description: [
				description,
				steps,
				'Then set the option "If Registration Fails" to "Continue and Register by Hand" (or turn off "Register URL at SMSAPI") and activate again.',
			]
				.filter((line) => line !== '')
				.join('\n\n'),
		},
	);
}
