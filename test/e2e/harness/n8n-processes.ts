/**
 * The long-running n8n processes of one instance (main, workers, webhook processes): started
 * detached in their own process group, each writing to its log, stopped or killed by name.
 */
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';

import type { InstanceLog } from './n8n-log';
import { AbortWait, stopGroup, waitFor } from './proc';
import { registerGroup } from './run-ownership';

export interface ManagedProcess {
	/** `main`, `worker1`, `webhook1`, ... */
	name: string;
	child: ChildProcess;
	exited: Promise<void>;
	exitInfo?: string;
	/** Port of its /healthz (main and webhook: the HTTP port; worker: QUEUE_HEALTH_CHECK_PORT). */
	healthPort?: number;
}

export class ProcessGroup {
	private processes: ManagedProcess[] = [];

	constructor(
		private readonly log: InstanceLog,
		private readonly cwd: string,
		private readonly what: string,
	) {}

	get size(): number {
		return this.processes.length;
	}

	/** The running (or exited but not yet stopped) process of that name. */
	get(name: string): ManagedProcess {
		const found = this.processes.find((mp) => mp.name === name);
		if (!found) throw new Error(`no n8n process '${name}' (have: ${this.processes.map((mp) => mp.name).join(', ') || 'none'})`);
		return found;
	}

	names(): string[] {
		return this.processes.map((mp) => mp.name);
	}

	spawn(name: string, cmd: string, argv: string[], env: NodeJS.ProcessEnv, healthPort?: number): ManagedProcess {
		const file = this.log.fileOf(name);
		const fd = fs.openSync(file, 'a');
		fs.writeSync(fd, `\n===== [${name}] $ ${cmd} ${argv.join(' ')} (${new Date().toISOString()})\n`);
		const child = spawn(cmd, argv, { cwd: this.cwd, env, detached: true, stdio: ['ignore', fd, fd] });
		registerGroup(child);
		fs.closeSync(fd);
		const mp: ManagedProcess = { name, child, exited: Promise.resolve(), healthPort };
		mp.exited = new Promise<void>((resolve) => {
			child.on('exit', (code, signal) => {
				mp.exitInfo = `exit ${code ?? signal}`;
				fs.appendFileSync(file, `\n===== [${name}] ${mp.exitInfo} (${new Date().toISOString()})\n`);
				resolve();
			});
			child.on('error', (e) => {
				mp.exitInfo = `spawn error ${e.message}`;
				resolve();
			});
		});
		this.processes.push(mp);
		return mp;
	}

	/** Throws AbortWait (stops a waitFor at once) when the process has exited. */
	assertAlive(mp: ManagedProcess): void {
		if (mp.exitInfo) throw new AbortWait(this.log.failure(`${this.what} ${mp.name} died (${mp.exitInfo})`));
	}

	/** Waits until the process answers /healthz on its health port (fails at once if it exits). */
	async waitForHealthz(mp: ManagedProcess, timeoutMs: number): Promise<void> {
		const port = mp.healthPort;
		if (port === undefined) throw new Error(`${mp.name} has no health port`);
		await waitFor(`${this.what} ${mp.name} /healthz on port ${port}`, timeoutMs, async () => {
			this.assertAlive(mp);
			const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
			return res.ok ? true : undefined;
		});
	}

	/** Stops one process: `signal` (SIGKILL = a crash, no clean-up by n8n), then its whole group. */
	async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
		const mp = this.get(name);
		this.processes = this.processes.filter((p) => p !== mp);
		await stopGroup(mp.child, mp.exited, signal);
	}

	/**
	 * Stops every process: the webhook processes and workers together, then main. `SIGTERM` lets
	 * n8n shut down (SIGKILL after 10 s when it still waits for executions); `SIGKILL` is for an
	 * instance that is thrown away, where nothing needs n8n's clean-up.
	 */
	async stopAll(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
		const procs = this.processes;
		this.processes = [];
		const main = procs.filter((mp) => mp.name === 'main');
		const others = procs.filter((mp) => mp.name !== 'main');
		await Promise.all(others.map((mp) => stopGroup(mp.child, mp.exited, signal)));
		await Promise.all(main.map((mp) => stopGroup(mp.child, mp.exited, signal)));
	}
}

