import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { smsapiApiRequest } from '../transport';
import { EVENT_INFO } from './events';
import { isPlainObject, type CallbackEvent } from './parse';

/**
 * Registering the node's URL in the service's callback registry (`/callbacks`, SERVICE-FACTS:
 * not in the spec): `GET callbacks` lists `{id, type, url}`, `POST callbacks` with `type` and
 * `url` adds one, `DELETE callbacks/<id>` removes it. Accounts or platforms without the registry
 * answer 404/405/501: then the user pastes the URL by hand and these methods do nothing.
 * Every other error (a 401 for a wrong token, a 5xx) surfaces and fails the activation.
 */

/** Key of the registration record in the node's static data. */
export const REGISTRATION_KEY = 'callbackRegistration';

export interface Registration {
	id: string;
	type: string;
	url: string;
}

interface RegisteredCallback {
	id: string;
	type?: string;
	url?: string;
}

/** The URL the service must call: the webhook URL with the secret as query parameter `secret`. */
export function callbackUrl(webhookUrl: string, secret: string): string {
	if (secret === '') return webhookUrl;
	return `${webhookUrl}${webhookUrl.includes('?') ? '&' : '?'}secret=${encodeURIComponent(secret)}`;
}

/** Whether an error from the transport means "this account or platform has no callback registry". */
export function isRegistryUnavailable(error: unknown): boolean {
	if (typeof error !== 'object' || error === null) return false;
	const { httpCode, message, description } = error as { httpCode?: unknown; message?: unknown; description?: unknown };
	const code = String(httpCode ?? '');
	if (code === '404' || code === '405' || code === '501') return true;
	if (code !== '400' && code !== '403') return false;
	const text = `${typeof message === 'string' ? message : ''} ${typeof description === 'string' ? description : ''}`;
	return /not[ _-]?(supported|available|enabled|implemented)|unsupported/i.test(text);
}

/** The entries of a `GET callbacks` answer: a bare array or a REST list wrapper. */
export function readCallbackList(data: unknown): RegisteredCallback[] {
	let list: unknown = data;
	if (isPlainObject(data)) list = data.collection ?? data.list ?? data.data ?? data.callbacks ?? [];
	if (!Array.isArray(list)) return [];
	return list.filter(isPlainObject).flatMap((entry) => {
		const id = entry.id;
		if (typeof id !== 'string' && typeof id !== 'number') return [];
		return [
			{
				id: String(id),
				type: typeof entry.type === 'string' ? entry.type : undefined,
				url: typeof entry.url === 'string' ? entry.url : undefined,
			},
		];
	});
}

const REGISTRATION_HINT =
	'The node registers its URL at SMSAPI because "Register URL at SMSAPI" is on. To paste the URL into the SMSAPI portal yourself instead, turn that option off.';
const REMOVAL_HINT = 'The callback URL may still be registered at SMSAPI: remove it in the SMSAPI portal if it is.';

/**
 * The error with what the user can do about it. The transport's errors (NodeApiError with the
 * service's code and HTTP status) keep their type and fields; anything else becomes a
 * NodeOperationError of this node.
 */
function withHint(this: IHookFunctions, error: unknown, hint: string): Error {
	if (error instanceof Error && 'description' in error) {
		const described = error as Error & { description?: unknown };
		const before = typeof described.description === 'string' && described.description !== '' ? `${described.description}\n` : '';
		described.description = `${before}${hint}`;
		return described;
	}
	return new NodeOperationError(this.getNode(), error instanceof Error ? error : String(error), { description: hint });
}

function readCreatedId(data: unknown): string | undefined {
	const candidates = isPlainObject(data) ? [data, data.data, ...(Array.isArray(data.collection) ? data.collection : [])] : [];
	for (const candidate of candidates) {
		if (isPlainObject(candidate) && (typeof candidate.id === 'string' || typeof candidate.id === 'number')) {
			return String(candidate.id);
		}
	}
	return undefined;
}

function readRegistration(staticData: IDataObject): Registration | undefined {
	const stored = staticData[REGISTRATION_KEY];
	if (!isPlainObject(stored) || typeof stored.id !== 'string' || typeof stored.url !== 'string') return undefined;
	return { id: stored.id, type: String(stored.type ?? ''), url: stored.url };
}

interface Target {
	enabled: boolean;
	type: string;
	url: string;
}

function target(this: IHookFunctions): Target {
	const event = this.getNodeParameter('event', 'dlr') as CallbackEvent;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const secretValue = this.getNodeParameter('secret', '') as unknown;
	const secret = typeof secretValue === 'string' ? secretValue.trim() : '';
	const webhookUrl = this.getNodeWebhookUrl('default') ?? '';
	return {
		enabled: options.registerCallback !== false && webhookUrl !== '',
		type: EVENT_INFO[event]?.registryType ?? EVENT_INFO.dlr.registryType,
		url: callbackUrl(webhookUrl, secret),
	};
}

/** Whether a registry entry is this node's URL for its event (an entry without a type counts). */
function carriesTarget(entry: RegisteredCallback, wanted: Target): boolean {
	return entry.url === wanted.url && (entry.type === undefined || entry.type === wanted.type);
}

async function listCallbacks(this: IHookFunctions): Promise<RegisteredCallback[]> {
	const { data } = await smsapiApiRequest.call(this, { method: 'GET', endpoint: 'callbacks', kind: 'read' });
	return readCallbackList(data);
}

function store(this: IHookFunctions, registration: Registration): void {
	this.getWorkflowStaticData('node')[REGISTRATION_KEY] = { ...registration };
}

/** `webhookMethods.default.checkExists`: true when the URL is registered or cannot be. */
export async function callbackExists(this: IHookFunctions): Promise<boolean> {
	const wanted = target.call(this);
	if (!wanted.enabled) return true;
	let registered: RegisteredCallback[];
	try {
		registered = await listCallbacks.call(this);
	} catch (error) {
		if (isRegistryUnavailable(error)) {
			this.logger.debug('SMSAPI Trigger: the account has no callback registry; paste the URL into the portal');
			return true;
		}
		throw withHint.call(this, error, REGISTRATION_HINT);
	}
	// The id stored at registration also counts, in case the service rewrites the URL it keeps.
	const stored = readRegistration(this.getWorkflowStaticData('node'));
	const storedId = stored?.url === wanted.url && stored.type === wanted.type ? stored.id : undefined;
	const found = registered.find((entry) => entry.id === storedId || carriesTarget(entry, wanted));
	if (!found) return false;
	store.call(this, { id: found.id, type: wanted.type, url: wanted.url });
	return true;
}

/** `webhookMethods.default.create`: registers the URL (with its secret) for the event. */
export async function registerCallback(this: IHookFunctions): Promise<boolean> {
	const wanted = target.call(this);
	if (!wanted.enabled) return true;
	let data: unknown;
	try {
		({ data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'callbacks',
			body: { type: wanted.type, url: wanted.url },
			kind: 'read',
		}));
	} catch (error) {
		if (isRegistryUnavailable(error)) {
			this.logger.debug('SMSAPI Trigger: the account has no callback registry; paste the URL into the portal');
			return true;
		}
		throw withHint.call(this, error, REGISTRATION_HINT);
	}
	const id = readCreatedId(data);
	if (id === undefined) {
		this.logger.warn('SMSAPI Trigger: SMSAPI registered the callback URL but returned no id; it is not removed on deactivation');
		return true;
	}
	store.call(this, { id, type: wanted.type, url: wanted.url });
	return true;
}

/**
 * `webhookMethods.default.delete`: removes what `create` registered and every other entry carrying
 * the node's URL for its event. The stored id alone is not enough: it goes stale when the URL was
 * removed and added again in the portal, and n8n 2.x runs no `checkExists` on a restart to
 * refresh it, so deleting only that id would leave the live URL registered.
 */
export async function unregisterCallback(this: IHookFunctions): Promise<boolean> {
	const staticData = this.getWorkflowStaticData('node');
	const stored = readRegistration(staticData);
	const ids = new Set<string>(stored ? [stored.id] : []);
	const wanted = target.call(this);
	if (wanted.enabled) {
		try {
			for (const entry of await listCallbacks.call(this)) if (carriesTarget(entry, wanted)) ids.add(entry.id);
		} catch (error) {
			if (!isRegistryUnavailable(error)) throw withHint.call(this, error, REMOVAL_HINT);
		}
	}
	for (const id of ids) {
		try {
			await smsapiApiRequest.call(this, { method: 'DELETE', endpoint: `callbacks/${encodeURIComponent(id)}`, kind: 'read' });
		} catch (error) {
			// 404: already gone (removed in the portal), or no registry at all.
			if (!isRegistryUnavailable(error)) throw withHint.call(this, error, REMOVAL_HINT);
		}
	}
	delete staticData[REGISTRATION_KEY];
	return true;
}
