import type { IHookFunctions } from 'n8n-workflow';

import { apiPath, smsapiApiRequest } from '../transport';
import { isPlainObject } from '../callbacks/formDecoding';
import {
	createCallbackBody,
	isExactEntry,
	readCallbackEntry,
	readCallbackList,
	type CallbackTarget,
	type RegisteredCallback,
} from './registryEntries';
import { asNodeError, httpCodeOf, outcomeUnknown } from './registryFailures';
import { secretsOfUrl } from './webhookUrls';

/** The requests to the service's callback registry (`/callbacks`, shapes in registryEntries.ts). */

export async function listCallbacks(this: IHookFunctions): Promise<RegisteredCallback[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'callbacks',
		safeToRepeat: true,
	});
	return readCallbackList(data);
}

/** DELETE /callbacks/{id}; a 404 means the entry is already gone (removed in the portal). */
export async function deleteCallback(this: IHookFunctions, id: string): Promise<void> {
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

/** PUT /callbacks/{id}: the entry's URL changed to the wanted one (its type and receiver stay). */
export async function moveCallback(
	this: IHookFunctions,
	id: string,
	wanted: CallbackTarget,
): Promise<void> {
	await smsapiApiRequest.call(this, {
		method: 'PUT',
		endpoint: apiPath`callbacks/${{ callbackId: id }}`,
		body: { url: wanted.url },
		bodyFormat: 'json',
		safeToRepeat: true,
		secrets: secretsOfUrl(wanted.url, wanted.queryUrl),
	});
}

/** POST /callbacks; when the outcome is unknown, the list decides whether to send it once more. */
export async function postCallback(
	this: IHookFunctions,
	wanted: CallbackTarget,
): Promise<string | undefined> {
	const request = {
		method: 'POST' as const,
		endpoint: 'callbacks',
		body: createCallbackBody(wanted),
		bodyFormat: 'json' as const,
		safeToRepeat: false,
		secrets: secretsOfUrl(wanted.url, wanted.queryUrl),
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
