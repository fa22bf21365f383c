/**
 * The SMSAPI Trigger as n8n's webhook server drives it, on the shared n8n contexts
 * (test/support/n8n-context.ts: n8n-core's real `WebhookContext` and `HookContext`), with a fake
 * HTTP request and response. Parameters therefore go through n8n's defaults and expression engine
 * (the default secret `={{ $nodeId }}` included) and static data through n8n's change tracking.
 * What the n8n server does around them (routing, body parsing, saving static data, sending the
 * answer) is reproduced in a few lines below, after n8n's `webhook-helpers.ts`,
 * `webhook-request-handler.ts` and `live-webhooks.ts`; real-n8n end-to-end tests cover it for real.
 */

import type { HookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeType,
	IWebhookDescription,
	IWebhookResponseData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
	Workflow,
} from 'n8n-workflow';

import {
	CREDENTIAL_REFERENCE,
	createWorkflow as createOneNodeWorkflow,
	hookContext as n8nHookContext,
	TRIGGER_NODE_TYPE,
	webhookContext,
	type RegisteredWebhook,
} from '../../support/n8n-context';

export { logs, N8N_BASE_URL as BASE_URL } from '../../support/n8n-context';
export type { RegisteredWebhook } from '../../support/n8n-context';

export const NODE_ID = '7c0e2a4e-5a3b-4f4e-9a59-2a8f0d6c9b11';
export const WEBHOOK_ID = '3f1d8a52-0b7e-4c1a-8f43-5d2b9e6a7c10';
export const NODE_NAME = 'SMSAPI Trigger';

/** The transport's index (nodes/Smsapi/transport/index.ts); resolving it throws if it is not there. */
const transportPath = require.resolve('../../../nodes/Smsapi/transport');

type TriggerModule = typeof import('../../../nodes/Smsapi/SmsapiTrigger.node');

/** The node class with the project transport's request replaced by `request` (the lifecycle's only way to the service). */
export function loadTrigger(request: jest.Mock = jest.fn()): TriggerModule['SmsapiTrigger'] {
	jest.resetModules();
	// The rest of the transport stays real (paths are built with its apiPath, errors are its own).
	jest.doMock(transportPath, () => ({ ...(jest.requireActual(transportPath) as object), smsapiApiRequest: request }));
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return (require('../../../nodes/Smsapi/SmsapiTrigger.node') as TriggerModule).SmsapiTrigger;
}

/**
 * Forgets the reports the trigger (as loaded by loadTrigger) remembers in this process, as after
 * a restart or for another n8n process: then only the stored static data can recognise a repeat.
 */
export function forgetProcessMemory(): void {
	// The module registry loadTrigger() filled: the same dedupe module the trigger uses.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	(require('../../../nodes/Smsapi/trigger/reportMemory') as { forgetProcessMemory: () => void }).forgetProcessMemory();
}

/** An active workflow of the trigger node (saved with its webhook id and credential). */
export function createWorkflow(
	nodeType: INodeType,
	parameters: IDataObject,
	staticData: IDataObject = {},
	id = 'wf-1',
	typeVersion = 1,
): Workflow {
	const node: INode = {
		id: NODE_ID,
		name: NODE_NAME,
		type: TRIGGER_NODE_TYPE,
		typeVersion,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		webhookId: WEBHOOK_ID,
		credentials: { smsapiApi: CREDENTIAL_REFERENCE },
	};
	return createOneNodeWorkflow({ node, nodeType, staticData, id, active: true });
}

/**
 * The workflow the next request gets. n8n loads the workflow, static data included, from its
 * database for every production webhook request, and saves the static data when the webhook's
 * answer is sent, if it is marked as changed (live-webhooks.ts). n8n 2.41 builds the execution's
 * own `Workflow` around the same static data before a deferred `onReceived` answer, which clears
 * that mark: so only a webhook that answers before the run (`noWebhookResponse`) or starts no run
 * gets its static data saved. Modelled here, so a test of the dedupe memory fails when it would
 * not survive in real n8n.
 */
export function reloadWorkflow(nodeType: INodeType, workflow: Workflow, call: WebhookCall): Workflow {
	const answeredBeforeRun = call.result.noWebhookResponse === true || call.result.workflowData === undefined;
	const changed = (workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true;
	const stored = answeredBeforeRun && changed ? workflow.staticData : call.storedStaticData;
	return createWorkflow(
		nodeType,
		workflow.getNode(NODE_NAME)!.parameters as IDataObject,
		JSON.parse(JSON.stringify(stored)) as IDataObject,
	);
}

export interface FakeRequest {
	method?: 'GET' | 'POST';
	/**
	 * The request path, routed like n8n routes it: to the node's webhook whose registered path it
	 * is (see `registeredWebhooks`). Default `/webhook/<webhook id>/<event>`: the URL layout
	 * without the secret in the path (the query-secret webhook, or the only one when the secret
	 * is empty). `pathSecretUrlPath(workflow)` gives the path the editor shows.
	 */
	path?: string;
	query?: IDataObject;
	body?: unknown;
	rawBody?: Buffer;
	ip?: string;
	headers?: IDataObject;
}

export class FakeResponse {
	statusCode = 200;

	headers: Record<string, string> = {};

	body: string | undefined;

	ended = false;

	writeHead(status: number, headers: Record<string, string> = {}) {
		this.statusCode = status;
		Object.assign(this.headers, headers);
		return this;
	}

	status(code: number) {
		this.statusCode = code;
		return this;
	}

	end(body?: string) {
		this.body = body;
		this.ended = true;
		return this;
	}

	/** Express `res.send` for a string body, as n8n's response handler uses it. */
	send(body: string) {
		return this.end(body);
	}
}

/** The node's webhooks as n8n's `getNodeWebhooks` builds them (webhook.service.ts): empty methods are skipped. */
export function registeredWebhooks(workflow: Workflow): RegisteredWebhook[] {
	const nodeType = workflow.nodeTypes.getByNameAndVersion('', 1) as INodeType;
	const node = workflow.getNode(NODE_NAME)!;
	const found: RegisteredWebhook[] = [];
	for (const description of nodeType.description.webhooks ?? []) {
		let path = String(workflow.expression.getSimpleParameterValue(node, description.path, 'internal', {}));
		path = path.replace(/^\//, '').replace(/\/$/, '');
		const methods = String(workflow.expression.getSimpleParameterValue(node, description.httpMethod, 'internal', {}, undefined, 'GET'));
		for (const method of methods.split(',')) {
			if (method.trim() !== '') found.push({ method: method.trim(), path: `${WEBHOOK_ID}/${path}`, description });
		}
	}
	return found;
}

/** The path of the URL the editor shows for the node (the path-secret webhook). */
export function pathSecretUrlPath(workflow: Workflow): string {
	const webhook = registeredWebhooks(workflow).find((entry) => entry.description.name === 'default');
	return `/webhook/${webhook!.path}`;
}

/** The webhook n8n would route the request to, or undefined (n8n answers 404 itself). */
export function routeRequest(workflow: Workflow, method: string, path: string): RegisteredWebhook | undefined {
	const wanted = path.split('?')[0].replace(/^\/webhook(?:-test)?\//, '').replace(/\/$/, '');
	return registeredWebhooks(workflow).find((entry) => entry.method === method && entry.path === wanted);
}

/** n8n found no webhook at the path: it answers 404 and the node never runs. */
export class NoWebhookError extends Error {
	constructor(
		readonly method: string,
		readonly path: string,
	) {
		super(`n8n: no webhook ${method} ${path} (404)`);
	}
}

export interface WebhookCall {
	result: IWebhookResponseData;
	response: FakeResponse;
	/** The webhook description n8n ran the call for. */
	webhook: IWebhookDescription;
	/** The static data as loaded from the database before the call. */
	storedStaticData: IDataObject;
}

/** One callback request through the node's `webhook()` in a real n8n-core `WebhookContext`. */
export async function callWebhook(
	nodeType: INodeType,
	workflow: Workflow,
	request: FakeRequest,
	mode: WorkflowExecuteMode = 'webhook',
	tamper?: (req: Record<string, unknown>) => void,
): Promise<WebhookCall> {
	const eventPath = String(
		workflow.expression.getSimpleParameterValue(workflow.getNode(NODE_NAME)!, '={{ $parameter["event"] }}', 'internal', {}),
	);
	const path = request.path ?? `/webhook/${WEBHOOK_ID}/${eventPath}`;
	const req: Record<string, unknown> & { method: string } = {
		method: request.method ?? 'GET',
		path,
		query: request.query ?? {},
		body: request.body ?? {},
		rawBody: request.rawBody,
		headers: request.headers ?? {},
		params: {},
		ip: request.ip ?? '127.0.0.1',
	};
	tamper?.(req);
	const webhook = routeRequest(workflow, req.method, path);
	if (!webhook) throw new NoWebhookError(req.method, path);
	const response = new FakeResponse();
	const storedStaticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	const context = webhookContext(workflow, workflow.getNode(NODE_NAME)!, webhook, { request: req, response, mode });
	const result = (await nodeType.webhook!.call(context)) as IWebhookResponseData;
	return { result, response, webhook: webhook.description, storedStaticData };
}

/**
 * What n8n 2.41 sends for a webhook result (webhook-helpers.ts): nothing more after
 * `noWebhookResponse`; without `workflowData` the `webhookResponse` (or a default message); when
 * an execution starts in `onReceived` mode, the webhook's `responseData` (default: the text
 * `firstEntryJson`), else `webhookResponse`. Status 200 (no response code configured); a string
 * body is sent raw (`res.send`).
 */
export function respondLikeN8n(call: WebhookCall): { status: number; body: string | undefined; executes: boolean } {
	const { result, response, webhook } = call;
	const executes = result.workflowData !== undefined;
	if (result.noWebhookResponse === true) {
		if (!response.ended) throw new Error('noWebhookResponse without an answer: the caller would wait forever');
		return { status: response.statusCode, body: response.body, executes };
	}
	let data: unknown;
	if (!executes) {
		data = result.webhookResponse ?? { message: 'Webhook call received' };
	} else {
		if (webhook.responseMode !== 'onReceived') throw new Error('only onReceived is modelled');
		const responseData = webhook.responseData ?? 'firstEntryJson';
		if (responseData === 'noData') data = '';
		else if (responseData) data = responseData;
		else data = result.webhookResponse ?? { message: 'Workflow was started' };
	}
	response.status(200).send(typeof data === 'string' ? data : JSON.stringify(data));
	return { status: response.statusCode, body: response.body, executes };
}

/** A `HookContext` as n8n builds it to run `webhookMethods.default.*` on activation. */
export function hookContext(
	workflow: Workflow,
	method = 'GET',
	mode: WorkflowExecuteMode = 'trigger',
	activation: WorkflowActivateMode = 'activate',
): HookContext {
	const node = workflow.getNode(NODE_NAME)!;
	const webhook = registeredWebhooks(workflow).find((entry) => entry.description.name === 'default')!;
	return n8nHookContext(workflow, node, { ...webhook, method }, mode, activation);
}

/** The items one call starts the workflow with. */
export function itemsOf(call: WebhookCall): IDataObject[] {
	return (call.result.workflowData?.[0] ?? []).map((item) => item.json);
}

/** A DLR query as the service sends it: every field's values joined with commas. */
export function dlrQuery(reports: Array<Record<string, string>>, extra: IDataObject = {}): IDataObject {
	const fields = ['MsgId', 'status', 'status_name', 'idx', 'sent_at', 'donedate', 'username', 'points', 'to', 'mcc', 'mnc'];
	const query: IDataObject = { ...extra };
	for (const field of fields) query[field] = reports.map((report) => report[field] ?? '').join(',');
	return query;
}
