/**
 * The processes of one real n8n and how a test reaches them: main (in queue mode the workers and
 * webhook processes too) started, stopped and killed; its webhook URLs; the owner's REST session;
 * the logs. N8nInstance (N8nInstance.ts) adds what a test does with it: imports, saved workflows
 * and credentials, activation, executions and the editor's REST calls.
 */
import { N8nCli } from './n8n-cli';
import { n8nEnv, type N8nEnvSettings, type QueueModeOptions } from './n8n-env';
import type { InstanceLog } from './n8n-log';
import { ProcessGroup, type ManagedProcess } from './n8n-processes';
import { RestSession } from './n8n-rest';
import type { CreateOptions, N8nHome } from './n8n-user-folder';
import { waitForRegisteredWebhook, webhookNodesOf, webhookUrlAt } from './n8n-webhooks';
import type { N8nLine } from './lines';
import type { PostgresConnection } from './postgres';
import { uniqueFreePort, waitFor } from './proc';
import type { WorkflowJson } from './types';

export interface StartOptions {
	/** Webhooks to wait for after start, in addition to those found in activated workflows. */
	webhooks?: Array<{ path: string; method?: string }>;
	/** Max time for the processes to get healthy and the webhooks to register. Default 90 s. */
	timeoutMs?: number;
}

const DEFAULT_START_TIMEOUT_MS = 90_000;
/** Printed by `n8n start` (1.x and 2.x) once the server, REST API and active workflows are up. */
const READY_LINE = 'Editor is now accessible via';

export class N8nServer {
	readonly line: N8nLine;
	/** N8N_USER_FOLDER (temporary). n8n's own folder is `${userFolder}/.n8n`. */
	readonly userFolder: string;
	/** HTTP port of the main process. */
	readonly port: number;
	/** Log of the CLI runs and the main process (workers and webhook processes: see processLog()). */
	readonly logFile: string;
	readonly queue?: QueueModeOptions;
	readonly database?: PostgresConnection;

	protected readonly log: InstanceLog;
	private readonly envSettings: N8nEnvSettings;
	protected readonly cliRunner: N8nCli;
	protected readonly processes: ProcessGroup;
	protected readonly session: RestSession;
	/** The workflows saved in this n8n, and those activated: their webhooks are waited for at start. */
	protected readonly workflows = new Map<string, WorkflowJson>();
	protected readonly activated = new Set<string>();
	/** HTTP ports of the running `n8n webhook` processes (queue mode). */
	private webhookPorts: number[] = [];
	private workerCount = 0;
	protected stopped = false;

	protected constructor({ line, userFolder, port, log }: N8nHome, opts: CreateOptions) {
		this.line = line;
		this.userFolder = userFolder;
		this.port = port;
		this.log = log;
		this.logFile = log.file;
		this.queue = opts.queue;
		this.database = opts.database;
		this.envSettings = { line, userFolder, port, queue: opts.queue, database: opts.database, extra: { ...(opts.env ?? {}) } };
		this.cliRunner = new N8nCli(line, userFolder, () => n8nEnv(this.envSettings), log);
		this.processes = new ProcessGroup(log, userFolder, `n8n ${line.version}`);
		this.session = new RestSession(() => this.baseUrl, () => this.processes.size > 0, log);
	}

	// ----------------------------------------------------------------- URLs

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Production webhook URL of a path (`/webhook/<path>`) at the main process. */
	webhookUrl(webhookPath: string): string {
		return webhookUrlAt(this.port, 'webhook', webhookPath);
	}

	/** Production webhook URL of a path at the `index`-th `n8n webhook` process (queue mode). */
	webhookProcessUrl(index: number, webhookPath: string): string {
		const port = this.webhookPorts[index];
		if (port === undefined) throw new Error(`no webhook process #${index} is running (queue.webhookProcesses)`);
		return webhookUrlAt(port, 'webhook', webhookPath);
	}

	/** Test webhook URL (`/webhook-test/<path>`). */
	webhookTestUrl(webhookPath: string): string {
		return webhookUrlAt(this.port, 'webhook-test', webhookPath);
	}

	// ----------------------------------------------------------------- processes

	get running(): boolean {
		return this.processes.size > 0;
	}

	/** Names of the running processes: `main`, `worker1`, ..., `webhook1`, ... */
	processNames(): string[] {
		return this.processes.names();
	}

	private async spawn(name: string, args: string[], perProcess: Record<string, string> = {}): Promise<ManagedProcess> {
		const env = await n8nEnv(this.envSettings, perProcess);
		const healthPort = Number(name.startsWith('worker') ? env.QUEUE_HEALTH_CHECK_PORT : env.N8N_PORT);
		const [cmd, argv] = this.cliRunner.argv(args);
		return this.processes.spawn(name, cmd, argv, env, healthPort);
	}

	/** Starts one more `n8n worker` (queue mode), named `worker<n>`; resolves when it answers /healthz. */
	async startWorker(timeoutMs = DEFAULT_START_TIMEOUT_MS): Promise<string> {
		if (!this.queue) throw new Error('startWorker() needs queue mode');
		const name = `worker${++this.workerCount}`;
		const mp = await this.spawn(name, ['worker', `--concurrency=${this.queue.concurrency ?? 5}`]);
		await this.processes.waitForHealthz(mp, timeoutMs);
		return name;
	}

	/** Kills one process by name (default SIGKILL: a crash, n8n cleans nothing up). */
	killProcess(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
		return this.processes.kill(name, signal);
	}

	/**
	 * Starts `n8n start` (and, in queue mode, the workers and webhook processes); resolves when
	 * /healthz answers and the webhooks of activated workflows (and `opts.webhooks`) are registered.
	 */
	async start(opts: StartOptions = {}): Promise<void> {
		if (this.stopped) throw new Error('instance was stopped');
		if (this.processes.size > 0) throw new Error('already started');
		const deadline = Date.now() + (opts.timeoutMs ?? DEFAULT_START_TIMEOUT_MS);
		const left = () => Math.max(1000, deadline - Date.now());
		const logOffset = this.log.size();
		try {
			const main = await this.spawn('main', ['start']);
			const mainReady = async () => {
				await this.processes.waitForHealthz(main, left());
				// /healthz answers as soon as the HTTP server listens, before the REST routes and the
				// active workflows are set up; n8n prints this line when it has finished starting.
				await waitFor(`n8n ${this.line.version} to finish starting ("${READY_LINE}" in its log)`, left(), async () => {
					this.processes.assertAlive(main);
					return this.log.since(logOffset).includes(READY_LINE) ? true : undefined;
				});
			};
			// A new PostgreSQL database is migrated by the first process that starts; n8n 1.x
			// processes started together run the migrations side by side and fail. Main goes first
			// (as n8n's documentation has it), then the workers and webhook processes.
			const mainFirst = this.queue !== undefined && this.database !== undefined;
			if (mainFirst) await mainReady();
			const others: ManagedProcess[] = [];
			const webhookProcesses: ManagedProcess[] = [];
			if (this.queue) {
				this.workerCount = 0;
				for (let i = 0; i < (this.queue.workers ?? 1); i++) {
					const name = `worker${++this.workerCount}`;
					others.push(await this.spawn(name, ['worker', `--concurrency=${this.queue.concurrency ?? 5}`]));
				}
				for (let i = 0; i < (this.queue.webhookProcesses ?? 0); i++) {
					const port = await uniqueFreePort();
					webhookProcesses.push(await this.spawn(`webhook${i + 1}`, ['webhook'], { N8N_PORT: String(port) }));
				}
				this.webhookPorts = webhookProcesses.map((w) => w.healthPort!);
			}
			if (!mainFirst) await mainReady();
			for (const mp of [...others, ...webhookProcesses]) await this.processes.waitForHealthz(mp, left());
			const known = webhookNodesOf([...this.activated].map((id) => this.workflows.get(id)));
			for (const wh of [...known, ...(opts.webhooks ?? [])]) {
				const method = wh.method ?? 'POST';
				await waitForRegisteredWebhook(this.webhookUrl(wh.path), method, this.baseUrl, left(), () => this.processes.assertAlive(main));
				for (const [i, mp] of webhookProcesses.entries()) {
					await waitForRegisteredWebhook(this.webhookProcessUrl(i, wh.path), method, this.baseUrl, left(), () =>
						this.processes.assertAlive(mp),
					);
				}
			}
		} catch (e) {
			await this.stopProcesses();
			throw e instanceof Error && e.message.includes('--- log') ? e : new Error(this.log.failure(String(e instanceof Error ? e.message : e)));
		}
	}

	/**
	 * Waits until the production webhook `path` is registered for `method` at the main process (or
	 * at the `webhookProcess`-th webhook process), without calling it. When a node registers its URL
	 * at an external service too, that may finish after this resolves: wait for it separately.
	 */
	async waitForWebhook(webhookPath: string, method = 'POST', timeoutMs = 30_000, webhookProcess?: number): Promise<void> {
		const url = webhookProcess === undefined ? this.webhookUrl(webhookPath) : this.webhookProcessUrl(webhookProcess, webhookPath);
		await waitForRegisteredWebhook(url, method, this.baseUrl, timeoutMs);
	}

	/**
	 * Stops the n8n processes (SIGTERM, SIGKILL after 10 s; or `signal` at once) but keeps the user
	 * folder (for restart).
	 */
	async stopProcesses(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
		this.webhookPorts = [];
		this.session.reset();
		await this.processes.stopAll(signal);
	}

	/** stopProcesses() then start() again (e.g. after activating more workflows). */
	async restart(opts: StartOptions = {}): Promise<void> {
		await this.stopProcesses();
		await this.start(opts);
	}

	// ----------------------------------------------------------------- logs

	/** The whole log of this instance (all CLI runs and every process). */
	logs(): string {
		return this.log.all();
	}

	/** The log of one process (`main` also holds the CLI runs). */
	processLog(name: string): string {
		return this.log.of(name);
	}

	/** Last lines of the main log, for error messages. */
	logTail(lines = 120): string {
		return this.log.tail(lines);
	}
}
