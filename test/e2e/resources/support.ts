/**
 * Helpers of the resources e2e suite (account, hlr, contact, subuser, sender, price, emailGateway):
 * fixtures whose credentials are bound by name, the credentials it uses, the requests the emulator
 * recorded and the items of a node in n8n's run data.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { Emulator } from '../../emulator';
import {
	emulatorRequests,
	FIXTURES_DIR,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiTokenCredentialData,
	type CredentialJson,
	type EmulatorRequest,
	type ExecuteResult,
	type NodeExecutionItem,
	type RunError,
	type WorkflowJson,
} from '../harness';

/** The legacy login of the emulator's seeds (the service takes the md5 of the password). */
export const LEGACY_USERNAME = 'demo';
export const LEGACY_PASSWORD = 'demo-password';

/**
 * The credentials the fixtures name (`credentials.<type>.name` in a fixture is one of these keys):
 * `token` and `legacy` SMSAPI logins on the emulator, `smtp` for n8n's Send Email to the
 * emulator's mail2sms gateway (it offers no AUTH, so nodemailer skips the login: any user works).
 */
export function resourceCredentials(emulator: Emulator): Record<'token' | 'legacy' | 'smtp', CredentialJson> {
	return {
		token: { type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI token (e2e)', data: smsapiTokenCredentialData(emulator) },
		legacy: {
			type: SMSAPI_CREDENTIAL_TYPE,
			name: 'SMSAPI legacy login (e2e)',
			data: smsapiTokenCredentialData(emulator, {
				authentication: 'legacy',
				token: '',
				username: LEGACY_USERNAME,
				password: LEGACY_PASSWORD,
			}),
		},
		smtp: {
			type: 'smtp',
			name: 'mail2sms gateway SMTP (e2e)',
			data: {
				user: 'n8n',
				password: 'any-password',
				host: '127.0.0.1',
				port: emulator.smtpPort,
				secure: false,
				disableStartTls: true,
			},
		},
	};
}

/**
 * Loads `test/e2e/fixtures/<name>.workflow.json`. Every node credential names one of `credentials`
 * by its placeholder name (`{"smsapiApi": {"id": "set-by-test", "name": "legacy"}}`), so one
 * workflow can use several credentials of the same type.
 */
export function loadResourceFixture(name: string, credentials: Record<string, { id: string; name: string }>): WorkflowJson {
	const file = path.join(FIXTURES_DIR, `${name}.workflow.json`);
	const workflow = JSON.parse(fs.readFileSync(file, 'utf8')) as WorkflowJson;
	for (const node of workflow.nodes) {
		for (const [type, reference] of Object.entries(node.credentials ?? {})) {
			const credential = credentials[reference.name];
			if (!credential) throw new Error(`fixture ${name}: node '${node.name}' names an unknown ${type} credential '${reference.name}'`);
			node.credentials![type] = { id: credential.id, name: credential.name };
		}
	}
	return workflow;
}

/** A recorded request with its (form) body as name/value pairs. */
export interface RecordedRequest extends EmulatorRequest {
	body: Record<string, string>;
	authMethod: string;
	responseBody: string;
}

/** Every request the emulator received (control API excluded), in order; optionally of one path. */
export async function recorded(emulator: Emulator, requestPath?: string): Promise<RecordedRequest[]> {
	return (await emulatorRequests(emulator, requestPath ? { path: requestPath } : {})) as RecordedRequest[];
}

/** `METHOD path` of each request, for a compact overview. */
export const summary = (requests: EmulatorRequest[]) => requests.map((request) => `${request.method} ${request.path}`);

/** The JSON answer the emulator gave to a recorded request. */
export const answerOf = (request: RecordedRequest): unknown => JSON.parse(request.responseBody);

/** Items (json + pairedItem) of a node's first run; throws with the node's error when it failed. */
export function itemsOf(run: ExecuteResult, nodeName: string): NodeExecutionItem[] {
	const nodeRun = run.runData[nodeName]?.[0];
	if (!nodeRun) {
		throw new Error(`node '${nodeName}' did not run (ran: ${Object.keys(run.runData).join(', ')}); run error: ${JSON.stringify(run.error)}`);
	}
	if (nodeRun.error) throw new Error(`node '${nodeName}' failed: ${nodeRun.error.message} ${nodeRun.error.description ?? ''}`);
	return nodeRun.data?.main?.[0] ?? [];
}

/** The JSON of a node's output items. */
export const jsonOf = (run: ExecuteResult, nodeName: string) => itemsOf(run, nodeName).map((item) => item.json);

/** The error a node failed with; throws when it did not fail. */
export function errorOf(run: ExecuteResult, nodeName: string): RunError {
	const error = run.runData[nodeName]?.[0]?.error;
	if (!error) throw new Error(`node '${nodeName}' did not fail; run error: ${JSON.stringify(run.error)}`);
	return error;
}

/** The input item an output item answers (n8n writes `{ item }`, an array of them or a number). */
export function pairedIndex(item: NodeExecutionItem): number | undefined {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	if (typeof paired === 'number') return paired;
	return (paired as { item?: number } | undefined)?.item;
}
