/**
 * A real `npm test` of this project started by a test, interrupted by it as a terminal or CI does,
 * and what it left behind. The run gets a process group of its own (the stand-in for a terminal's
 * foreground job), so that a signal to it reaches that run and nothing else. While it runs, every
 * process of the run is noted (a descendant of its npm, or a process carrying its run id) with the
 * TCP ports they listen on and the temporary folders of its n8n and PostgreSQL processes; after the
 * signal those must be gone.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { E2E_LOG_DIR, PROJECT_ROOT } from '../harness/config';
import { settlesWithin, sleep, tailFile } from '../harness/proc';
import { environHas, environValue, isRunning, listeningSockets, processTable, socketInodesOf, type ProcessInfo } from './process-table';

const RUN_ID_VAR = 'SMSAPI_TEST_RUN';
const POLL_MS = 150;

export interface Leftovers {
	processes: ProcessInfo[];
	ports: Array<{ port: number; cmd: string }>;
	/** Temporary folders of the run's servers (n8n's user folders, PostgreSQL's data) still there. */
	folders: string[];
}

export interface Outcome {
	/** From the signal until nothing was left, or until the limit. */
	ms: number;
	left: Leftovers;
	/** How the run's npm ended. */
	exit: string;
}

/** The caller's environment as a user's shell has it: without jest's and npm's own variables. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (/^(npm_|JEST_WORKER_ID$|NODE_ENV$)/i.test(k)) continue;
		env[k] = v;
	}
	return { ...env, ...extra };
}

export class ChildRun {
	readonly logFile: string;
	/** Every process of the run seen so far (pid:start → process). */
	readonly seen = new Map<string, ProcessInfo>();
	/** Socket inode → the port and the process of every listening socket of the run seen so far. */
	readonly ports = new Map<string, { port: number; cmd: string }>();
	/** The temporary folders of the run's n8n and PostgreSQL processes seen so far. */
	readonly folders = new Set<string>();
	private readonly child: ChildProcess;
	private readonly exited: Promise<void>;
	private exitInfo: string | undefined;
	private runId: string | undefined;
	private signalledAt = 0;

	/** `npm test -- <args>` in its own process group; its output goes to a log file. */
	constructor(label: string, args: string[], env: Record<string, string> = {}) {
		fs.mkdirSync(E2E_LOG_DIR, { recursive: true });
		this.logFile = path.join(E2E_LOG_DIR, `interrupted-run-${label}-${Date.now()}.log`);
		const fd = fs.openSync(this.logFile, 'a');
		this.child = spawn('npm', ['test', '--', ...args], { cwd: PROJECT_ROOT, detached: true, stdio: ['ignore', fd, fd], env: userEnv(env) });
		fs.closeSync(fd);
		this.exited = new Promise((resolve) => {
			this.child.on('exit', (code, signal) => {
				this.exitInfo = `exit ${code ?? signal}`;
				resolve();
			});
			this.child.on('error', (e) => {
				this.exitInfo = `cannot start npm: ${e.message}`;
				resolve();
			});
		});
		const root = this.child.pid === undefined ? undefined : processTable().get(this.child.pid);
		if (root) this.seen.set(`${root.pid}:${root.start}`, root);
	}

	/** The run's processes seen so far whose command line matches. */
	processes(cmd: RegExp): ProcessInfo[] {
		return [...this.seen.values()].filter((p) => cmd.test(p.cmd));
	}

	/** The ports of the run's processes whose command line matches. */
	portsOf(cmd: RegExp): number[] {
		return [...this.ports.values()].filter((p) => cmd.test(p.cmd)).map((p) => p.port);
	}

	/** Notes the run's processes now running and the ports they listen on. */
	poll(): void {
		const table = processTable();
		const children = new Map<number, ProcessInfo[]>();
		for (const p of table.values()) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
		const add = (p: ProcessInfo) => this.seen.set(`${p.pid}:${p.start}`, p);
		// Descendants of the run's processes that still run (a process whose parent died before it
		// was seen is found by the run id it carries).
		// A process seen before its exec() showed its parent's command line: keep the latest.
		for (const [key, p] of this.seen) if (table.get(p.pid)?.start === p.start) this.seen.set(key, table.get(p.pid)!);
		const queue = [...this.seen.values()].filter((p) => table.get(p.pid)?.start === p.start);
		while (queue.length > 0) {
			for (const c of children.get(queue.pop()!.pid) ?? []) {
				if (this.seen.has(`${c.pid}:${c.start}`)) continue;
				add(c);
				queue.push(c);
			}
		}
		const outer = process.env[RUN_ID_VAR];
		for (const p of this.runId ? [] : this.seen.values()) {
			const id = environValue(p.pid, RUN_ID_VAR);
			if (id && id !== outer) this.runId = id;
		}
		if (this.runId) {
			for (const p of table.values()) {
				if (!this.seen.has(`${p.pid}:${p.start}`) && environHas(p.pid, `${RUN_ID_VAR}=${this.runId}`)) add(p);
			}
		}
		const listening = listeningSockets();
		for (const p of this.seen.values()) {
			if (table.get(p.pid)?.start !== p.start) continue;
			const folder = /\bpostgres -D (\S+)\/data\b/.exec(p.cmd)?.[1] ?? (/\/n8n\/bin\/n8n /.test(p.cmd) ? environValue(p.pid, 'N8N_USER_FOLDER') : undefined);
			if (folder?.startsWith(path.join(os.tmpdir(), 'smsapi-e2e-'))) this.folders.add(folder);
			for (const inode of socketInodesOf(p.pid)) {
				const port = listening.get(inode);
				if (port !== undefined) this.ports.set(inode, { port, cmd: p.cmd });
			}
		}
	}

	/** Follows the run until `reached` holds; throws when the run ends first or after `timeoutMs`. */
	async until(describe: string, reached: (run: ChildRun) => boolean, timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			this.poll();
			if (reached(this)) return;
			if (this.exitInfo) throw new Error(`the run ended (${this.exitInfo}) before ${describe}:\n${tailFile(this.logFile, 40)}`);
			if (Date.now() > deadline) throw new Error(`no ${describe} after ${timeoutMs} ms:\n${tailFile(this.logFile, 40)}`);
			await sleep(POLL_MS);
		}
	}

	/** Sends `signal` to the run's process group, as a terminal (SIGINT) or CI (SIGTERM) does. */
	interrupt(signal: 'SIGINT' | 'SIGTERM'): void {
		this.poll();
		this.signalledAt = Date.now();
		process.kill(-this.child.pid!, signal);
	}

	/** What of the run is still running: its processes, and its sockets still listening. */
	leftovers(): Leftovers {
		const listening = listeningSockets();
		return {
			processes: [...this.seen.values()].filter(isRunning),
			ports: [...this.ports].filter(([inode]) => listening.has(inode)).map(([, p]) => p),
			folders: [...this.folders].filter((folder) => fs.existsSync(folder)),
		};
	}

	/** Waits until nothing of the run is left, at most `limitMs` after the signal. */
	async settle(limitMs: number): Promise<Outcome> {
		for (;;) {
			const left = this.leftovers();
			const ms = Date.now() - this.signalledAt;
			if (left.processes.length + left.ports.length + left.folders.length === 0 || ms > limitMs) {
				return { ms, left, exit: this.exitInfo ?? 'still running' };
			}
			await sleep(100);
		}
	}

	/**
	 * SIGKILL to whatever of the run still runs (after a failed check, so that a failing test leaves
	 * nothing behind either): only processes seen as the run's, each checked to be that same process.
	 */
	async killLeftovers(): Promise<void> {
		for (const p of this.leftovers().processes) {
			try {
				if (isRunning(p)) process.kill(p.pid, 'SIGKILL');
			} catch {
				// ended meanwhile
			}
		}
		await settlesWithin(this.exited, 5_000);
		for (const folder of this.leftovers().folders) fs.rmSync(folder, { recursive: true, force: true });
	}
}

/** One line per process and port, for a failure message. */
export function describeLeftovers(left: Leftovers): string {
	return [
		...left.processes.map((p) => `process ${p.pid} (group ${p.pgid}): ${p.cmd.slice(0, 200)}`),
		...left.ports.map((p) => `port ${p.port}: ${p.cmd.slice(0, 200)}`),
		...left.folders.map((folder) => `folder ${folder}`),
	].join('\n');
}
