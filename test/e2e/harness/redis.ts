import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import * as net from 'net';

import { spawnDetached, stopGroup, uniqueFreePort, waitFor } from './proc';

export interface RedisServer {
	port: number;
	/** One command, e.g. `command('ZSCORE', 'bull:jobs:failed', '12')`; its reply (null for a nil). */
	command(...args: string[]): Promise<RedisReply>;
	stop(): Promise<void>;
}

export type RedisReply = string | number | null | RedisReply[];

/** Parses one RESP reply from `buf` at `at`; undefined while it is incomplete. */
function parseReply(buf: string, at = 0): { value: RedisReply; end: number } | undefined {
	const lineEnd = buf.indexOf('\r\n', at);
	if (lineEnd < 0) return undefined;
	const head = buf.slice(at + 1, lineEnd);
	const next = lineEnd + 2;
	switch (buf[at]) {
		case '+':
			return { value: head, end: next };
		case '-':
			throw new Error(`redis: ${head}`);
		case ':':
			return { value: Number(head), end: next };
		case '$': {
			const length = Number(head);
			if (length < 0) return { value: null, end: next };
			if (buf.length < next + length + 2) return undefined;
			return { value: buf.slice(next, next + length), end: next + length + 2 };
		}
		case '*': {
			const count = Number(head);
			if (count < 0) return { value: null, end: next };
			const items: RedisReply[] = [];
			let end = next;
			for (let i = 0; i < count; i++) {
				const item = parseReply(buf, end);
				if (!item) return undefined;
				items.push(item.value);
				end = item.end;
			}
			return { value: items, end };
		}
		default:
			throw new Error(`redis: unexpected reply ${JSON.stringify(buf.slice(at, at + 40))}`);
	}
}

/** Sends one command over a new connection (bounded: 5 s); ASCII keys and values only. */
function redisCommand(port: number, args: string[]): Promise<RedisReply> {
	return new Promise((resolve, reject) => {
		const s = net.connect(port, '127.0.0.1');
		let buf = '';
		s.setTimeout(5000, () => {
			s.destroy();
			reject(new Error(`redis ${args[0]}: no answer within 5 s`));
		});
		s.on('error', reject);
		s.on('connect', () => s.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`));
		s.on('data', (d) => {
			buf += d.toString('latin1');
			try {
				const reply = parseReply(buf);
				if (!reply) return;
				s.destroy();
				resolve(reply.value);
			} catch (e) {
				s.destroy();
				reject(e);
			}
		});
	});
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
	const service = spawnDetached(
		bin,
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'],
		{},
	);
	const stop = async () => {
		await stopGroup(service.child, service.exited, 'SIGTERM', 5_000);
		fs.rmSync(dir, { recursive: true, force: true });
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
	return { port, command: (...args: string[]) => redisCommand(port, args), stop };
}
