/**
 * Runs n8n workflow JSON in this process on n8n-core's WorkflowExecute, the engine n8n itself
 * runs workflows with: this package's real nodes (from their sources), n8n's own nodes from the
 * provisioned install, the real credential types with their authentication applied by a
 * credentials helper that behaves as n8n's, and real HTTP to wherever the credentials point
 * (the emulator on 127.0.0.1 in tests, the real service in a live check). It returns n8n's run
 * data. No jest in here: test/workflow/jest.ts ties it to a test file.
 *
 *     const n8n = await WorkflowHarness.start();
 *     const credential = n8n.addCredential({ type: 'smsapiApi', data: { ... } });
 *     const run = await n8n.run(workflowJson, { mode: 'manual' });
 *     nodeItems(run, 'SMSAPI');
 *     await n8n.shutdown();
 *
 * See README.md for what is real, what is not, and when to use real n8n instead.
 */
import { randomInt } from 'crypto';

import type {
	ICredentialDataDecryptedObject,
	IConnections,
	IDataObject,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	IPinData,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowSettings,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, getGlobalState, setGlobalState, Workflow } from 'n8n-workflow';
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';

import { createAdditionalData } from './additional-data';
import { testCredential, type CredentialTestInput } from './credential-test';
import { CredentialsHelper } from './credentials-helper';
import { acquireN8nRuntime, releaseN8nRuntime } from './n8n-runtime';
import { loadTypes, type CredentialTypes, type NodeTypes } from './node-types';
import type { WorkflowRun } from './run-result';

/** A workflow as n8n exports it (test/e2e/fixtures/*.workflow.json, examples/*.json). */
export interface WorkflowJson {
	id?: string;
	name?: string;
	nodes: object[];
	connections?: object;
	settings?: object;
	staticData?: object | null;
	pinData?: object;
	[key: string]: unknown;
}

/** Items as n8n passes them (`{ json }`) or as plain JSON objects. */
export type Items = Array<INodeExecutionData | IDataObject>;

export interface HarnessOptions {
	/**
	 * The instance's time zone (n8n's GENERIC_TIMEZONE) for workflows whose settings name none.
	 * Process-wide while the harness runs; n8n's default is America/New_York.
	 */
	defaultTimezone?: string;
	/** `$vars` of the instance. */
	variables?: Record<string, string>;
	/** Folder of n8n-nodes-base; default: the n8n 2.x install `npm test` provisions. */
	baseNodesDir?: string;
	/** More node types by full type name (`test.counter`), e.g. a test's own node. */
	extraNodeTypes?: Record<string, INodeType | IVersionedNodeType>;
}

export interface RunOptions {
	/** n8n's execution mode: 'manual' (default, the editor's "Test workflow"), 'trigger', 'webhook', ... */
	mode?: WorkflowExecuteMode;
	/**
	 * The items the first node starts with: what a trigger emitted or a webhook received. A
	 * trigger or webhook node passes them on as its output (outside manual mode for triggers).
	 */
	input?: Items;
	/** Output of nodes that do not run (the editor's pinned data); a Code node needs it. */
	pinData?: Record<string, Items>;
	/** The node the execution starts at; default: n8n's choice (the trigger), else the webhook node. */
	startNode?: string;
	/** Default: the JSON's `id`, else one id per workflow object. */
	workflowId?: string;
	/** Default: "1", "2", ... per harness, as a fresh n8n numbers its executions. */
	executionId?: string;
	/** The workflow's static data at the start; default: what the last non-manual run left. */
	staticData?: IDataObject;
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A workflow id in n8n's shape: 16 letters and digits. */
const newWorkflowId = () => Array.from({ length: 16 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');

const toItems = (items: Items): INodeExecutionData[] =>
	items.map((item) => ('json' in item && typeof item.json === 'object' ? (item as INodeExecutionData) : { json: item as IDataObject }));

/** A deep copy without n8n's change marker. */
function plainStaticData(data: IDataObject | undefined): IDataObject {
	const copy = JSON.parse(JSON.stringify(data ?? {})) as IDataObject;
	delete copy.__dataChanged;
	return copy;
}

export class WorkflowHarness {
	private readonly credentialsHelper: CredentialsHelper;

	private readonly staticDataById = new Map<string, IDataObject>();

	private readonly idOfWorkflow = new WeakMap<object, string>();

	private executions = 0;

	private credentials = 0;

	private stopped = false;

	private constructor(
		private readonly nodeTypes: NodeTypes,
		private readonly credentialTypes: CredentialTypes,
		private readonly options: HarnessOptions,
		private readonly previousTimezone: string,
	) {
		this.credentialsHelper = new CredentialsHelper(credentialTypes);
	}

	static async start(options: HarnessOptions = {}): Promise<WorkflowHarness> {
		acquireN8nRuntime();
		const previousTimezone = getGlobalState().defaultTimezone;
		try {
			const { nodeTypes, credentialTypes } = loadTypes(options.baseNodesDir, options.extraNodeTypes);
			if (options.defaultTimezone) setGlobalState({ ...getGlobalState(), defaultTimezone: options.defaultTimezone });
			return new WorkflowHarness(nodeTypes, credentialTypes, options, previousTimezone);
		} catch (error) {
			releaseN8nRuntime();
			throw error;
		}
	}

	/** Stores a credential (as n8n's database would); a node names it by this id. */
	addCredential(credential: { type: string; data: Record<string, unknown>; name?: string; id?: string }) {
		this.assertRunning();
		this.credentials += 1;
		const id = credential.id ?? `credential${this.credentials}`;
		const name = credential.name ?? `${credential.type} ${this.credentials}`;
		this.credentialsHelper.add({ id, name, type: credential.type, data: credential.data as ICredentialDataDecryptedObject });
		return { id, name };
	}

	/** Runs a workflow to its end and returns n8n's run data. */
	async run(workflowJson: WorkflowJson, options: RunOptions = {}): Promise<WorkflowRun> {
		this.assertRunning();
		const mode = options.mode ?? 'manual';
		const workflowId = options.workflowId ?? this.workflowIdOf(workflowJson);
		const executionId = options.executionId ?? String(++this.executions);
		const workflowData = JSON.parse(JSON.stringify(workflowJson)) as WorkflowJson;
		const nodes = workflowData.nodes as INode[];
		const staticData = options.staticData ?? this.staticDataById.get(workflowId) ?? (workflowData.staticData as IDataObject);

		const workflow = new Workflow({
			id: workflowId,
			name: workflowData.name,
			nodes,
			connections: (workflowData.connections ?? {}) as IConnections,
			active: false,
			nodeTypes: this.nodeTypes,
			staticData: plainStaticData(staticData),
			settings: (workflowData.settings ?? {}) as IWorkflowSettings,
		});
		const startNode = this.startNodeOf(workflow, options.startNode);

		const executedNodes: string[] = [];
		let savedStaticData: IDataObject | undefined;
		const hooks = new ExecutionLifecycleHooks(mode, executionId, { ...workflowData, id: workflowId, nodes } as unknown as IWorkflowBase);
		hooks.addHandler('nodeExecuteAfter', (nodeName) => {
			executedNodes.push(nodeName);
		});
		hooks.addHandler('workflowExecuteAfter', (_run, newStaticData) => {
			// n8n stores changed static data after every execution but a manual one.
			if (mode !== 'manual' && newStaticData) savedStaticData = plainStaticData(newStaticData);
		});

		const pinData: IPinData = {};
		for (const [name, items] of Object.entries(options.pinData ?? {})) {
			if (!workflow.getNode(name)) throw new Error(`pinData names a node the workflow does not have: '${name}'`);
			pinData[name] = toItems(items);
		}
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [{ node: startNode, data: { main: [toItems(options.input ?? [{ json: {} }])] }, source: null }],
			},
			resultData: { pinData },
		});
		const additionalData = createAdditionalData({
			credentialsHelper: this.credentialsHelper,
			executionId,
			workflowId,
			hooks,
			variables: this.options.variables,
		});

		const raw = await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
		if (savedStaticData) this.staticDataById.set(workflowId, savedStaticData);
		const { resultData } = raw.data;
		return {
			executionId,
			workflowId,
			mode,
			status: raw.status,
			error: resultData.error,
			lastNodeExecuted: resultData.lastNodeExecuted,
			runData: resultData.runData,
			executedNodes,
			staticData: plainStaticData(workflow.staticData),
			raw,
		};
	}

	/** A credential test as the editor's "Test" button runs it: `{ status: 'OK' | 'Error', message }`. */
	async testCredential(credential: CredentialTestInput): Promise<INodeCredentialTestResult> {
		this.assertRunning();
		const additionalData = createAdditionalData({ credentialsHelper: this.credentialsHelper, variables: this.options.variables });
		return await testCredential(credential, this.credentialTypes, this.credentialsHelper, additionalData);
	}

	/** The static data n8n would have stored for this workflow id (after non-manual runs). */
	staticData(workflowId: string): IDataObject | undefined {
		const stored = this.staticDataById.get(workflowId);
		return stored === undefined ? undefined : plainStaticData(stored);
	}

	/** Stops what n8n-core started (timers) and restores the time zone; safe to call twice. */
	async shutdown(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		if (this.options.defaultTimezone) setGlobalState({ ...getGlobalState(), defaultTimezone: this.previousTimezone });
		releaseN8nRuntime();
	}

	/**
	 * The named node, else n8n's choice (a trigger), else the first webhook node: n8n starts a
	 * webhook's execution at the node that received the call.
	 */
	private startNodeOf(workflow: Workflow, name?: string): INode {
		const node = name
			? workflow.getNode(name)
			: (workflow.getStartNode() ??
				Object.values(workflow.nodes).find(
					(candidate) => !candidate.disabled && this.nodeTypes.getByNameAndVersion(candidate.type, candidate.typeVersion).webhook,
				));
		if (!node) throw new Error(name ? `No node '${name}' to start from` : 'No node to start from: give `startNode`');
		return node;
	}

	private workflowIdOf(workflowJson: WorkflowJson): string {
		if (workflowJson.id) return workflowJson.id;
		let id = this.idOfWorkflow.get(workflowJson);
		if (!id) {
			id = newWorkflowId();
			this.idOfWorkflow.set(workflowJson, id);
		}
		return id;
	}

	private assertRunning() {
		if (this.stopped) throw new Error('This workflow harness was shut down');
	}
}
