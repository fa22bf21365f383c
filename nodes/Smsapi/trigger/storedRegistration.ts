import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { isPlainObject } from '../callbacks/formDecoding';
import type { CallbackTarget } from './registryEntries';

/**
 * The registration the node keeps in its static data: the id the registry gave its URL, so that
 * the entry is found again even if the service rewrites the URL it keeps.
 */

/** Key of the registration record in the node's static data. */
export const REGISTRATION_KEY = 'callbackRegistration';

interface Registration {
	id: string;
	type: string;
	url: string;
}

export function storeRegistration(this: IHookFunctions, id: string, wanted: CallbackTarget): void {
	const registration: Registration = { id, type: wanted.type, url: wanted.url };
	this.getWorkflowStaticData('node')[REGISTRATION_KEY] = { ...registration };
}

export function readRegistration(staticData: IDataObject): Registration | undefined {
	const stored = staticData[REGISTRATION_KEY];
	if (!isPlainObject(stored) || typeof stored.id !== 'string' || typeof stored.url !== 'string')
		return undefined;
	return { id: stored.id, type: String(stored.type ?? ''), url: stored.url };
}

/** The id registered earlier for exactly this URL and type, if one is stored. */
export function storedIdFor(this: IHookFunctions, wanted: CallbackTarget): string | undefined {
	const stored = readRegistration(this.getWorkflowStaticData('node'));
	return stored?.url === wanted.url && stored.type === wanted.type ? stored.id : undefined;
}
