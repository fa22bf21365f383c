import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { resolveBaseUrls } from '../../../credentials/smsapiAccount';
import { displayUrl, redactSecrets } from './errors/redact';

/**
 * The primary and (optional) backup address of a credential, checked: a custom address that is
 * missing or not http(s) fails before anything is sent.
 */
export function credentialAddresses(
	node: INode,
	credentials: IDataObject,
	secrets: readonly string[],
	itemIndex?: number,
): { primary: string; backup?: string } {
	const addresses = resolveBaseUrls({
		platform: typeof credentials.platform === 'string' ? credentials.platform : undefined,
		baseUrl: typeof credentials.baseUrl === 'string' ? credentials.baseUrl : undefined,
		backupUrl: typeof credentials.backupUrl === 'string' ? credentials.backupUrl : undefined,
	});
	for (const [name, url] of [
		['base URL', addresses.primary],
		['backup URL', addresses.backup],
	] as const) {
		if (url === undefined && name === 'backup URL') continue;
		if (!url || !/^https?:\/\/[^/\s]+/i.test(url)) {
			throw new NodeOperationError(
				node,
				`The SMSAPI credential's ${name} is missing or not an http(s) address`,
				{
					description: `Got "${redactSecrets(displayUrl(url ?? ''), secrets)}". With the platform "Custom", fill in the address, e.g. https://api.smsapi.com.`,
					itemIndex,
				},
			);
		}
	}
	return addresses;
}
