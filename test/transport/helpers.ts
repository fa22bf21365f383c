/**
 * Runs the transport inside n8n-core 2.41's real `ExecuteContext`: `getCredentials` goes through
 * n8n's credential checks (node type declares `smsapiApi`, node has it set) and
 * `helpers.httpRequestWithAuthentication` is n8n's own (axios through `@n8n/backend-network`,
 * its error wrapping, its abort signal). Only the credentials helper of the n8n server is
 * replaced: it hands out the decrypted data and applies the `smsapiApi` credential's own
 * authentication (bearer header; or the md5 username/password pair, in the body of a POST and
 * in the query of a GET), so the transport is tested with the login as it really travels.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { ExecuteContext, InstanceSettings } from 'n8n-core';
import { Workflow } from 'n8n-workflow';
import type {
	IAllExecuteFunctions,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteData,
	IHttpRequestOptions,
	INode,
	INodeType,
	INodeTypes,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { applySmsapiAuthentication } from '../../credentials/SmsapiApiHelpers';
import type { TransportSettings } from '../../nodes/Smsapi/transport';

export const TOKEN = 'tok_9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1098';
export const USERNAME = 'acme_user';
export const PASSWORD = 'Plain-Pa55word!';
export const PASSWORD_MD5 = createHash('md5').update(PASSWORD).digest('hex');

export const PRIMARY = 'http://primary.smsapi.test';
export const BACKUP = 'http://backup.smsapi.test';

export interface LogLine {
	level: string;
	message: string;
	metadata?: unknown;
}

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

Container.set(Logger, logger as unknown as Logger);
Container.set(InstanceSettings, {} as InstanceSettings);

export function tokenCredentials(overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return {
		authentication: 'token',
		token: TOKEN,
		platform: 'custom',
		baseUrl: PRIMARY,
		backupUrl: BACKUP,
		...overrides,
	} as ICredentialDataDecryptedObject;
}

export function legacyCredentials(overrides: IDataObject = {}): ICredentialDataDecryptedObject {
	return {
		authentication: 'legacy',
		username: USERNAME,
		password: PASSWORD,
		platform: 'custom',
		baseUrl: PRIMARY,
		backupUrl: BACKUP,
		...overrides,
	} as ICredentialDataDecryptedObject;
}

/** The `smsapiApi` credential's own authentication (a token, or the legacy pair with an md5 password). */
const authenticate = applySmsapiAuthentication;

export interface TestContext {
	context: ExecuteContext;
	/** The options the transport handed to `httpRequestWithAuthentication`, before authentication. */
	sent: IHttpRequestOptions[];
	abort: AbortController;
}

const nodeType = {
	description: {
		displayName: 'SMSAPI',
		name: 'smsapi',
		group: ['output'],
		version: 1,
		description: 'test double of the action node',
		defaults: { name: 'SMSAPI' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'smsapiApi', required: true }],
		properties: [],
	},
} as unknown as INodeType;

export interface ContextOptions {
	/** Replaces the authentication step (e.g. to make n8n's helper throw before any request). */
	authenticate?: (credentials: ICredentialDataDecryptedObject, options: IHttpRequestOptions) => IHttpRequestOptions;
}

export function createContext(credentials: ICredentialDataDecryptedObject, contextOptions: ContextOptions = {}): TestContext {
	const applyAuthentication = contextOptions.authenticate ?? authenticate;
	const node: INode = {
		id: 'b1d3c2a4-0000-4000-8000-000000000001',
		name: 'SMSAPI',
		type: 'n8n-nodes-smsapi-plus.smsapi',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { smsapiApi: { id: '1', name: 'SMSAPI account' } },
	};
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({ id: 'wf-transport', nodes: [node], connections: {}, active: false, nodeTypes });
	const sent: IHttpRequestOptions[] = [];
	const additionalData = {
		credentialsHelper: {
			getDecrypted: async () => ({ ...credentials }),
			isCredentialUsableByNode: () => true,
			getParentTypes: () => [],
			preAuthentication: async () => undefined,
			authenticate: async (data: ICredentialDataDecryptedObject, _type: string, options: IHttpRequestOptions) =>
				applyAuthentication(data, options),
		},
		variables: {},
		executionId: 'exec-1',
	} as unknown as IWorkflowExecuteAdditionalData;
	const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
	const inputData = { main: [[{ json: {} }]] };
	const executeData: IExecuteData = { node, data: inputData, source: null };
	const abort = new AbortController();
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'manual',
		runExecutionData,
		0,
		[{ json: {} }],
		inputData,
		executeData,
		[],
		abort.signal,
	);
	const real = context.helpers.httpRequestWithAuthentication;
	// Record what the transport asks for, then let n8n do the real request.
	// `this` stays whatever the transport passes, as in n8n (`helpers.x.call(this, ...)`).
	context.helpers.httpRequestWithAuthentication = async function (this: IAllExecuteFunctions, type, options, extra) {
		sent.push(JSON.parse(JSON.stringify({ ...options, abortSignal: undefined })) as IHttpRequestOptions);
		return await real.call(this, type, options, extra);
	};
	return { context, sent, abort };
}

/** Settings that record the waits instead of waiting. */
export function fastSettings(delays: number[] = []): Partial<TransportSettings> {
	return {
		sleep: async (ms: number) => {
			delays.push(ms);
		},
	};
}

/** A port on 127.0.0.1 where nothing listens (bound, then closed): connecting gives ECONNREFUSED. */
export async function closedPort(): Promise<number> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

export interface LocalServer {
	url: string;
	hits: number;
	close: () => Promise<void>;
}

/**
 * A real server on 127.0.0.1 that misbehaves: `hang` reads the request and never answers
 * (timeout), `reset` destroys the socket once the request arrived (ECONNRESET).
 */
export async function misbehavingServer(mode: 'hang' | 'reset'): Promise<LocalServer> {
	const sockets = new Set<Socket>();
	const state = { hits: 0 };
	const server = http.createServer((request) => {
		state.hits++;
		request.resume();
		request.on('end', () => {
			if (mode === 'reset') request.socket.destroy();
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		get hits() {
			return state.hits;
		},
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Every string reachable from an error: own properties (enumerable or not, `cause` included). */
export function allStrings(value: unknown, seen = new Set<unknown>()): string[] {
	if (typeof value === 'string') return [value];
	if (typeof value !== 'object' || value === null || seen.has(value)) return [];
	seen.add(value);
	const strings: string[] = [];
	for (const key of Object.getOwnPropertyNames(value)) {
		let inner: unknown;
		try {
			inner = (value as Record<string, unknown>)[key];
		} catch {
			continue;
		}
		strings.push(key, ...allStrings(inner, seen));
	}
	return strings;
}

/** Decodes a form body as nock receives it. */
export function formOf(body: unknown): Record<string, string> {
	return Object.fromEntries(new URLSearchParams(String(body)).entries());
}
