import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import * as net from 'net';

import { spawnDetached, stopGroup, uniqueFreePort, waitFor } from './proc';
import { registerTempDir, unregisterTempDir } from './run-ownership';

export interface RedisServer {
	port: number;
	stop(): Promise<void>;
}

function redisBin(): string {
	try {
		return execFileSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).trim();
	} catch {
		throw new Error('redis-server is not installed (queue-mode e2e tests need it): apt-get install -y redis-server');
	}
}

function ping(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const s = net.connect(port, '127.0.0.1');
		let buf = '';
		s.setTimeout(1000, () => {
			s.destroy();
			resolve(false);
		});
		s.on('error', () => resolve(false));
		s.on('connect', () => s.write('PING\r\n'));
		s.on('data', (d) => {
			buf += d.toString();
			if (buf.includes('\r\n')) {
				s.destroy();
				resolve(buf.startsWith('+PONG'));
			}
		});
	});
}

/** Starts a throw-away redis-server on 127.0.0.1 (no persistence) for queue mode. */
export async function startRedis(timeoutMs = 15_000): Promise<RedisServer> {
	const bin = redisBin();
	const port = await uniqueFreePort();
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smsapi-e2e-redis-'));
	registerTempDir(dir);
	const service = spawnDetached(
		bin,
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'],
		{},
	);
	const stop = async () => {
		await stopGroup(service.child, service.exited, 'SIGTERM', 5_000);
		fs.rmSync(dir, { recursive: true, force: true });
		unregisterTempDir(dir);
	};
	try {
		await waitFor(`redis-server on port ${port}`, timeoutMs, async () => {
			if (service.hasExited()) throw new Error('redis-server exited');
			return (await ping(port)) ? true : undefined;
		});
	} catch (e) {
		await stop();
		throw e;
	}
	return { port, stop };
}
