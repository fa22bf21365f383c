/**
 * The set-up most end-to-end files share: an in-process emulator, one n8n of a line with the
 * credentials and the file's fixture workflows imported once.
 */
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator';
import { loadWorkflowFixture } from './fixtures';
import { createN8n, type N8nInstance } from './N8nInstance';
import type { LineId, N8nLine } from './lines';
import { SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from './smsapi';
import type { CredentialJson, WorkflowJson } from './types';

type Imported = Record<string, { id: string; name: string }>;

export interface SuiteOptions<F extends string> {
	line: LineId | N8nLine;
	label: string;
	fixtures: readonly F[];
	emulator?: EmulatorOptions;
	/** Credentials by key; default `{ smsapiApi: <token credential for the emulator> }`. */
	credentials?: (emulator: Emulator) => Record<string, CredentialJson>;
	/** How a fixture is read; default loadWorkflowFixture with the credentials by key. */
	loadFixture?: (name: F, credentials: Imported) => WorkflowJson;
}

export interface Suite<F extends string> {
	emulator: Emulator;
	n8n: N8nInstance;
	ids: Record<F, string>;
}

export async function startSuite<F extends string>(options: SuiteOptions<F>): Promise<Suite<F>> {
	const emulator = await startEmulator({ port: 0, token: 'test-token', quiet: true, ...options.emulator });
	try {
		const n8n = await createN8n({ line: options.line, label: options.label });
		const wanted = options.credentials?.(emulator) ?? {
			smsapiApi: { type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(emulator) },
		};
		const keys = Object.keys(wanted);
		const imported = await n8n.importCredentials(keys.map((key) => wanted[key]));
		const byKey: Imported = Object.fromEntries(keys.map((key, i) => [key, imported[i]]));
		const load = options.loadFixture ?? ((name: F, credentials: Imported) => loadWorkflowFixture(name, credentials));
		const workflowIds = await n8n.importWorkflows(options.fixtures.map((name) => load(name, byKey)));
		const ids = Object.fromEntries(options.fixtures.map((name, i) => [name, workflowIds[i]])) as Record<F, string>;
		return { emulator, n8n, ids };
	} catch (error) {
		await emulator.stop();
		throw error;
	}
}

/**
 * Stops n8n, then the emulator. The emulator's stop() throws a ConformanceError when n8n sent it a
 * request that SMSAPI's published API or its official clients would not send (test/emulator/
 * conformance), so a file's afterAll fails on any such request that no test took on purpose.
 */
export async function stopSuite(suite: Partial<Suite<string>>): Promise<void> {
	try {
		await suite.n8n?.stop();
	} finally {
		await suite.emulator?.stop();
	}
}
