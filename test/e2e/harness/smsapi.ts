/** Helpers tying the harness to this package's credential and the SMSAPI emulator (test/emulator). */
import type { DynamicParametersRequest } from './n8n-rest';

/** Credential type and node type names as n8n knows them. */
export const SMSAPI_CREDENTIAL_TYPE = 'smsapiApi';
export const SMSAPI_NODE_TYPE = 'n8n-nodes-smsapi-plus.smsapi';

interface EmulatorUrls {
	primaryUrl: string;
	backupUrl: string;
	controlUrl?: string;
}

/** `smsapiApi` credential data (token login, custom platform) pointing at an emulator. */
export function smsapiTokenCredentialData(
	emulator: EmulatorUrls,
	overrides: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		authentication: 'token',
		token: 'test-token',
		platform: 'custom',
		baseUrl: emulator.primaryUrl,
		backupUrl: emulator.backupUrl,
		...overrides,
	};
}

/**
 * A dropdown request for the SMSAPI node as the editor sends it (`methodName` of the parameter at
 * `path`, e.g. `parameters.options.from`), with the given credential.
 */
export function smsapiDropdown(
	credential: { id: string; name: string },
	methodName: string,
	path: string,
	currentNodeParameters: Record<string, unknown>,
): DynamicParametersRequest {
	return {
		nodeType: SMSAPI_NODE_TYPE,
		methodName,
		path,
		currentNodeParameters,
		credentials: { smsapiApi: { id: credential.id, name: credential.name } },
	};
}

/** A request the emulator recorded (GET <controlUrl>/requests). */
export interface EmulatorRequest {
	seq: number;
	address: 'primary' | 'backup';
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	headers: Record<string, string>;
	responseStatus: number | string;
	[key: string]: unknown;
}

/** Requests recorded by the emulator, read through its control API (bounded: 10 s). */
export async function emulatorRequests(
	emulator: { controlUrl: string },
	filter: { path?: string; address?: 'primary' | 'backup'; since?: number } = {},
): Promise<EmulatorRequest[]> {
	const qs = new URLSearchParams();
	for (const [k, v] of Object.entries(filter)) if (v !== undefined) qs.set(k, String(v));
	const res = await fetch(`${emulator.controlUrl}/requests?${qs.toString()}`, { signal: AbortSignal.timeout(10_000) });
	if (!res.ok) throw new Error(`GET ${emulator.controlUrl}/requests -> ${res.status} ${await res.text()}`);
	return (await res.json()) as EmulatorRequest[];
}

/** Header value of a recorded request, whatever the case of its name. */
export function headerOf(req: { headers: Record<string, string> }, name: string): string | undefined {
	const key = Object.keys(req.headers ?? {}).find((k) => k.toLowerCase() === name.toLowerCase());
	return key === undefined ? undefined : req.headers[key];
}
