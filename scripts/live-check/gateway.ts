/**
 * The live check's only way out: a small HTTP gateway on 127.0.0.1 that the node's credential
 * points at (platform "Custom", base and backup address = the gateway's two ports). Each request
 * the node sends is checked against the allow-list (guard.ts) before anything leaves this
 * process; an allowed one is forwarded unchanged to the service (its primary or backup address,
 * as the node chose) and the exact request and answer are kept for the comparison and --record.
 * A refused one is answered locally with HTTP 403 and never reaches the service.
 */
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { refusalReason, type GuardOptions } from './guard';
import type { Exchange, WireRequest } from './wire';

/** Headers passed on to the service (everything else, e.g. Host and Connection, is the gateway's own). */
const FORWARDED_HEADERS = ['authorization', 'content-type', 'user-agent', 'accept', 'accept-encoding'];
const FORWARD_TIMEOUT_MS = 60_000;

export interface Targets {
	primary: string;
	backup?: string;
}

export interface Gateway {
	primaryUrl: string;
	backupUrl: string;
	/** Every request in order (allowed and refused). */
	readonly exchanges: readonly Exchange[];
	/** The check the next requests belong to. */
	setCheck(name: string): void;
	close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

function answer(res: ServerResponse, status: number, contentType: string, body: string): void {
	res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
	res.end(body);
}

function listen(server: Server): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
	});
}

export async function startGateway(targets: Targets, guard: GuardOptions): Promise<Gateway> {
	const exchanges: Exchange[] = [];
	let check = '';

	const handle = async (address: 'primary' | 'backup', req: IncomingMessage, res: ServerResponse) => {
		const url = req.url ?? '/';
		const queryAt = url.indexOf('?');
		const request: WireRequest = {
			method: (req.method ?? 'GET').toUpperCase(),
			path: queryAt === -1 ? url : url.slice(0, queryAt),
			query: queryAt === -1 ? '' : url.slice(queryAt + 1),
			headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name.toLowerCase(), String(value)])),
			body: await readBody(req),
		};
		const exchange: Exchange = { check, address, request };
		exchanges.push(exchange);

		const refused = refusalReason(request, guard);
		if (refused !== undefined) {
			exchange.refused = refused;
			answer(res, 403, 'application/json', JSON.stringify({ message: `Refused by the live check: ${refused}`, error: 'live_check_refused' }));
			return;
		}
		const base = address === 'backup' && targets.backup ? targets.backup : targets.primary;
		const headers: Record<string, string> = {};
		for (const name of FORWARDED_HEADERS) if (request.headers[name] !== undefined) headers[name] = request.headers[name];
		try {
			const forwarded = await fetch(`${base.replace(/\/+$/, '')}${url}`, {
				method: request.method,
				headers,
				body: request.method === 'GET' || request.method === 'HEAD' || request.body === '' ? undefined : request.body,
				redirect: 'manual',
				signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
			});
			const body = await forwarded.text();
			const contentType = forwarded.headers.get('content-type') ?? '';
			exchange.response = { status: forwarded.status, contentType, body };
			answer(res, forwarded.status, contentType || 'text/plain', body);
		} catch (error) {
			exchange.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
			res.destroy();
		}
	};

	const servers = (['primary', 'backup'] as const).map((address) =>
		http.createServer((req, res) => {
			handle(address, req, res).catch((error: unknown) => {
				if (!res.headersSent) answer(res, 500, 'text/plain', String(error));
			});
		}),
	);
	const [primaryPort, backupPort] = [await listen(servers[0]), await listen(servers[1])];
	return {
		primaryUrl: `http://127.0.0.1:${primaryPort}`,
		backupUrl: `http://127.0.0.1:${backupPort}`,
		exchanges,
		setCheck: (name) => {
			check = name;
		},
		close: async () => {
			await Promise.all(
				servers.map(
					(server) =>
						new Promise<void>((resolve) => {
							server.closeAllConnections();
							server.close(() => resolve());
						}),
				),
			);
		},
	};
}
