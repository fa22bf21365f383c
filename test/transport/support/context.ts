/**
 * What the transport tests share besides n8n (test/support/n8n-context.ts): a context that
 * records what the transport asked n8n's request helper for, settings that record waits instead
 * of waiting, and real servers on 127.0.0.1 that refuse, hang or reset.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import type { ExecuteContext } from 'n8n-core';
import type { IAllExecuteFunctions, ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import type { TransportSettings } from '../../../nodes/Smsapi/transport/smsapiApiRequest';
import { executeContext, type ServerOptions } from '../../support/n8n-context';

export interface TransportContext {
	context: ExecuteContext;
	/** The options the transport handed to `httpRequestWithAuthentication`, before authentication. */
	sent: IHttpRequestOptions[];
	abort: AbortController;
}

/**
 * n8n's ExecuteContext of the SMSAPI node with `credentials` stored; it records every request the
 * transport asks n8n's helper for, then lets n8n make it.
 */
export function transportContext(
	credentials: ICredentialDataDecryptedObject,
	options: Pick<ServerOptions, 'authenticate'> = {},
): TransportContext {
	const abort = new AbortController();
	const context = executeContext({ credentials, authenticate: options.authenticate, abortSignal: abort.signal });
	const sent: IHttpRequestOptions[] = [];
	const real = context.helpers.httpRequestWithAuthentication;
	// `this` stays whatever the transport passes, as in n8n (`helpers.x.call(this, ...)`).
	context.helpers.httpRequestWithAuthentication = async function (this: IAllExecuteFunctions, type, requestOptions, extra) {
		sent.push(JSON.parse(JSON.stringify({ ...requestOptions, abortSignal: undefined })) as IHttpRequestOptions);
		return await real.call(this, type, requestOptions, extra);
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
