import type { IDataObject, IHookFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiPath, smsapiApiRequest } from '../transport';
import { EVENT_INFO } from './events';
import { isPlainObject } from './formDecoding';
import { guardProblem } from './guards';
import type { TriggerEvent } from './events';
import {
	createCallbackBody,
	isExactEntry,
	isOwnEntry,
	manualRegistrationSteps,
	readCallbackEntry,
	readCallbackList,
	receiverMatches,
	receiverOf,
	takesReceiver,
	type CallbackTarget,
	type RegisteredCallback,
} from './registryEntries';
import { PATH_SECRET_WEBHOOK, querySecretUrl } from './webhookUrls';

/**
 * Registering the node's URL in the service's callback registry (`/callbacks`, shapes in
 * registryEntries.ts) when the workflow is activated, and removing it when deactivated.
 *
 * - Only the user's own choice skips the registration: "Register URL at SMSAPI" off (the registry
 *   is not called at all), or "If Registration Fails: Continue and Register by Hand" (a refusal is
 *   logged as a warning with the URL to paste, and the workflow is activated).
 * - Otherwise any refusal of `GET`, `POST` or `PUT /callbacks` stops the activation with what the
 *   service refused and the exact URL to register by hand. 404, 405 and 501 included: the
 *   published API lists `/callbacks` as an ordinary endpoint (docs/service-differences.md, R1),
 *   and a 404 to the POST (a receiving number not on the account, a moved path) would otherwise
 *   leave an active trigger that never fires.
 * - Registering is not blindly repeatable (a second POST registers the URL twice): the list is
 *   read first, and after an attempt whose outcome is unknown it is read again before a repeat.
 * - URLs registered in the earlier layout (`…/<event>?secret=`) are moved to the current one.
 * - Deactivation is not held up for good by a registry that is not there (n8n 1.x keeps the
 *   webhooks of a workflow whose node's `delete` failed in its table: active-workflow-manager.ts
 *   `clearWebhooks`): a 404 to `DELETE /callbacks/{id}` means the entry is already gone; the list
 *   answered 404, 405 or 501, or a removal answered 405 or 501, lets the deactivation finish with
 *   a warning that the URL may still be registered, and which. Any other failure stops the
 *   deactivation with the URL to remove by hand.
 */

/** Key of the registration record in the node's static data. */
export const REGISTRATION_KEY = 'callbackRegistration';

export interface Registration {
	id: string;
	type: string;
	url: string;
}

export { readCallbackList };

/** The HTTP status the transport put on an error (`httpCode`), or '' when it has none. */
function httpCodeOf(error: unknown): string {
	if (typeof error !== 'object' || error === null) return '';
	return String((error as { httpCode?: unknown }).httpCode ?? '');
}

/**
 * Whether the service answered that what was asked for is not there (404, 405 or 501). Only the
 * deactivation tolerates such an answer (see above); the activation treats it as any refusal.
 */
export function isNotThere(error: unknown): boolean {
	const code = httpCodeOf(error);
	return code === '404' || code === '405' || code === '501';
}

/** The error as n8n's node error (the transport's errors already are; they keep their fields). */
function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error));
}

/** Whether the transport could not tell if the request was carried out (network failure after sending). */
function outcomeUnknown(error: unknown): boolean {
	const context = (error as { context?: unknown } | null)?.context;
	return isPlainObject(context) && context.outcome === 'unknown';
}

interface Target extends CallbackTarget {
	enabled: boolean;
	continueOnFailure: boolean;
	/** A setting that makes the registration impossible (One Number without a number). */
	problem?: string;
}

function target(this: IHookFunctions): Target {
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
function assertGuards(this: IHookFunctions): void {
	const problem = guardProblem(
		this.getNode().parameters,
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

async function listCallbacks(this: IHookFunctions): Promise<RegisteredCallback[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'callbacks',
		safeToRepeat: true,
	});
	return readCallbackList(data);
}

/** DELETE /callbacks/{id}; a 404 means the entry is already gone (removed in the portal). */
async function deleteCallback(this: IHookFunctions, id: string): Promise<void> {
	try {
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: apiPath`callbacks/${{ callbackId: id }}`,
			safeToRepeat: true,
		});
	} catch (error) {
		// The transport's NodeApiError is thrown as it is: callers tell 405 and 501 by its httpCode.
		if (httpCodeOf(error) !== '404') throw asNodeError(this.getNode(), error);
	}
}

function store(this: IHookFunctions, id: string, wanted: Target): void {
	const registration: Registration = { id, type: wanted.type, url: wanted.url };
	this.getWorkflowStaticData('node')[REGISTRATION_KEY] = { ...registration };
}

function readRegistration(staticData: IDataObject): Registration | undefined {
	const stored = staticData[REGISTRATION_KEY];
	if (!isPlainObject(stored) || typeof stored.id !== 'string' || typeof stored.url !== 'string')
		return undefined;
	return { id: stored.id, type: String(stored.type ?? ''), url: stored.url };
}

/** The id registered earlier for exactly this URL and type, if one is stored. */
function storedIdFor(this: IHookFunctions, wanted: Target): string | undefined {
	const stored = readRegistration(this.getWorkflowStaticData('node'));
	return stored?.url === wanted.url && stored.type === wanted.type ? stored.id : undefined;
}

function errorText(error: unknown): { message: string; description: string } {
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
function registrationFailed(this: IHookFunctions, wanted: Target, error: unknown): true {
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

/** The URL with its secret segment replaced by `<secret>` (unchanged when it has no secret segment). */
function maskSecretSegment(url: string, queryUrl: string): string {
	return url === queryUrl ? url : `${url.slice(0, url.lastIndexOf('/'))}/<secret>`;
}

/** The settings the registration needs are usable (One Number has a number). */
function assertTarget(this: IHookFunctions, wanted: Target): void {
	if (wanted.problem !== undefined) throw new NodeOperationError(this.getNode(), wanted.problem);
}

/** `webhookMethods.default.checkExists`: true when exactly the wanted entry is registered (or cannot be). */
export async function callbackExists(this: IHookFunctions): Promise<boolean> {
	assertGuards.call(this);
	const wanted = target.call(this);
	if (!wanted.enabled) return true;
	let registered: RegisteredCallback[];
	try {
		assertTarget.call(this, wanted);
		registered = await listCallbacks.call(this);
	} catch (error) {
		return registrationFailed.call(this, wanted, error);
	}
	// The id stored at registration also counts, in case the service rewrites the URL it keeps.
	const storedId = storedIdFor.call(this, wanted);
	const own = registered.filter((entry) => entry.id === storedId || isOwnEntry(entry, wanted));
	const exact = own.find(
		(entry) =>
			(entry.id === storedId && receiverMatches(entry, wanted)) || isExactEntry(entry, wanted),
	);
	// Anything else of this node (the earlier URL layout, another receiver) is put right by create().
	if (!exact || own.length > 1) return false;
	store.call(this, exact.id, wanted);
	return true;
}

/** POST /callbacks; when the outcome is unknown, the list decides whether to send it once more. */
async function postCallback(this: IHookFunctions, wanted: Target): Promise<string | undefined> {
	const request = {
		method: 'POST' as const,
		endpoint: 'callbacks',
		body: createCallbackBody(wanted),
		bodyFormat: 'json' as const,
		safeToRepeat: false,
	};
	let data: unknown;
	try {
		({ data } = await smsapiApiRequest.call(this, request));
	} catch (error) {
		if (!outcomeUnknown(error)) throw asNodeError(this.getNode(), error);
		const registered = (await listCallbacks.call(this)).find((entry) =>
			isExactEntry(entry, wanted),
		);
		if (registered) return registered.id;
		({ data } = await smsapiApiRequest.call(this, request));
	}
	return (
		readCallbackEntry(data)?.id ??
		readCallbackEntry(isPlainObject(data) ? data.data : undefined)?.id
	);
}

/**
 * `webhookMethods.default.create`: makes the registry hold exactly one entry of this node: keeps
 * one already there, moves one of the earlier URL layout to the current URL (PUT), removes the
 * node's entries with another receiver, and registers (POST) only when none is left.
 */
export async function registerCallback(this: IHookFunctions): Promise<boolean> {
	assertGuards.call(this);
	const wanted = target.call(this);
	if (!wanted.enabled) return true;
	try {
		assertTarget.call(this, wanted);
		const storedId = storedIdFor.call(this, wanted);
		const own = (await listCallbacks.call(this)).filter(
			(entry) => entry.id === storedId || isOwnEntry(entry, wanted),
		);
		let keep = own.find(
			(entry) =>
				(entry.id === storedId && receiverMatches(entry, wanted)) || isExactEntry(entry, wanted),
		);
		if (!keep) {
			const earlier = own.find(
				(entry) => entry.url === wanted.queryUrl && receiverMatches(entry, wanted),
			);
			if (earlier) {
				await smsapiApiRequest.call(this, {
					method: 'PUT',
					endpoint: apiPath`callbacks/${{ callbackId: earlier.id }}`,
					body: { url: wanted.url },
					bodyFormat: 'json',
					safeToRepeat: true,
				});
				keep = earlier;
			}
		}
		for (const entry of own) if (entry !== keep) await deleteCallback.call(this, entry.id);
		const id = keep?.id ?? (await postCallback.call(this, wanted));
		if (id === undefined) {
			this.logger.warn(
				'SMSAPI Trigger: SMSAPI registered the callback URL but returned no id; it is removed on deactivation by its URL',
			);
			return true;
		}
		store.call(this, id, wanted);
		return true;
	} catch (error) {
		return registrationFailed.call(this, wanted, error);
	}
}

const REMOVAL_HINT =
	'The callback URL may still be registered at SMSAPI: remove it in the callback settings of the SMSAPI portal if it is.';

/**
 * `webhookMethods.default.delete`: removes what `create` registered and every other entry carrying
 * the node's URL (either layout) for its event. The stored id alone is not enough: it goes stale
 * when the URL was removed and added again in the portal, and n8n 2.x runs no `checkExists` on a
 * restart to refresh it, so deleting only that id would leave the live URL registered.
 */
export async function unregisterCallback(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const stored = readRegistration(staticData);
	const ids = new Set<string>(stored ? [stored.id] : []);
	const wanted = target.call(this);
	/** What the service answered "not there" (404/405/501) to, apart from an entry already gone. */
	const unchecked: string[] = [];
	try {
		if (wanted.enabled) {
			try {
				for (const entry of await listCallbacks.call(this))
					if (isOwnEntry(entry, wanted)) ids.add(entry.id);
			} catch (error) {
				if (!isNotThere(error)) throw asNodeError(this.getNode(), error);
				unchecked.push(
					`the list of registered URLs could not be read (${errorText(error).message})`,
				);
			}
		}
		for (const id of ids) {
			try {
				await deleteCallback.call(this, id);
			} catch (error) {
				if (!isNotThere(error)) throw asNodeError(this.getNode(), error);
				unchecked.push(`entry ${id} could not be removed (${errorText(error).message})`);
			}
		}
	} catch (error) {
		const { message, description } = errorText(error);
		throw new NodeOperationError(
			this.getNode(),
			`SMSAPI did not remove the callback URL: ${message}`,
			{
				description: [description, `${REMOVAL_HINT} Its URL: ${wanted.url}`]
					.filter((line) => line !== '')
					.join('\n\n'),
			},
		);
	}
	if (unchecked.length > 0) {
		// Deactivated all the same (a registry that is not there must not hold it up for good), but
		// not silently. Logs keep no secrets: the URL's secret segment is masked.
		this.logger.warn(
			`SMSAPI Trigger "${this.getNode().name}": deactivated, but ${unchecked.join('; ')}. ${REMOVAL_HINT} Its URL: ${maskSecretSegment(wanted.url, wanted.queryUrl)}`,
		);
	}
	delete staticData[REGISTRATION_KEY];
	return true;
}
