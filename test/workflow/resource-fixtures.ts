/**
 * What the resources workflow tests (account, hlr, contact, subuser, sender, price, emailGateway)
 * share: the `res-*` fixtures, whose credentials are bound by name, the credentials they use, and
 * the requests the emulator recorded.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { Emulator } from '../emulator';
import { FIXTURES_DIR } from '../e2e/harness/fixtures';
import { emulatorRequests, SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData, type EmulatorRequest } from '../e2e/harness/smsapi';
import type { CredentialJson, WorkflowJson } from '../e2e/harness/types';

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
		token: { type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI token', data: smsapiTokenCredentialData(emulator) },
		legacy: {
			type: SMSAPI_CREDENTIAL_TYPE,
			name: 'SMSAPI legacy login',
			data: smsapiTokenCredentialData(emulator, {
				authentication: 'legacy',
				token: '',
				username: LEGACY_USERNAME,
				password: LEGACY_PASSWORD,
			}),
		},
		smtp: {
			type: 'smtp',
			name: 'mail2sms gateway SMTP',
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
 * Loads `test/e2e/fixtures/<name>.workflow.json` (shared with the real-n8n suite). Every node credential names one of `credentials`
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

/** An id the service gives contacts, groups and sub-users: 24 hex digits. */
export const HEX_ID = /^[0-9a-f]{24}$/;
/** The content type of the form bodies the node sends. */
export const FORM = /^application\/x-www-form-urlencoded/;
