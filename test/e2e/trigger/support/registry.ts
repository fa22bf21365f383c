/** The emulator's callback registry and its log of callbacks sent, for the SMSAPI Trigger e2e suites. */
import type { Emulator } from '../../../emulator';
import { waitFor } from '../../harness';
import { control } from '../../sms/support';
import { serviceRequest } from './callbacks';

/** An entry of the emulator's callback registry (GET /callbacks, the service's REST interface). */
export interface RegisteredCallback {
	id: string;
	type: string;
	url: string;
}

/** An entry of the registry as the published API lists it (`CallbackResponse`). */
export interface CallbackEntry extends RegisteredCallback {
	receiver: { type: string; number: string | null } | null;
}

/** The emulator's callback registry with every field, read through its REST interface. */
export async function registryEntries(emulator: Emulator): Promise<CallbackEntry[]> {
	const { status, body } = await serviceRequest<{ collection: CallbackEntry[] }>(emulator, 'GET', 'callbacks');
	if (status !== 200) throw new Error(`GET /callbacks -> ${status} ${JSON.stringify(body)}`);
	return body.collection;
}

/** The emulator's callback registry (id, type, url), read through its REST interface as the node reads it. */
export async function registry(emulator: Emulator): Promise<RegisteredCallback[]> {
	return (await registryEntries(emulator)).map(({ id, type, url }) => ({ id, type, url }));
}

/** Registers a callback URL through the emulator's REST interface (as the portal would; inbound messages for all numbers). */
export async function registerCallback(emulator: Emulator, type: string, url: string): Promise<RegisteredCallback> {
	const json = type === 'sms_mo' ? { type, url, receiver_type: 'all' } : { type, url };
	const { status, body } = await serviceRequest<RegisteredCallback>(emulator, 'POST', 'callbacks', undefined, json);
	if (status !== 201) throw new Error(`POST /callbacks -> ${status} ${JSON.stringify(body)}`);
	return { id: body.id, type, url };
}

/** Waits until the registry satisfies `ready` (n8n serves a webhook before its URL is registered). */
export async function waitForRegistry(
	emulator: Emulator,
	what: string,
	ready: (entries: RegisteredCallback[]) => boolean,
	timeoutMs = 20_000,
): Promise<RegisteredCallback[]> {
	let last: RegisteredCallback[] = [];
	try {
		return await waitFor(what, timeoutMs, async () => {
			last = await registry(emulator);
			return ready(last) ? last : undefined;
		}, 200);
	} catch (error) {
		throw new Error(`${(error as Error).message}; registry: ${JSON.stringify(last)}`);
	}
}

/** A callback the emulator made (GET /__control/callbacks). */
export interface CallbackAttempt {
	type: string;
	url: string;
	method: string;
	query: Record<string, string>;
	body: string | null;
	attempt: number;
	responseStatus: number | null;
	responseBody: string | null;
	error: string | null;
	ok: boolean;
}

export const callbackAttempts = (emulator: Emulator, type?: string) =>
	control<CallbackAttempt[]>(emulator, 'GET', `callbacks${type ? `?type=${type}` : ''}`);

/** Waits until the emulator has made callbacks of `type` that `ready` accepts. */
export async function waitForCallbacks(
	emulator: Emulator,
	type: string,
	ready: (attempts: CallbackAttempt[]) => boolean,
	timeoutMs = 15_000,
): Promise<CallbackAttempt[]> {
	let last: CallbackAttempt[] = [];
	try {
		return await waitFor(`emulator ${type} callbacks`, timeoutMs, async () => {
			last = await callbackAttempts(emulator, type);
			return ready(last) ? last : undefined;
		}, 100);
	} catch (error) {
		throw new Error(`${(error as Error).message}; callbacks: ${JSON.stringify(last)}`);
	}
}
