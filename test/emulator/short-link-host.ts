/**
 * The service's short-link host (`idz.do`): a GET or HEAD of a short link's path answers 301 to
 * the link's target (its `url`) while the link lives, 404 once it expired or was deleted, as a
 * link shortener does; each GET counts a hit. An https server with a certificate made at the first
 * start (self-signed, for idz.do, localhost and 127.0.0.1, kept for the process): the tests'
 * browser maps idz.do to it (Chromium's --host-resolver-rules) and takes the certificate
 * (ignoreHTTPSErrors); the demo's short links point at it directly (`shortLinks: 'served'`).
 */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

import { generate } from 'selfsigned';

import type { Runtime } from './runtime';
import { extraState } from './extra-state';

export interface ShortLinkHost {
	/** `https://localhost:<port>`. */
	url: string;
	port: number;
	close(): Promise<void>;
}

let certificate: Promise<{ key: string; cert: string }> | undefined;

function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
	certificate ??= generate([{ name: 'commonName', value: 'idz.do' }], {
		keySize: 2048,
		extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'idz.do' }, { type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
	}).then((pems) => ({ key: pems.private, cert: pems.cert }));
	return certificate;
}

export async function startShortLinkHost(rt: Runtime, host: string): Promise<ShortLinkHost> {
	const server = https.createServer(await selfSignedCertificate(), (req, res) => {
		const path = (req.url ?? '/').split('?')[0];
		const link = extraState(rt.state).shortLinks.find((entry) => new URL(entry.short_url).pathname === path);
		const alive = link !== undefined && Date.parse(link.expire) > Date.now();
		if (!link || !alive || (req.method !== 'GET' && req.method !== 'HEAD')) {
			res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
			return;
		}
		if (req.method === 'GET') link.hits += 1;
		rt.log(`short link ${path} -> ${link.url.replace(/\?.*$/, '?…')}`);
		res.writeHead(301, { Location: link.url, 'Cache-Control': 'no-store' }).end();
	});
	const sockets = new Set<Duplex>();
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	const port = await new Promise<number>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
	});
	return {
		url: `https://localhost:${port}`,
		port,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
