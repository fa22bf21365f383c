import type { IDataObject } from 'n8n-workflow';

import type { SmsapiContext } from './types';

/**
 * The credential as the transport reads it: its type, one read per node run and item, and the
 * request timeout it sets. Its addresses are checked in credentialAddresses.ts.
 */

export const CREDENTIAL_TYPE = 'smsapiApi';

/** The credential's Request Timeout (seconds) in ms; undefined when not set (saved before it existed). */
export function credentialTimeoutMs(credentials: IDataObject): number | undefined {
	const seconds = Number(credentials.timeout);
	return credentials.timeout !== undefined &&
		credentials.timeout !== '' &&
		Number.isFinite(seconds) &&
		seconds > 0
		? Math.round(seconds * 1000)
		: undefined;
}

/**
 * The credential per context (one node run) and item: a run of many requests (batching off,
 * lookups in chunks) reads and decrypts it once instead of once per request. A failed read is not kept.
 */
const credentialCache = new WeakMap<object, Map<string, Promise<IDataObject>>>();

export function credentialsOf(
	context: SmsapiContext,
	itemIndex: number | undefined,
): Promise<IDataObject> {
	let perItem = credentialCache.get(context);
	if (!perItem) {
		perItem = new Map();
		credentialCache.set(context, perItem);
	}
	const key = String(itemIndex ?? '');
	let read = perItem.get(key);
	if (!read) {
		read = context.getCredentials(CREDENTIAL_TYPE, itemIndex) as Promise<IDataObject>;
		perItem.set(key, read);
		read.catch(() => perItem.delete(key));
	}
	return read;
}

/**
 * Whether the account is reached over the published REST API: a token login is, the earlier
 * variant's username and password keep the `*.do` endpoints (docs/operations.md, "Which endpoints each login
 * uses"). A credential saved before Authentication existed is a token one (its default).
 */
function usesRestApi(credentials: IDataObject): boolean {
	return credentials.authentication !== 'legacy';
}

/** `usesRestApi` of the credential an operation runs with (read once per node run and item). */
export async function servedByRestApi(
	context: SmsapiContext,
	itemIndex?: number,
): Promise<boolean> {
	return usesRestApi(await credentialsOf(context, itemIndex));
}
