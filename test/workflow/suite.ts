/**
 * The set-up the workflow test files share: an in-process SMSAPI emulator, a harness, and the
 * `smsapiApi` credentials pointing at the emulator, created once per test file (jest glue). The
 * fixtures are the real-n8n suite's (test/e2e/fixtures), their credentials bound to these.
 */
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator';
import { loadWorkflowFixture } from '../e2e/harness/fixtures';
import { SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../e2e/harness/smsapi';
import type { CredentialJson } from '../e2e/harness/types';
import { pinnedCodeOutput } from './code-node-output';
import type { RunOptions, WorkflowHarness, WorkflowJson } from './harness';
import { useWorkflowHarness } from './jest';
import type { WorkflowRun } from './run-result';
import { loadResourceFixture, resourceCredentials } from './resource-fixtures';

type Bound = Record<string, { id: string; name: string }>;

export interface SuiteOptions {
	emulator?: EmulatorOptions;
	/** Credentials by key; default `{ smsapiApi: <token credential for the emulator> }`. */
	credentials?: (emulator: Emulator) => Record<string, CredentialJson>;
	/** How a fixture is read; default loadWorkflowFixture with the credentials by key. */
	loadFixture?: (name: string, credentials: Bound) => WorkflowJson;
}

export interface Suite {
	emulator: () => Emulator;
	n8n: () => WorkflowHarness;
	/** A fixture of test/e2e/fixtures with its credentials bound to the suite's. */
	fixture: (name: string) => WorkflowJson;
	/** Runs a fixture, its Code nodes' output pinned (code-node-output.ts). */
	run: (name: string, options?: RunOptions) => Promise<WorkflowRun>;
	/** The suite's credentials by key ({ id, name } as nodes name them). */
	credential: (key: string) => { id: string; name: string };
}

export function useEmulatorSuite(options: SuiteOptions = {}): Suite {
	const n8n = useWorkflowHarness();
	let emulator: Emulator | undefined;
	let bound: Bound = {};

	beforeAll(async () => {
		emulator = await startEmulator({ port: 0, token: 'test-token', quiet: true, ...options.emulator });
		const wanted = options.credentials?.(emulator) ?? {
			smsapiApi: { type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI', data: smsapiTokenCredentialData(emulator) },
		};
		bound = Object.fromEntries(
			Object.entries(wanted).map(([key, credential]) => [
				key,
				n8n().addCredential({ id: credential.id, type: credential.type, name: credential.name, data: credential.data ?? {} }),
			]),
		);
	});
	afterAll(async () => {
		await emulator?.stop();
	});

	const load = options.loadFixture ?? ((name: string, credentials: Bound) => loadWorkflowFixture(name, credentials));
	return {
		emulator: () => {
			if (!emulator) throw new Error('The emulator is not started');
			return emulator;
		},
		n8n,
		fixture: (name) => load(name, bound),
		run: (name, runOptions = {}) =>
			n8n().run(load(name, bound), { ...runOptions, pinData: { ...pinnedCodeOutput(name), ...runOptions.pinData } }),
		credential: (key) => bound[key],
	};
}

/** The in-process suite of the resources tests on the `res-*` fixtures, the emulator reset before each test. */
export function useResourcesSuite(): Suite {
	// Delivery reports play no part here: keep them from firing while a test runs.
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: resourceCredentials,
		loadFixture: loadResourceFixture,
	});
	beforeEach(() => suite.emulator().reset());
	return suite;
}
