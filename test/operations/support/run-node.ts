/**
 * Runs the SMSAPI node's `execute` (router, operations, transport) in n8n-core's real
 * ExecuteContext (test/support/n8n-context.ts) against `nock`: n8n fills the node's defaults,
 * evaluates its expressions per item, checks and authenticates the credential and makes the
 * HTTP requests, so `nock` sees the bytes the service would see.
 *
 * Parameters that differ per item are given as one object per item; they reach the node as n8n
 * would give them, through an expression per differing value (`={{ [a, b][$itemIndex] }}`).
 */
import { isDeepStrictEqual } from 'node:util';

import nock from 'nock';
import type { ExecuteContext } from 'n8n-core';
import type { IBinaryKeyData, ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { BACKUP, executeContext, PRIMARY, smsapiNode, tokenCredentials } from '../../support/n8n-context';

/** The credential of these tests: a token on the primary address only (a test may add a backup). */
export const operationCredentials = (overrides: IDataObject = {}): ICredentialDataDecryptedObject =>
	tokenCredentials({ backupUrl: '', ...overrides });

export interface RunOptions {
	/** The node's parameters as saved: one object for every item, or one per item. `resource` and `operation` included. */
	parameters: INodeParameters | INodeParameters[];
	/** Input items' JSON; default: one empty item per parameter object (at least one). */
	items?: IDataObject[];
	/** Input items' binary data (n8n's `binary` of an item, data inline as base64), by item. */
	binaries?: Array<IBinaryKeyData | undefined>;
	/** The stored credential; default operationCredentials(). */
	credentials?: ICredentialDataDecryptedObject;
	/** The node's "On Error" setting: Continue (regular output) when `continueOnFail`. */
	continueOnFail?: boolean;
	onError?: 'continueRegularOutput' | 'continueErrorOutput' | 'stopWorkflow';
	/** The node's type version as saved in the workflow; default 1. */
	typeVersion?: number;
	/** The execution's id (`getExecutionId`) and the node's run index (`$runIndex`); defaults exec-1 and 0. */
	executionId?: string;
	runIndex?: number;
	/** n8n's instance id (`getInstanceId`) and the workflow's id (`getWorkflow().id`). */
	instanceId?: string;
	workflowId?: string;
	/** The workflow's time zone; default UTC. */
	timezone?: string;
	/**
	 * The execution's context data (`getContext('node')` lives in it); pass the same object to two
	 * runs to act as n8n's Retry On Fail, which keeps it. Default: none.
	 */
	contextData?: IDataObject;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value per item as n8n would give it: the value when all agree, else an expression by `$itemIndex`. */
function perItemValue(values: unknown[], name: string): unknown {
	if (values.every((value) => isDeepStrictEqual(value, values[0]))) return values[0];
	if (values.every((value) => value === undefined || isObject(value))) {
		const keys = [...new Set(values.flatMap((value) => Object.keys(value ?? {})))];
		return Object.fromEntries(
			keys.map((key) => [key, perItemValue(values.map((value) => (value as Record<string, unknown> | undefined)?.[key]), `${name}.${key}`)]),
		);
	}
	if (name === 'resource' || name === 'operation') throw new Error(`${name} cannot differ per item (n8n allows no expression there)`);
	const literals = values.map((value) => (value === undefined ? 'undefined' : JSON.stringify(value)));
	if (literals.some((literal) => literal.includes('{{') || literal.includes('}}'))) {
		throw new Error(`per-item values of ${name} contain {{ or }}: give them in the items and read them with an expression`);
	}
	return `={{ [${literals.join(', ')}][$itemIndex] }}`;
}

/** n8n's ExecuteContext of the SMSAPI node for these items and parameters. */
export function nodeContext(options: RunOptions): ExecuteContext {
	const perItem = Array.isArray(options.parameters) ? options.parameters : undefined;
	const inputCount = options.items?.length ?? perItem?.length ?? 1;
	const items: INodeExecutionData[] = Array.from({ length: inputCount }, (_, index) => ({
		json: options.items?.[index] ?? {},
		...(options.binaries?.[index] ? { binary: options.binaries[index] } : {}),
	}));
	const parameters = perItem
		? (Object.fromEntries(
				[...new Set(perItem.flatMap((item) => Object.keys(item)))].map((key) => [key, perItemValue(perItem.map((item) => item[key]), key)]),
			) as INodeParameters)
		: (options.parameters as INodeParameters);
	const onError = options.onError ?? (options.continueOnFail ? 'continueRegularOutput' : undefined);
	return executeContext({
		node: smsapiNode(parameters, { ...(onError ? { onError } : {}), ...(options.typeVersion ? { typeVersion: options.typeVersion } : {}) }),
		items,
		credentials: options.credentials ?? operationCredentials(),
		executionId: options.executionId,
		runIndex: options.runIndex,
		instanceId: options.instanceId,
		workflowId: options.workflowId,
		timezone: options.timezone,
		contextData: options.contextData,
	});
}

/** Runs the node (router included) and returns its single output. */
export async function runNode(options: RunOptions): Promise<INodeExecutionData[]> {
	const [output] = await new Smsapi().execute.call(nodeContext(options));
	return output;
}

/** One request as the service received it. */
export interface WireRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	/** The form-encoded body, decoded. */
	body: Record<string, string>;
	/** The body's bytes as sent (nock hands binary bodies over as hex). */
	raw: Buffer;
	headers: Record<string, string | string[] | undefined>;
}

export type Reply = [status: number, body: unknown];

function decodeForm(body: unknown): Record<string, string> {
	if (body === undefined || body === null || body === '') return {};
	if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body));
	return { ...(body as Record<string, string>) };
}

/** A body's bytes: nock gives a body that is not valid UTF-8 as hex (a multipart body starts with "--", never hex). */
export function rawBody(body: unknown): Buffer {
	if (typeof body !== 'string') return Buffer.from(body === undefined ? '' : JSON.stringify(body), 'utf8');
	return Buffer.from(body, /^(?:[0-9a-f]{2})+$/.test(body) ? 'hex' : 'utf8');
}

/**
 * A mocked service on the primary address (PRIMARY). `on(method, path, answer)` serves every matching request with
 * what `answer` returns for it; `calls` lists the requests in order, as received.
 */
export function mockService() {
	const calls: WireRequest[] = [];
	const scope = nock(PRIMARY);
	const service = {
		calls,
		on(method: string, path: string, answer: (request: WireRequest) => Reply) {
			scope
				.persist()
				.intercept(path, method)
				.query(true)
				.reply(function (uri, body) {
					const url = new URL(uri, PRIMARY);
					const request: WireRequest = {
						method: this.req.method,
						path: url.pathname,
						query: Object.fromEntries(url.searchParams),
						body: decodeForm(body),
						raw: rawBody(body),
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

/**
 * Lets requests to servers on loopback through while the enclosing describe block runs (the
 * emulator, and n8n's engine in-process talking to it: test/workflow/suite.ts), the rest of the
 * file keeping nock's mocks and no real network. The file must call useMockedNetwork() too: nock's
 * interception outlives the file in its jest worker, and its afterAll lets the network through again
 * for the files after it.
 */
export function useLoopback(): void {
	beforeAll(() => nock.enableNetConnect(/^127\.0\.0\.1/));
	afterAll(() => nock.disableNetConnect());
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

/** A mocked backup address answering POST sms.do with `answer`; returns the form bodies it got. */
export function backupSmsDo(answer: (body: Record<string, string>) => Reply): Array<Record<string, string>> {
	const calls: Array<Record<string, string>> = [];
	nock(BACKUP)
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
