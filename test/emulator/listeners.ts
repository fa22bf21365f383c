/**
 * The emulator's two HTTP listeners (primary and backup address): made, opened, closed for a
 * `refuse` fault (connections refused) and opened again, and closed for good at the end.
 */
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import type { Address } from './state';

export interface Listener {
	address: Address;
	server: Server;
	port: number;
	open: boolean;
	sockets: Set<Socket>;
	reopenTimer: NodeJS.Timeout | null;
}

export function listen(server: Server, port: number, host: string): Promise<number> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve((server.address() as AddressInfo).port);
		});
	});
}

/** A listener for `address` (not listening yet) that hands every request to `handle` and keeps its sockets. */
export function createListener(
	address: Address,
	handle: (listener: Listener, req: IncomingMessage, res: ServerResponse) => void,
): Listener {
	const listener: Listener = {
		address,
		server: http.createServer((req, res) => handle(listener, req, res)),
		port: 0,
		open: false,
		sockets: new Set(),
		reopenTimer: null,
	};
	listener.server.on('connection', (socket: Socket) => {
		listener.sockets.add(socket);
		socket.on('close', () => listener.sockets.delete(socket));
	});
	return listener;
}

/**
 * Stops accepting at once and drops idle keep-alive connections; a request in progress (such as the
 * control request that asked for this) still gets its answer.
 */
export function closeListener(listener: Listener): void {
	if (!listener.open) return;
	listener.open = false;
	listener.server.close();
	listener.server.closeIdleConnections();
}

/** Listens again on the listener's port; a failure is logged (the address stays closed). */
export async function reopenListener(listener: Listener, host: string, log: (message: string) => void): Promise<void> {
	listener.open = true;
	try {
		await listen(listener.server, listener.port, host);
	} catch (error) {
		listener.open = false;
		log(`cannot reopen ${listener.address}: ${(error as Error).message}`);
	}
}

/** Closes the listener for good: its timer, every connection, the server. */
export function closeForGood(listener: Listener): Promise<void> {
	if (listener.reopenTimer) clearTimeout(listener.reopenTimer);
	for (const socket of listener.sockets) socket.destroy();
	if (!listener.open) return Promise.resolve();
	listener.open = false;
	return new Promise<void>((resolve) => listener.server.close(() => resolve()));
}
