/**
 * Runs this package's own code the way n8n runs it, for the live check:
 * - operations: the SMSAPI node's `execute()` in a one-node workflow on n8n-core's
 *   WorkflowExecute (test/workflow's in-process harness), so parameters, expressions,
 *   credentials and n8n's HTTP helper are n8n's own;
 * - the editor's dropdowns (templates, groups): the node's `methods.loadOptions` in n8n-core's
 *   LoadOptionsContext;
 * - the callback registry: the SMSAPI Trigger's `webhookMethods` (checkExists / create / delete)
 *   in n8n-core's HookContext, as n8n calls them on activation;
 * - what no operation does (deleting the contact the check created): the package's transport
 *   (`smsapiApiRequest`) in the same n8n-core context.
 * Every request goes through n8n's helper to the credential's addresses: the live check's gateway.
 */
import type { IDataObject, INode, INodeParameters, INodePropertyOptions, IWorkflowExecuteAdditionalData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { HookContext, LoadOptionsContext } from 'n8n-core';

import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';
import { SmsapiTrigger } from '../../nodes/Smsapi/SmsapiTrigger.node';
import { smsapiApiRequest } from '../../nodes/Smsapi/transport/smsapiApiRequest';
import { type SmsapiRequest, type SmsapiResponse } from '../../nodes/Smsapi/transport/types';
import { createAdditionalData } from '../../test/workflow/additional-data';
import { CredentialsHelper } from '../../test/workflow/credentials-helper';
import { WorkflowHarness } from '../../test/workflow/harness';
import { loadTypes, type NodeTypes } from '../../test/workflow/node-types';

const CREDENTIAL = { id: 'liveCheckCredential', name: 'SMSAPI (live check)' };
const PACKAGE = 'n8n-nodes-smsapi-plus';
const ACTION_TYPE = `${PACKAGE}.smsapi`;
const TRIGGER_TYPE = `${PACKAGE}.smsapiTrigger`;

/** What an operation gave: its output items, or the error n8n shows for the node. */
export type OperationResult =
	| { ok: true; items: IDataObject[] }
	| { ok: false; message: string; description?: string; httpCode?: string };

export interface NodeRunnerOptions {
	/** The `smsapiApi` credential's data (the gateway's addresses, the token or login). */
	credential: Record<string, unknown>;
	/** Where n8n would listen for webhooks: the base of the callback URL the trigger registers. */
	webhookBaseUrl: string;
}

function node(type: string, parameters: INodeParameters, extra: Partial<INode> = {}): INode {
	return {
		id: 'live-check-node',
		name: 'SMSAPI',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { smsapiApi: CREDENTIAL },
		...extra,
	};
}

function errorFields(error: unknown): Exclude<OperationResult, { ok: true }> {
	const e = (error ?? {}) as { message?: unknown; description?: unknown; httpCode?: unknown };
	return {
		ok: false,
		message: typeof e.message === 'string' ? e.message : String(error),
		description: typeof e.description === 'string' ? e.description : undefined,
		httpCode: e.httpCode === undefined || e.httpCode === null ? undefined : String(e.httpCode),
	};
}

export class NodeRunner {
	private readonly action = new Smsapi();

	private readonly trigger = new SmsapiTrigger();

	private constructor(
		private readonly credential: Record<string, unknown>,
		private readonly harness: WorkflowHarness,
		private readonly nodeTypes: NodeTypes,
		private readonly additionalData: IWorkflowExecuteAdditionalData,
	) {}

	static async start(options: NodeRunnerOptions): Promise<NodeRunner> {
		const harness = await WorkflowHarness.start();
		harness.addCredential({ ...CREDENTIAL, type: 'smsapiApi', data: options.credential });
		const { nodeTypes, credentialTypes } = loadTypes();
		const credentialsHelper = new CredentialsHelper(credentialTypes);
		credentialsHelper.add({ ...CREDENTIAL, type: 'smsapiApi', data: options.credential as never });
		const additionalData = createAdditionalData({ credentialsHelper });
		additionalData.webhookBaseUrl = options.webhookBaseUrl;
		return new NodeRunner(options.credential, harness, nodeTypes, additionalData);
	}

	/** The credential test, as the editor's "Test" button runs it. */
	async testCredential(): Promise<{ status: string; message: string }> {
		return await this.harness.testCredential({ type: 'smsapiApi', data: this.credential });
	}

	/** Runs one operation of the SMSAPI node (its `execute()`) on one empty input item. */
	async operation(parameters: INodeParameters): Promise<OperationResult> {
		const run = await this.harness.run(
			{ name: 'SMSAPI live check', nodes: [node(ACTION_TYPE, parameters)], connections: {} },
			{ mode: 'manual', input: [{ json: {} }] },
		);
		const result = run.runData.SMSAPI?.[0];
		if (!result) return errorFields(run.error ?? new Error('The node did not run'));
		if (result.error) return errorFields(result.error);
		return { ok: true, items: (result.data?.main?.[0] ?? []).map((item) => item.json) };
	}

	/** One of the node's `methods.loadOptions` (an editor dropdown). */
	async loadOptions(method: keyof Smsapi['methods']['loadOptions'], parameters: INodeParameters = {}): Promise<INodePropertyOptions[]> {
		const context = new LoadOptionsContext(this.workflowOf(node(ACTION_TYPE, parameters)), node(ACTION_TYPE, parameters), this.additionalData, 'options');
		const load = this.action.methods.loadOptions[method] as (this: LoadOptionsContext) => Promise<INodePropertyOptions[]>;
		return await load.call(context);
	}

	/** A request through the package's transport, in an n8n-core context of the SMSAPI node. */
	async request(request: SmsapiRequest): Promise<SmsapiResponse> {
		const actionNode = node(ACTION_TYPE, {});
		const context = new LoadOptionsContext(this.workflowOf(actionNode), actionNode, this.additionalData, 'options');
		return await smsapiApiRequest.call(context, request);
	}

	/**
	 * A trigger's activation step as n8n runs it: `checkExists`, `create` or `delete` of its
	 * `webhookMethods`, on a trigger with these parameters. The workflow's static data is kept
	 * between the steps (pass the same object).
	 */
	async triggerHook(step: 'checkExists' | 'create' | 'delete', parameters: INodeParameters, staticData: IDataObject): Promise<boolean> {
		const triggerNode = node(TRIGGER_TYPE, parameters, { name: 'SMSAPI Trigger', webhookId: 'a0b1c2d3-live-check' });
		const workflow = this.workflowOf(triggerNode, staticData);
		const context = new HookContext(workflow, workflow.getNode(triggerNode.name)!, this.additionalData, 'trigger', 'activate');
		const method = this.trigger.webhookMethods.default[step];
		return await method.call(context);
	}

	async shutdown(): Promise<void> {
		await this.harness.shutdown();
	}

	private workflowOf(workflowNode: INode, staticData: IDataObject = {}): Workflow {
		return new Workflow({
			id: 'LiveCheck0000001',
			name: 'SMSAPI live check',
			nodes: [workflowNode],
			connections: {},
			active: false,
			nodeTypes: this.nodeTypes,
			staticData,
		});
	}
}

export { errorFields as operationError };
