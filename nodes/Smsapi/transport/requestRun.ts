import type { IDataObject, INode } from 'n8n-workflow';

import type { SmsapiRequest } from './types';

/** Where one request stands while the transport works on it: shared by its attempts and errors. */
export interface RequestRun {
	readonly request: SmsapiRequest;
	readonly node: INode;
	readonly addresses: { primary: string; backup?: string };
	/** The credential as read once for the run: handed to n8n's request helper instead of a read per attempt. */
	readonly credentials: IDataObject;
	/** The credential's secrets and the request's (redact.ts), removed from every error text and log line. */
	readonly secrets: readonly string[];
	readonly legacy: boolean;
	/** Not safe to repeat, and guarded by idx + check_idx=1: the service refuses a copy with error 53. */
	readonly guardedByIdx: boolean;
	/** Request timeout in milliseconds. */
	readonly timeoutMs: number;
	/** The boundary of a multipart body, the same for every attempt (the same bytes on the backup). */
	readonly boundary?: string;
	address: 'primary' | 'backup';
	attempts: number;
	/** Some failed attempt may have reached the service and been accepted. */
	earlierMayHaveBeenAccepted: boolean;
}

/** Where the request went so far, for error descriptions and `context`. */
export function runSummary(run: RequestRun) {
	return {
		method: run.request.method,
		endpoint: run.request.endpoint,
		address: run.address,
		baseUrl: run.address === 'primary' ? run.addresses.primary : run.addresses.backup,
		attempts: run.attempts,
		itemIndex: run.request.itemIndex,
	};
}

/** A header by name, whatever its case. */
export function header(headers: IDataObject, name: string): unknown {
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() === wanted) return value;
	}
	return undefined;
}
