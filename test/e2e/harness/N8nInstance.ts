/**
 * One real n8n: a temporary user folder with this package installed as a community package, its
 * processes (main; in queue mode workers and webhook processes too) and the ways a test reaches
 * it. The concerns live in their own files; this class puts them together:
 * - n8n-env.ts         the environment of every process (loopback, SQLite or PostgreSQL, queue mode)
 * - n8n-cli.ts         imports before start
 * - db-template.ts     a migrated empty database copied into each new user folder
 * - activate-n8n-db.js workflows activated in the database before start (as n8n's CLI does)
 * - n8n-processes.ts   starting, stopping and killing processes
 * - n8n-webhooks.ts    webhook URLs, waiting until a path is registered
 * - n8n-rest.ts        the REST API with the owner's session (credentials, dropdowns, retry)
 * - n8n-executions.ts  executions read from the database
 * - n8n-log.ts         the log files
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { assertBuilt } from './build';
import { seedMigratedDatabase } from './db-template';
import { E2E_LOG_DIR, PACKAGE_NAME, PROJECT_ROOT } from './config';
import { getLine, type LineId, type N8nLine } from './lines';
import { completeWorkflow, N8nCli } from './n8n-cli';
import { n8nEnv, type N8nEnvSettings, type QueueModeOptions } from './n8n-env';
import { ExecutionStore } from './n8n-executions';
import { InstanceLog } from './n8n-log';
import { ProcessGroup, type ManagedProcess } from './n8n-processes';
import { RestSession, type CredentialTestResult, type DynamicParametersRequest } from './n8n-rest';
import { waitForRegisteredWebhook, webhookNodesOf, webhookUrlAt } from './n8n-webhooks';
import { copyPackedPackage } from './package-files';
import { postgresUrl, type PostgresConnection } from './postgres';
import { newId } from './ids';
import { runProcess, uniqueFreePort, waitFor, type RunResult } from './proc';
import type { CredentialJson, ExecutionRecord, WorkflowJson, WorkflowRunResult } from './types';

export { newId } from './ids';
export type { QueueModeOptions } from './n8n-env';
export type { CredentialTestResult, DynamicParametersRequest } from './n8n-rest';

export interface CreateOptions {
	/** Line id ('1' | '2') or a line from n8nLines(). */
	line: LineId | N8nLine;
	/** Extra environment for every n8n process of this instance (undefined removes a variable). */
	env?: Record<string, string | undefined>;
	/** Queue mode: main + worker(s) (+ webhook processes) sharing this user folder and a Redis. */
	queue?: QueueModeOptions;
	/** PostgreSQL (see startPostgres()) instead of SQLite; what n8n requires for queue mode in production. */
	database?: PostgresConnection;
	/**
	 * Package folder linked as the community package. Default: SMSAPI_E2E_PACKAGE_DIR if set
	 * (e.g. an unpacked `npm pack` tarball), else this project (which must be built).
	 */
	packageDir?: string;
	/**
	 * How the package gets into `.n8n/nodes/node_modules`: 'copy' (default) copies the files
	 * `npm pack` ships, like a user's install; 'link' symlinks the folder (then the package's own
	 * node_modules, e.g. its n8n-workflow devDependency, is used). Env SMSAPI_E2E_INSTALL_MODE=link.
	 */
	installMode?: 'copy' | 'link';
	/** Label in log file names. */
	label?: string;
	/** HTTP port of the main process (default: a free one). */
	port?: number;
}

export interface StartOptions {
	/** Webhooks to wait for after start, in addition to those found in activated workflows. */
	webhooks?: Array<{ path: string; method?: string }>;
	/** Max time for the processes to get healthy and the webhooks to register. Default 90 s. */
	timeoutMs?: number;
}

const DEFAULT_START_TIMEOUT_MS = 90_000;
/** Printed by `n8n start` (1.x and 2.x) once the server, REST API and active workflows are up. */
const READY_LINE = 'Editor is now accessible via';

export class N8nInstance {
	readonly line: N8nLine;
	/** N8N_USER_FOLDER (temporary). n8n's own folder is `${userFolder}/.n8n`. */
	readonly userFolder: string;
	/** HTTP port of the main process. */
	readonly port: number;
	/** Log of the CLI runs and the main process (workers and webhook processes: see processLog()). */
	readonly logFile: string;
	readonly queue?: QueueModeOptions;
	readonly database?: PostgresConnection;

	private readonly log: InstanceLog;
	private readonly envSettings: N8nEnvSettings;
	private readonly cliRunner: N8nCli;
	private readonly processes: ProcessGroup;
	private readonly session: RestSession;
	private readonly store: ExecutionStore;
	private readonly workflows = new Map<string, WorkflowJson>();
	/** versionId of the workflows saved through the REST API (createWorkflows()). */
	private readonly versionIds = new Map<string, string>();
	private readonly activated = new Set<string>();
	/** HTTP ports of the running `n8n webhook` processes (queue mode). */
	private webhookPorts: number[] = [];
	private workerCount = 0;
	private stopped = false;

	private constructor(line: N8nLine, userFolder: string, port: number, log: InstanceLog, opts: CreateOptions) {
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
		this.store = new ExecutionStore(line, userFolder, opts.database, log);
	}

	/** Makes a fresh user folder with this package installed; nothing is started yet. */
	static async create(opts: CreateOptions): Promise<N8nInstance> {
		const line = typeof opts.line === 'string' ? getLine(opts.line) : opts.line;
		const packageDir = path.resolve(opts.packageDir ?? (process.env.SMSAPI_E2E_PACKAGE_DIR || PROJECT_ROOT));
		if (packageDir === PROJECT_ROOT) assertBuilt();
		else if (!fs.existsSync(path.join(packageDir, 'package.json'))) {
			throw new Error(`package folder ${packageDir} has no package.json`);
		}
		const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `smsapi-e2e-n8n${line.line}-`));
		const nodesDir = path.join(userFolder, '.n8n', 'nodes');
		fs.mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });
		const installMode = opts.installMode ?? (process.env.SMSAPI_E2E_INSTALL_MODE === 'link' ? 'link' : 'copy');
		const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
		if (installMode === 'link') fs.symlinkSync(packageDir, target, 'dir');
		else copyPackedPackage(packageDir, target);
		fs.mkdirSync(E2E_LOG_DIR, { recursive: true });
		const stamp = new Date().toISOString().replace(/[:.]/g, '-');
		const label = opts.label ? `-${opts.label.replace(/[^\w.-]+/g, '_')}` : '';
		const logFile = path.join(E2E_LOG_DIR, `n8n${line.line}${label}-${stamp}-${process.pid}.log`);
		fs.writeFileSync(
			logFile,
			`n8n ${line.version} (line ${line.line}) user folder ${userFolder}, package ${packageDir} (${installMode})` +
				`${opts.database ? `, PostgreSQL 127.0.0.1:${opts.database.port}` : ''}\n`,
		);
		const port = opts.port ?? (await uniqueFreePort());
		const log = new InstanceLog(logFile, `n8n ${line.version}`);
		if (!opts.database) await seedMigratedDatabase(line, userFolder, log);
		return new N8nInstance(line, userFolder, port, log, opts);
	}

	// ----------------------------------------------------------------- CLI

	/** Runs an n8n CLI command against this user folder. Throws (with the log) on a non-zero exit unless allowFailure. */
	cli(args: string[], opts: { timeoutMs?: number; allowFailure?: boolean } = {}): Promise<RunResult> {
		return this.cliRunner.run(args, opts);
	}

	/**
	 * Imports credentials (plain `data`; n8n encrypts it with the instance key).
	 * Missing ids and names are filled in; returns the credentials as imported.
	 */
	importCredentials(creds: CredentialJson[]): Promise<Array<CredentialJson & { id: string; name: string }>> {
		return this.cliRunner.importCredentials(creds);
	}

	/** Imports one workflow (inactive); fills in id, name, settings. Returns its id. */
	async importWorkflow(wf: WorkflowJson): Promise<string> {
		const [id] = await this.importWorkflows([wf]);
		return id;
	}

	/** Imports several workflows in one CLI call; returns their ids in order. */
	async importWorkflows(wfs: WorkflowJson[]): Promise<string[]> {
		const full = await this.cliRunner.importWorkflows(wfs);
		for (const wf of full) this.workflows.set(wf.id, wf);
		return full.map((wf) => wf.id);
	}

	/**
	 * Creates credentials in the running n8n the way the editor saves them (REST, owned by the
	 * owner; n8n assigns the ids). Cheaper than importCredentials(), which is an n8n CLI start of
	 * about 4 s of CPU. Returns them with n8n's ids, ready for the workflows' nodes.
	 */
	async createCredentials(creds: CredentialJson[]): Promise<Array<CredentialJson & { id: string; name: string }>> {
		const out: Array<CredentialJson & { id: string; name: string }> = [];
		for (const cred of creds) {
			const name = cred.name ?? `${cred.type} ${newId().slice(0, 6)}`;
			out.push({ ...cred, name, id: await this.session.createCredential({ ...cred, name }) });
		}
		return out;
	}

	/**
	 * Saves workflows in the running n8n the way the editor does (REST, inactive). n8n 1.x assigns
	 * its own ids (2.x keeps a given one): use the returned ids. Cheaper than importWorkflows().
	 */
	async createWorkflows(wfs: WorkflowJson[]): Promise<string[]> {
		const ids: string[] = [];
		for (const wf of wfs) {
			const full = completeWorkflow(wf);
			const { id, versionId } = await this.session.createWorkflow(full);
			this.workflows.set(id, { ...full, id });
			this.versionIds.set(id, versionId);
			ids.push(id);
		}
		return ids;
	}

	/**
	 * Activates (2.x: publishes) workflows.
	 * - Before start(): writes what n8n's `update:workflow --active=true` / `publish:workflow`
	 *   write, for all of them in one transaction (activate-n8n-db.js) rather than one n8n CLI start
	 *   (about 4 s) per workflow; n8n activates them when it starts.
	 * - While n8n runs: the editor's toggle (POST /rest/workflows/:id/activate), then waits until
	 *   their webhooks are registered.
	 */
	async activate(ids: string | string[], opts: { timeoutMs?: number } = {}): Promise<void> {
		const list = Array.isArray(ids) ? ids : [ids];
		if (list.length === 0) return;
		if (this.processes.size > 0) {
			for (const id of list) {
				await this.session.activateWorkflow(id, this.versionIds.get(id) ?? (await this.session.workflowVersionId(id)));
				this.activated.add(id);
			}
			const timeoutMs = opts.timeoutMs ?? 30_000;
			for (const wh of webhookNodesOf(list.map((id) => this.workflows.get(id)))) {
				await waitForRegisteredWebhook(this.webhookUrl(wh.path), wh.method, this.baseUrl, timeoutMs);
			}
			return;
		}
		const source = this.database
			? postgresUrl(this.database)
			: path.join(this.userFolder, '.n8n', 'database.sqlite');
		const res = await runProcess(
			this.line.sqliteNodeBin,
			['--no-warnings', path.join(__dirname, 'activate-n8n-db.js'), source, this.line.n8nPackageDir, ...list],
			{ timeoutMs: 30_000, env: { PATH: process.env.PATH ?? '' }, logFile: this.logFile },
		);
		if (res.code !== 0) {
			throw new Error(this.log.failure(`activating workflows ${list.join(', ')} failed (exit ${res.code ?? res.signal})`, res));
		}
		for (const id of list) this.activated.add(id);
	}

	/**
	 * Runs a saved, active workflow that starts with a Webhook node on `webhookPath` (a fixture
	 * made so by startedByWebhook()) by calling its production URL, as a caller would, and returns
	 * the run once n8n has saved it (its data read from the database). Resolves with the run also
	 * when the workflow failed (see `error`). Unlike `n8n execute`, it starts no n8n process of its
	 * own (each such start costs about 5 s of CPU).
	 */
	async runViaWebhook(workflowId: string, webhookPath: string, opts: { timeoutMs?: number } = {}): Promise<WorkflowRunResult> {
		const timeoutMs = opts.timeoutMs ?? 60_000;
		const before = await this.lastExecutionId();
		const res = await fetch(this.webhookUrl(webhookPath), { signal: AbortSignal.timeout(timeoutMs) });
		const text = await res.text();
		if (res.status !== 200) {
			throw new Error(this.log.failure(`GET ${this.webhookUrl(webhookPath)} answered ${res.status}: ${text.slice(0, 500)}`));
		}
		const [execution] = await this.waitForExecutions(1, timeoutMs, (e) => e.workflowId === workflowId && Number(e.id) > before);
		const resultData = execution.data?.resultData ?? {};
		return { status: execution.status, runData: resultData.runData ?? {}, error: resultData.error, execution };
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

	/**
	 * Stops everything and removes the user folder (kept when SMSAPI_E2E_KEEP=1).
	 * The log files under .n8n-e2e/logs/ are kept. `{ signal: 'SIGKILL' }` skips n8n's own
	 * shutdown (which waits up to 10 s per process for executions still running).
	 */
	async stop(opts: { signal?: NodeJS.Signals } = {}): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		// The process that reads the executions (it holds the database open); never throws.
		await this.store.close();
		await this.stopProcesses(opts.signal);
		if (process.env.SMSAPI_E2E_KEEP === '1') {
			fs.appendFileSync(this.logFile, `\nuser folder kept: ${this.userFolder}\n`);
			return;
		}
		fs.rmSync(this.userFolder, { recursive: true, force: true });
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

	// ----------------------------------------------------------------- executions (database)

	/**
	 * Executions in n8n's database, oldest first, with their decoded data (IRun `data`:
	 * `data.resultData.runData[nodeName]`).
	 */
	executions(opts: { afterId?: string | number; withData?: boolean; ids?: Array<string | number> } = {}): Promise<ExecutionRecord[]> {
		return this.store.executions(opts);
	}

	/** The id of the newest execution (0 when none): executions after it are the new ones. */
	async lastExecutionId(): Promise<number> {
		const all = await this.executions({ withData: false });
		return all.reduce((max, execution) => Math.max(max, Number(execution.id)), 0);
	}

	/**
	 * Waits until at least `count` executions (matching `filter`) are done (not new, running or
	 * waiting) and returns those done executions.
	 */
	waitForExecutions(count: number, timeoutMs = 30_000, filter?: (e: ExecutionRecord) => boolean): Promise<ExecutionRecord[]> {
		return this.store.waitForExecutions(count, timeoutMs, filter);
	}

	// ----------------------------------------------------------------- REST (owner session)

	/** fetch against this n8n with the owner's session cookie (set up on first use). */
	rest<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T }> {
		return this.session.rest<T>(method, urlPath, body);
	}

	/** Creates a credential through the REST API (owned by the owner); returns its id. */
	createCredentialViaRest(cred: CredentialJson): Promise<string> {
		return this.session.createCredential(cred);
	}

	/** A dropdown the way the editor fills it (POST /rest/dynamic-node-parameters/options). */
	loadOptions(req: DynamicParametersRequest): Promise<Array<{ name: string; value: unknown; description?: string }>> {
		return this.session.loadOptions(req);
	}

	/** loadOptions() without the checks: n8n's HTTP status and body as they are (for error cases). */
	loadOptionsResponse(
		req: DynamicParametersRequest,
	): Promise<{ status: number; body: { data?: Array<{ name: string; value: unknown; description?: string }>; message?: string } }> {
		return this.session.loadOptionsResponse(req);
	}

	/** A resource locator's search list (POST /rest/dynamic-node-parameters/resource-locator-results). */
	resourceLocatorResults(
		req: DynamicParametersRequest & { filter?: string; paginationToken?: string },
	): Promise<{ results: Array<{ name: string; value: unknown }>; paginationToken?: unknown }> {
		return this.session.resourceLocatorResults(req);
	}

	/** The editor's credential "Test" button (POST /rest/credentials/test). Needs start(). */
	testCredential(cred: CredentialJson): Promise<CredentialTestResult> {
		return this.session.testCredential(cred);
	}

	/** The Executions list's "Retry" (POST /rest/executions/:id/retry); the new execution's id. */
	retryExecution(executionId: string, opts: { loadWorkflow?: boolean } = {}): Promise<string> {
		return this.session.retryExecution(executionId, opts);
	}
}

/** All instances created through createN8n(), for a last-resort cleanup. */
const live = new Set<N8nInstance>();

/** N8nInstance.create() that also registers the instance for stopAllN8n(). */
export async function createN8n(opts: CreateOptions): Promise<N8nInstance> {
	const inst = await N8nInstance.create(opts);
	live.add(inst);
	return inst;
}

/** Stops every instance made with createN8n() (for afterAll). */
export async function stopAllN8n(): Promise<void> {
	const all = [...live];
	live.clear();
	await Promise.all(all.map((i) => i.stop()));
}
