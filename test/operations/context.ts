/**
 * A small `IExecuteFunctions` for running the action node's operations in-process against `nock`.
 *
 * What is real: the node (description, router, operations, transport), parameter defaults and
 * display rules (n8n-workflow's `NodeHelpers.getNodeParameters` over the node's own properties,
 * as n8n fills a saved node), the credential's own `authenticate`, and HTTP (n8n's axios-based
 * `httpRequest` from @n8n/backend-network, wrapped in NodeApiError on failure as n8n's
 * `httpRequestWithAuthentication` does), so `nock` sees the bytes the service would see.
 * What is not: expressions are not evaluated (values are given as their results; `rawParameters`
 * and `evaluate` stand in for the saved expressions and n8n's evaluation where a test needs them).
 */
import { httpRequest } from '@n8n/backend-network/testing';
import nock from 'nock';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodeParameters,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeHelpers } from 'n8n-workflow';

import { SmsapiApi } from '../../credentials/SmsapiApi.credentials';
import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';

export const BASE_URL = 'http://smsapi.test';
export const TOKEN = 'test-token-0123456789';

const nodeType = new Smsapi();
const credentialType = new SmsapiApi();

export const NODE: INode = {
	id: '6a1f4c3e-0000-4000-8000-00000000a001',
	name: 'SMSAPI',
	type: 'n8n-nodes-smsapi-plus.smsapi',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	credentials: { smsapiApi: { id: '1', name: 'SMSAPI account' } },
};

/** A token credential on the platform "Custom" pointing at the nock host (no backup address). */
export function tokenCredentials(overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return { authentication: 'token', token: TOKEN, platform: 'custom', baseUrl: BASE_URL, ...overrides };
}

export function legacyCredentials(overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return {
		authentication: 'legacy',
		username: 'acme',
		password: 'secret-pass',
		platform: 'custom',
		baseUrl: BASE_URL,
		...overrides,
	};
}

export interface RunOptions {
	/** The node's parameters: one object for every item, or one per item. `resource` and `operation` included. */
	parameters: INodeParameters | INodeParameters[];
	/** Input items' JSON; default: one empty item per parameter object (at least one). */
	items?: IDataObject[];
	credentials?: ICredentialDataDecryptedObject;
	continueOnFail?: boolean;
	/** The execution's id (`getExecutionId`) and the node's run index (`$runIndex`); defaults exec-1 and 0. */
	executionId?: string;
	runIndex?: number;
	/** n8n's instance id (`getInstanceId`) and the workflow's id (`getWorkflow().id`); default: none. */
	instanceId?: string;
	workflowId?: string;
	/**
	 * The node's execution context (`getContext('node')`); pass the same object to two runs to act
	 * as n8n's Retry On Fail, which keeps it. Default: none (as where n8n has no execution data).
	 */
	nodeContext?: IDataObject;
	/** The node's parameters as saved (expressions unresolved), for `getNode().parameters`. */
	rawParameters?: INodeParameters;
	/** Evaluates expressions other than `$runIndex` (`evaluateExpression`). */
	evaluate?: (expression: string, itemIndex: number) => unknown;
}

function getPath(source: unknown, path: string): unknown {
	let value = source;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** The item's parameters as n8n holds them: the given values plus the defaults of every displayed parameter. */
function resolveParameters(given: INodeParameters): INodeParameters {
	const resolved = NodeHelpers.getNodeParameters(
		nodeType.description.properties,
		given,
		true,
		false,
		NODE,
		nodeType.description,
	);
	if (!resolved) throw new Error('NodeHelpers.getNodeParameters returned nothing');
	return resolved;
}

export function createContext(options: RunOptions): IExecuteFunctions {
	const perItem = Array.isArray(options.parameters) ? options.parameters : undefined;
	const inputCount = options.items?.length ?? perItem?.length ?? 1;
	const items: INodeExecutionData[] = Array.from({ length: inputCount }, (_, index) => ({
		json: options.items?.[index] ?? {},
	}));
	const parameters = items.map((_, index) =>
		resolveParameters(perItem ? perItem[index] : (options.parameters as INodeParameters)),
	);
	const credentials = options.credentials ?? tokenCredentials();

	const node: INode = { ...NODE, parameters: options.rawParameters ?? NODE.parameters };
	const context = {
		getNode: () => node,
		getInputData: () => items,
		continueOnFail: () => options.continueOnFail === true,
		getExecutionId: () => options.executionId ?? 'exec-1',
		getTimezone: () => 'UTC',
		...(options.instanceId === undefined ? {} : { getInstanceId: () => options.instanceId }),
		...(options.workflowId === undefined ? {} : { getWorkflow: () => ({ id: options.workflowId, active: false }) }),
		getContext(type: string) {
			if (type !== 'node' || !options.nodeContext) throw new Error('`executionData` is not initialized');
			return options.nodeContext;
		},
		evaluateExpression(expression: string, itemIndex: number) {
			if (expression.replace(/\s/g, '') === '={{$runIndex}}') return options.runIndex ?? 0;
			if (options.evaluate) return options.evaluate(expression, itemIndex);
			throw new Error(`the test context evaluates only $runIndex, not ${expression}`);
		},
		getCredentials: async <T extends object = ICredentialDataDecryptedObject>() => ({ ...credentials }) as unknown as T,
		getNodeParameter(name: string, itemIndex: number, fallback?: unknown, parameterOptions?: { extractValue?: boolean }) {
			let value = getPath(parameters[itemIndex], name);
			if (value === undefined) {
				if (fallback !== undefined) return fallback;
				throw new Error(`Could not get parameter "${name}" (item ${itemIndex})`);
			}
			if (parameterOptions?.extractValue && value && typeof value === 'object' && '__rl' in value) {
				value = (value as IDataObject).value;
			}
			return value;
		},
		logger: { debug() {}, info() {}, warn() {}, error() {} },
		helpers: {
			async httpRequestWithAuthentication(
				this: IExecuteFunctions,
				type: string,
				requestOptions: IHttpRequestOptions,
			): Promise<unknown> {
				const data = await this.getCredentials(type);
				const authenticate = credentialType.authenticate as (
					credentials: ICredentialDataDecryptedObject,
					request: IHttpRequestOptions,
				) => Promise<IHttpRequestOptions>;
				const authenticated = await authenticate(data, requestOptions);
				try {
					return await httpRequest(authenticated);
				} catch (error) {
					throw new NodeApiError(NODE, error as JsonObject);
				}
			},
		},
	};
	return context as unknown as IExecuteFunctions;
}

/** Runs the node (router included) and returns its single output. */
export async function runNode(options: RunOptions): Promise<INodeExecutionData[]> {
	const context = createContext(options);
	const [output] = await nodeType.execute.call(context);
	return output;
}

/** One request as the service received it. */
export interface WireRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	/** The form-encoded body, decoded. */
	body: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
}

export type Reply = [status: number, body: unknown];

function decodeForm(body: unknown): Record<string, string> {
	if (body === undefined || body === null || body === '') return {};
	if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body));
	return { ...(body as Record<string, string>) };
}

/**
 * A mocked service on BASE_URL. `on(method, path, answer)` serves every matching request with
 * what `answer` returns for it; `calls` lists the requests in order, as received.
 */
export function mockService() {
	const calls: WireRequest[] = [];
	const scope = nock(BASE_URL);
	const service = {
		calls,
		on(method: string, path: string, answer: (request: WireRequest) => Reply) {
			scope
				.persist()
				.intercept(path, method)
				.query(true)
				.reply(function (uri, body) {
					const url = new URL(uri, BASE_URL);
					const request: WireRequest = {
						method: this.req.method,
						path: url.pathname,
						query: Object.fromEntries(url.searchParams),
						body: decodeForm(body),
						headers: this.req.headers,
					};
					calls.push(request);
					const [status, reply] = answer(request);
					return [status, typeof reply === 'string' ? reply : JSON.stringify(reply)];
				});
			return service;
		},
	};
	return service;
}

/** Registers the test file's hooks: no real network while it runs, no mock left over between tests. */
export function useMockedNetwork(): void {
	beforeAll(() => nock.disableNetConnect());
	afterEach(() => nock.cleanAll());
	afterAll(() => nock.enableNetConnect());
}

/** An sms.send node's parameters. */
export function smsSend(to: string | string[], message: string, options: INodeParameters = {}): INodeParameters {
	return { resource: 'sms', operation: 'send', to, message, options };
}

export type NodeError = Error & { description?: string; context: IDataObject };

/** The error the run fails with (the test fails when it does not). */
export async function failure(run: Promise<unknown>): Promise<NodeError> {
	try {
		await run;
	} catch (error) {
		return error as NodeError;
	}
	throw new Error('the node did not fail');
}

export const BACKUP_URL = 'http://backup.smsapi.test';

/** A mocked backup address answering POST sms.do with `answer`; returns the form bodies it got. */
export function backupSmsDo(answer: (body: Record<string, string>) => Reply): Array<Record<string, string>> {
	const calls: Array<Record<string, string>> = [];
	nock(BACKUP_URL)
		.persist()
		.post('/sms.do')
		.reply((_uri, body) => {
			const form = decodeForm(body);
			calls.push(form);
			const [status, reply] = answer(form);
			return [status, typeof reply === 'string' ? reply : JSON.stringify(reply)];
		});
	return calls;
}
