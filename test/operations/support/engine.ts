/**
 * n8n's engine in-process (test/workflow: n8n-core's WorkflowExecute) against the SMSAPI emulator,
 * for the operation tests that also run their operation in a workflow, beside their nock tests:
 * workflows of SMSAPI nodes in chains (test/workflow/chains.ts) or the fixtures the real-n8n suite
 * shares (test/e2e/fixtures), the emulator reset before each test.
 */
import type { IDataObject } from 'n8n-workflow';

import { workflow, type Parameters } from '../../workflow/chains';
import type { WorkflowJson } from '../../workflow/harness';
import { nodeJson } from '../../workflow/run-result';
import type { WorkflowRun } from '../../workflow/run-result';
import { LEGACY_USERNAME, loadResourceFixture, resourceCredentials } from '../../workflow/resource-fixtures';
import { useEmulatorSuite, type Suite, type SuiteOptions } from '../../workflow/suite';
import { useLoopback } from './run-node';

/** Nodes one after the other: [node name, its parameters]. */
export type Chain = Array<[string, Parameters]>;

export interface ChainWorkflow {
	/** Chains that start at the workflow's manual trigger, each node run once. */
	chains: Chain[];
	/** Every node's On Error: Continue (regular output) when true, else the workflow stops. */
	continueOnFail: boolean;
	/** The credential of the nodes: the emulator's token (default) or the username/password login. */
	login?: 'token' | 'legacy';
}

/** The emulator and n8n's engine for the enclosing describe block (delivery reports held back); the rest of the file keeps nock. */
export function useEngine(options: SuiteOptions = {}): Suite {
	useLoopback();
	const suite = useEmulatorSuite({ emulator: { dlrDelayMs: 600_000 }, ...options });
	beforeEach(() => suite.emulator().reset());
	return suite;
}

/** useEngine() running the workflows named here: `suite.run(name)`. */
export const useChainWorkflows = (workflows: Record<string, ChainWorkflow>): Suite =>
	useEngine({
		credentials: resourceCredentials,
		loadFixture: (name, credentials) => {
			const wanted = workflows[name];
			if (!wanted) throw new Error(`no workflow ${name}`);
			return workflow(name, wanted.chains, credentials[wanted.login ?? 'token'], wanted.continueOnFail);
		},
	});

/** useEngine() running the `res-*` fixtures of test/e2e/fixtures, their credentials bound by name (resource-fixtures.ts). */
export const useResourceFixtures = (): Suite => useEngine({ credentials: resourceCredentials, loadFixture: loadResourceFixture });

/** The first output item's JSON of a node of the run. */
export const firstJson = (run: WorkflowRun, node: string): IDataObject => nodeJson(run, node)[0];

/** The username/password login as the emulator records it (the md5 password redacted). */
export const LOGIN = { username: LEGACY_USERNAME, password: '<redacted>' };

/** A workflow of one SMSAPI node named Send, run from its own input (`run(workflow, { startNode: 'Send', input })`). */
export const singleNodeWorkflow = (credential: { id: string; name: string }, parameters: Record<string, unknown>): WorkflowJson =>
	({
		name: 'single node',
		nodes: [
			{
				id: 'single-1',
				name: 'Send',
				type: 'n8n-nodes-smsapi-plus.smsapi',
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { smsapiApi: credential },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	}) as WorkflowJson;
