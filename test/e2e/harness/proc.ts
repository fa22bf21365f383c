import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';

import { currentRunId, registerGroup, unregisterGroup } from './run-ownership';

export interface RunResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	timedOut: boolean;
	durationMs: number;
}

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	timeoutMs: number;
	/** Appends a header, stdout and stderr of the run to this file. */
	logFile?: string;
	/** Written to the child's stdin, then closed. */
	input?: string;
}

/** Kills a detached child's whole process group (n8n spawns task runners). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			// already gone
		}
	}
}

/** Runs a command to completion; kills its process group at the timeout. Never rejects on exit codes. */
export function runProcess(cmd: string, args: string[], opts: RunOptions): Promise<RunResult> {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, {
			cwd: opts.cwd,
			env: opts.env,
			detached: true,
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		registerGroup(child);
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		let timedOut = false;
		child.stdout!.on('data', (b: Buffer) => out.push(b));
		child.stderr!.on('data', (b: Buffer) => err.push(b));
		child.stdin!.on('error', () => undefined);
		child.stdin!.end(opts.input ?? '');
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child, 'SIGKILL');
		}, opts.timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(new Error(`Cannot start ${cmd}: ${e.message}`));
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			// Leftover grandchildren (task runners) of a finished CLI command.
			killGroup(child, 'SIGKILL');
			unregisterGroup(child);
			const result: RunResult = {
				code,
				signal,
				stdout: Buffer.concat(out).toString('utf8'),
				stderr: Buffer.concat(err).toString('utf8'),
				timedOut,
				durationMs: Date.now() - started,
			};
			if (opts.logFile) {
				fs.appendFileSync(
					opts.logFile,
					`\n===== $ ${[cmd, ...args].join(' ')}\n` +
						`===== exit ${code ?? signal}${timedOut ? ' (TIMED OUT)' : ''} after ${result.durationMs} ms\n` +
						`----- stdout\n${result.stdout}\n----- stderr\n${result.stderr}\n`,
				);
			}
			resolve(result);
		});
	});
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
		});
	});
}

/** `port` when nothing listens on it on 127.0.0.1 (nor on all addresses), otherwise a free one. */
export async function portIfFree(port: number): Promise<number> {
	const free = await new Promise<boolean>((resolve) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', () => resolve(false));
		srv.listen(port, () => srv.close(() => resolve(true)));
	});
	return free ? port : uniqueFreePort();
}

const handedOut = new Set<number>();
/** freePort() that never returns the same port twice in this process. */
export async function uniqueFreePort(): Promise<number> {
	for (let i = 0; i < 50; i++) {
		const p = await freePort();
		if (!handedOut.has(p)) {
			handedOut.add(p);
			return p;
		}
	}
	throw new Error('could not find a free port');
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves true when `p` settles within `ms`, false otherwise; leaves no timer behind. */
export function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
	return new Promise((resolve) => {
		const timer = setTimeout(() => resolve(false), ms);
		p.then(
			() => {
				clearTimeout(timer);
				resolve(true);
			},
			() => {
				clearTimeout(timer);
				resolve(true);
			},
		);
	});
}

/** Thrown by a waitFor() probe to stop waiting at once (e.g. the process died). */
export class AbortWait extends Error {}

/**
 * Polls `probe` until it returns a value other than undefined, at most `timeoutMs`.
 * `describe` says what was awaited, for the error.
 */
export async function waitFor<T>(
	describe: string,
	timeoutMs: number,
	probe: () => Promise<T | undefined>,
	intervalMs = 250,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let lastError: unknown;
	for (;;) {
		try {
			const v = await probe();
			if (v !== undefined) return v;
		} catch (e) {
			if (e instanceof AbortWait) throw e;
			lastError = e;
		}
		if (Date.now() >= deadline) {
			const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
			throw new Error(`Timed out after ${timeoutMs} ms waiting for ${describe}${why}`);
		}
		await sleep(intervalMs);
	}
}

/** Last `lines` lines of a text file ('' if missing). */
export function tailFile(file: string, lines = 120): string {
	try {
		const all = fs.readFileSync(file, 'utf8').split('\n');
		return all.slice(-lines).join('\n');
	} catch {
		return '';
	}
}

/**
 * Stops a detached child and its process group: `signal`, SIGKILL when it has not exited after
 * `graceMs`, then SIGKILL to whatever is left of the group (e.g. n8n's task runners).
 */
export async function stopGroup(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
	if (child.exitCode === null && child.signalCode === null) {
		killGroup(child, signal);
		if (!(await settlesWithin(exited, graceMs))) {
			killGroup(child, 'SIGKILL');
			await settlesWithin(exited, 5_000);
		}
	}
	killGroup(child, 'SIGKILL');
	unregisterGroup(child);
}

/** A detached background service (its own process group) and whether it has exited. */
export interface DetachedService {
	child: ChildProcess;
	exited: Promise<void>;
	hasExited(): boolean;
}

export function spawnDetached(
	cmd: string,
	args: string[],
	opts: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: 'ignore' | ['ignore', number, number] },
): DetachedService {
	const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio: opts.stdio ?? 'ignore' });
	registerGroup(child);
	let gone = false;
	const exited = new Promise<void>((resolve) => {
		child.on('exit', () => {
			gone = true;
			resolve();
		});
		child.on('error', () => {
			gone = true;
			resolve();
		});
	});
	return { child, exited, hasExited: () => gone };
}

/**
 * Runs `fn` while holding a lock that every jest worker on this machine shares (a folder under
 * the OS temp folder), so that two load phases of different suites do not run at the same time
 * and slow each other down. A lock older than `staleMs` (a killed run) is taken over; the lock
 * names the run that holds it (its file `run`), whose reaper (scripts/reaper.js) removes it when
 * the run is interrupted.
 */
export async function withMachineLock<T>(name: string, fn: () => Promise<T>, opts: { waitMs?: number; staleMs?: number } = {}): Promise<T> {
	const dir = `${os.tmpdir()}/smsapi-e2e-lock-${name.replace(/[^\w.-]+/g, '_')}`;
	const staleMs = opts.staleMs ?? 5 * 60_000;
	await waitFor(`the machine-wide lock '${name}'`, opts.waitMs ?? 10 * 60_000, async () => {
		try {
			fs.mkdirSync(dir);
			fs.writeFileSync(path.join(dir, 'run'), currentRunId() ?? '');
			return true;
		} catch {
			try {
				if (Date.now() - fs.statSync(dir).mtimeMs > staleMs) fs.rmSync(dir, { recursive: true, force: true });
			} catch {
				// released in the meantime
			}
			return undefined;
		}
	}, 250);
	try {
		return await fn();
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}
