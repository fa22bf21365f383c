/**
 * The one way unit tests fake n8n around this package's code. The contexts are n8n-core's real
 * classes, the ones n8n builds around a node: `ExecuteContext` (the action node's `execute`, the
 * transport), `LoadOptionsContext` (dropdowns), `WebhookContext` and `HookContext` (the trigger's
 * `webhook()` and `webhookMethods`), around n8n-workflow's real `Workflow` holding the node.
 * Parameters therefore get the node's defaults and n8n's expression engine, credentials go
 * through n8n's checks and the in-process harness's credentials helper (test/workflow: the type's
 * defaults, expressions and its own `authenticate`), HTTP through n8n's own request helper.
 * Only what the n8n server hands those classes is made up here, once: the stored credential, the
 * execution's ids, the instance id, the logger (recorded in `logs`).
 * n8n's webhook server around `webhook()` (routing, answering) is modelled in n8n-webhook-server.ts.
 */
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { ExecuteContext, HookContext, InstanceSettings, LoadOptionsContext, WebhookContext } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteData,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRunExecutionData,
	IWebhookData,
	IWebhookDescription,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { createAdditionalData } from '../workflow/additional-data';
import { CredentialsHelper } from '../workflow/credentials-helper';
import { loadTypes } from '../workflow/node-types';

// ------------------------------------------------------------------------------ the account

export const TOKEN = 'tok_9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1098';
export const USERNAME = 'acme';
export const PASSWORD = 'secret-pass';
export const PASSWORD_MD5 = createHash('md5').update(PASSWORD).digest('hex');

/** The credential's custom addresses (nock hosts, or real servers a test starts). */
export const PRIMARY = 'http://primary.smsapi.test';
export const BACKUP = 'http://backup.smsapi.test';

/** A token login on the platform "Custom": the primary address and, unless overridden, the backup. */
export function tokenCredentials(overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return { authentication: 'token', token: TOKEN, platform: 'custom', baseUrl: PRIMARY, backupUrl: BACKUP, ...overrides };
}

/** The legacy login (username and password, sent as its md5) on the platform "Custom". */
export function legacyCredentials(overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return {
		authentication: 'legacy',
		username: USERNAME,
		password: PASSWORD,
		platform: 'custom',
		baseUrl: PRIMARY,
		backupUrl: BACKUP,
		...overrides,
	};
}

// ---------------------------------------------------------------------- the n8n process

export interface LogLine {
	level: 'debug' | 'info' | 'warn' | 'error';
	message: string;
	metadata?: unknown;
}

/** What the node logged through `this.logger` (n8n's Logger), in order; tests clear it. */
export const logs: LogLine[] = [];

const logger = {
	debug: (message: string, metadata?: unknown) => logs.push({ level: 'debug', message, metadata }),
	info: (message: string, metadata?: unknown) => logs.push({ level: 'info', message, metadata }),
	warn: (message: string, metadata?: unknown) => logs.push({ level: 'warn', message, metadata }),
	error: (message: string, metadata?: unknown) => logs.push({ level: 'error', message, metadata }),
	scoped() {
		return logger;
	},
};

/**
 * The instance settings n8n reads from its user folder; the node reads only the id. n8n-core's
 * binary data service (`getBinaryDataBuffer`) names its storage folder from `n8nFolder` when it is
 * built; nothing is written there, since these tests' binary data is inline (base64 in the item).
 */
const instanceSettings = { instanceId: 'test-instance', n8nFolder: path.join(os.tmpdir(), 'smsapi-n8n-context') };

// n8n-core's services start unmade in every file, as in a new n8n process, also where the quick
// run keeps n8n-core loaded from file to file (test/sharedModules.js).
Container.reset();
Container.set(Logger, logger as unknown as Logger);
Container.set(InstanceSettings, instanceSettings as unknown as InstanceSettings);

// ------------------------------------------------------------------- nodes and workflow

const types = loadTypes();

export const SMSAPI_NODE_TYPE = 'n8n-nodes-smsapi-plus.smsapi';
export const TRIGGER_NODE_TYPE = 'n8n-nodes-smsapi-plus.smsapiTrigger';
export const CREDENTIAL_REFERENCE = { id: '1', name: 'SMSAPI account' };

/** This package's node type as n8n registers it (from its sources). */
export const packageNodeType = (type: string) => types.nodeTypes.getByNameAndVersion(type, 1);

/** The SMSAPI node as saved in a workflow, with the credential set. */
export function smsapiNode(parameters: INodeParameters = {}, overrides: Partial<INode> = {}): INode {
	return {
		id: '6a1f4c3e-0000-4000-8000-00000000a001',
		name: 'SMSAPI',
		type: SMSAPI_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { smsapiApi: CREDENTIAL_REFERENCE },
		...overrides,
	};
}

export interface WorkflowOptions {
	node: INode;
	/** The node's type; default: this package's type of `node.type` (a test may bring a re-loaded class). */
	nodeType?: INodeType;
	staticData?: IDataObject;
	id?: string;
	active?: boolean;
	/** The workflow's time zone (settings.timezone); default UTC. */
	timezone?: string;
}

/** A one-node workflow as n8n loads it: the node's parameters completed with its defaults. */
export function createWorkflow(options: WorkflowOptions): Workflow {
	const nodeType = options.nodeType ?? packageNodeType(options.node.type);
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	return new Workflow({
		id: options.id ?? 'wf-1',
		nodes: [options.node],
		connections: {},
		active: options.active ?? false,
		nodeTypes,
		staticData: options.staticData ?? {},
		settings: { timezone: options.timezone ?? 'UTC' },
	});
}

// --------------------------------------------------------------- what n8n hands a context

export interface ServerOptions {
	/** The stored `smsapiApi` credential the node names (plain data). Default: tokenCredentials(). */
	credentials?: ICredentialDataDecryptedObject;
	/** Replaces the credential's authentication (e.g. to make n8n's helper fail before any request). */
	authenticate?: (credentials: ICredentialDataDecryptedObject, options: IHttpRequestOptions) => IHttpRequestOptions;
	executionId?: string;
	workflowId?: string;
	/** n8n's instance id (`getInstanceId`). */
	instanceId?: string;
	/** The request and response of a webhook call. */
	httpRequest?: object;
	httpResponse?: object;
}

/** The n8n instance's own address, as webhook URLs are built from it. */
export const N8N_BASE_URL = 'https://n8n.example.com';

/** What the n8n server gives n8n-core with every execution: the credential, ids, addresses. */
export function n8nAdditionalData(options: ServerOptions = {}): IWorkflowExecuteAdditionalData {
	const credentialsHelper = new CredentialsHelper(types.credentialTypes);
	credentialsHelper.add({ ...CREDENTIAL_REFERENCE, type: 'smsapiApi', data: options.credentials ?? tokenCredentials() });
	if (options.authenticate) {
		const replaced = options.authenticate;
		credentialsHelper.authenticate = async (credentials, _type, request) => replaced(credentials, request as IHttpRequestOptions);
	}
	instanceSettings.instanceId = options.instanceId ?? 'test-instance';
	return {
		...createAdditionalData({ credentialsHelper, executionId: options.executionId ?? 'exec-1', workflowId: options.workflowId }),
		webhookBaseUrl: `${N8N_BASE_URL}/webhook`,
		webhookTestBaseUrl: `${N8N_BASE_URL}/webhook-test`,
		webhookWaitingBaseUrl: `${N8N_BASE_URL}/webhook-waiting`,
		formWaitingBaseUrl: `${N8N_BASE_URL}/form-waiting`,
		instanceBaseUrl: `${N8N_BASE_URL}/`,
		restApiUrl: `${N8N_BASE_URL}/rest`,
		httpRequest: options.httpRequest,
		httpResponse: options.httpResponse,
	} as IWorkflowExecuteAdditionalData;
}

// ------------------------------------------------------------------------------ contexts

export interface ExecuteOptions extends ServerOptions {
	/** The node as saved (expressions unresolved); default: the SMSAPI node with no parameters. */
	node?: INode;
	nodeType?: INodeType;
	/** The items the node gets; default one empty item. */
	items?: INodeExecutionData[];
	/** The node's run index (`$runIndex`). */
	runIndex?: number;
	/**
	 * n8n's context data of this execution (`getContext('node')` lives in it); pass the same object
	 * to two contexts to act as n8n's Retry On Fail, which keeps it. Default: none, as where n8n
	 * runs a node without execution data (`getContext` throws then).
	 */
	contextData?: IDataObject;
	timezone?: string;
	mode?: WorkflowExecuteMode;
	/** The execution's abort signal (n8n aborts it when the execution is cancelled). */
	abortSignal?: AbortSignal;
}

/** n8n-core's `ExecuteContext` around the node, as n8n runs a node's `execute`. */
export function executeContext(options: ExecuteOptions = {}): ExecuteContext {
	const node = options.node ?? smsapiNode();
	const workflow = createWorkflow({ node, nodeType: options.nodeType, id: options.workflowId, timezone: options.timezone });
	const saved = workflow.getNode(node.name)!;
	const items = options.items ?? [{ json: {} }];
	const inputData = { main: [items] };
	const runExecutionData = {
		resultData: { runData: {} },
		...(options.contextData === undefined
			? {}
			: { executionData: { contextData: options.contextData, nodeExecutionStack: [], waitingExecution: {}, waitingExecutionSource: {} } }),
	} as unknown as IRunExecutionData;
	const executeData: IExecuteData = { node: saved, data: inputData, source: null };
	return new ExecuteContext(
		workflow,
		saved,
		n8nAdditionalData(options),
		options.mode ?? 'manual',
		runExecutionData,
		options.runIndex ?? 0,
		items,
		inputData,
		executeData,
		[],
		options.abortSignal ?? new AbortController().signal,
	);
}

/** n8n-core's `LoadOptionsContext`, as n8n fills a dropdown of the node in the editor. */
export function loadOptionsContext(options: ServerOptions & { node?: INode; path?: string } = {}): LoadOptionsContext {
	const node = options.node ?? smsapiNode();
	const workflow = createWorkflow({ node });
	return new LoadOptionsContext(workflow, workflow.getNode(node.name)!, n8nAdditionalData(options), options.path ?? 'parameters');
}

/** The webhook of a node as n8n registered it: method, path (`<webhook id>/<path>`), description. */
export interface RegisteredWebhook {
	method: string;
	path: string;
	description: IWebhookDescription;
}

function webhookData(workflow: Workflow, node: INode, webhook: RegisteredWebhook, data: IWorkflowExecuteAdditionalData): IWebhookData {
	return {
		httpMethod: webhook.method,
		node: node.name,
		path: webhook.path,
		webhookDescription: webhook.description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
	} as unknown as IWebhookData;
}

/** n8n-core's `WebhookContext`, as n8n runs a node's `webhook()` for a request. */
export function webhookContext(
	workflow: Workflow,
	node: INode,
	webhook: RegisteredWebhook,
	call: { request: object; response: object; mode?: WorkflowExecuteMode },
): WebhookContext {
	const data = n8nAdditionalData({ httpRequest: call.request, httpResponse: call.response });
	return new WebhookContext(workflow, node, data, call.mode ?? 'webhook', webhookData(workflow, node, webhook, data), [], null);
}

/** n8n-core's `HookContext`, as n8n runs `webhookMethods.default.*` on activation. */
export function hookContext(
	workflow: Workflow,
	node: INode,
	webhook: RegisteredWebhook,
	mode: WorkflowExecuteMode = 'trigger',
	activation: WorkflowActivateMode = 'activate',
): HookContext {
	const data = n8nAdditionalData();
	return new HookContext(workflow, node, data, mode, activation, webhookData(workflow, node, webhook, data));
}
