import { spawn, type ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { assertBuilt } from './build';
import { E2E_ENCRYPTION_KEY, E2E_LOG_DIR, E2E_OWNER, PACKAGE_NAME, PROJECT_ROOT } from './config';
import { getLine, type LineId, type N8nLine } from './lines';
import { copyPackedPackage } from './package-files';
import { AbortWait, killGroup, runProcess, settlesWithin, tailFile, uniqueFreePort, waitFor, type RunResult } from './proc';
import type {
	CredentialJson,
	ExecutionRecord,
	ExecuteResult,
	NodeRunData,
	WorkflowJson,
} from './types';

export interface QueueModeOptions {
	/** Redis on 127.0.0.1 (see startRedis()). */
	redisPort: number;
	redisHost?: string;
	/** Start `n8n worker` processes together with the main process in start(). Default 1. */
	workers?: number;
	/** --concurrency of each worker. Default 5. */
	concurrency?: number;
	/**
	 * Start this many `n8n webhook` processes too (each on its own port, see webhookProcessUrl()):
	 * they take production webhook calls and enqueue the executions, as in a scaled n8n. Default 0.
	 */
	webhookProcesses?: number;
}

export interface CreateOptions {
	/** Line id ('1' | '2') or a line from n8nLines(). */
	line: LineId | N8nLine;
	/** Extra environment for every n8n process of this instance (undefined removes a variable). */
	env?: Record<string, string | undefined>;
	/** Queue mode: main + worker(s) sharing this user folder and a Redis. */
	queue?: QueueModeOptions;
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
	/** Max time for the process to get healthy and the webhooks to register. Default 90 s. */
	timeoutMs?: number;
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

interface ManagedProcess {
	name: string;
	child: ChildProcess;
	exited: Promise<void>;
	exitInfo?: string;
}

const DEFAULT_CLI_TIMEOUT_MS = 90_000;
const DEFAULT_START_TIMEOUT_MS = 90_000;
const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
const BROWSER_ID = 'smsapi-e2e-browser';
/** Printed by `n8n start` (1.x and 2.x) once the server, REST API and active workflows are up. */
const READY_LINE = 'Editor is now accessible via';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A random 16-character id like the ones n8n generates. */
export function newId(): string {
	const bytes = randomBytes(16);
	let s = '';
	for (const b of bytes) s += ID_ALPHABET[b % ID_ALPHABET.length];
	return s;
}

/** Variables of the caller that must not leak into n8n (jest sets NODE_ENV=test, users may have N8N_*). */
function cleanParentEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (
			/^(N8N_|DB_|EXECUTIONS_|QUEUE_|GENERIC_|WEBHOOK_URL$|NODE_ENV$|NODE_OPTIONS$|NODE_FUNCTION_|CODE_|EXTERNAL_)/.test(k) ||
			/^npm_/i.test(k) ||
			/^(https?|all)_proxy$/i.test(k)
		) {
			continue;
		}
		env[k] = v;
	}
	return env;
}

/**
 * Extracts the IRun JSON that `n8n execute --rawOutput` prints (on success via stdout; on
 * failure n8n logs it as "Execution error:" then the JSON). Other log lines may surround it.
 */
export function extractRunJson(text: string): unknown {
	const lines = text.split('\n');
	const starts: number[] = [];
	lines.forEach((l, i) => {
		if (l.trimEnd() === '{') starts.push(i);
	});
	for (const start of starts) {
		for (let end = lines.length - 1; end > start; end--) {
			if (lines[end].trimEnd() !== '}') continue;
			try {
				const parsed = JSON.parse(lines.slice(start, end + 1).join('\n'));
				if (parsed && typeof parsed === 'object' && 'data' in parsed) return parsed;
			} catch {
				// try a shorter span
			}
		}
	}
	return undefined;
}

/**
 * One real n8n: a temporary user folder with this package linked in as a community package,
 * driven through n8n's CLI (import, execute, publish) and, once started, over HTTP.
 */
export class N8nInstance {
	readonly line: N8nLine;
	/** N8N_USER_FOLDER (temporary). n8n's own folder is `${userFolder}/.n8n`. */
	readonly userFolder: string;
	/** HTTP port of the main process. */
	readonly port: number;
	/** All output of every n8n process of this instance. */
	readonly logFile: string;
	readonly queue?: QueueModeOptions;

	private readonly extraEnv: Record<string, string | undefined>;
	private readonly workflows = new Map<string, WorkflowJson>();
	private readonly activated = new Set<string>();
	private processes: ManagedProcess[] = [];
	/** HTTP ports of the running `n8n webhook` processes (queue mode). */
	private webhookPorts: number[] = [];
	private cookie?: string;
	private stopped = false;

	private constructor(line: N8nLine, userFolder: string, port: number, logFile: string, opts: CreateOptions) {
		this.line = line;
		this.userFolder = userFolder;
		this.port = port;
		this.logFile = logFile;
		this.extraEnv = { ...(opts.env ?? {}) };
		this.queue = opts.queue;
	}

	/** Makes a fresh user folder with this package linked in; nothing is started yet. */
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
			`n8n ${line.version} (line ${line.line}) user folder ${userFolder}, package ${packageDir} (${installMode})\n`,
		);
		const port = opts.port ?? (await uniqueFreePort());
		return new N8nInstance(line, userFolder, port, logFile, opts);
	}

	// ----------------------------------------------------------------- environment

	/** Environment of an n8n process of this instance; each process gets its own task-broker port. */
	private async env(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
		const env: NodeJS.ProcessEnv = {
			...cleanParentEnv(),
			PATH: `${path.dirname(this.line.nodeBin === 'node' ? process.execPath : this.line.nodeBin)}${path.delimiter}${process.env.PATH ?? ''}`,
			NO_PROXY: '127.0.0.1,localhost',
			no_proxy: '127.0.0.1,localhost',
			N8N_USER_FOLDER: this.userFolder,
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			WEBHOOK_URL: `http://127.0.0.1:${this.port}/`,
			N8N_RUNNERS_BROKER_PORT: String(await uniqueFreePort()),
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_SECURE_COOKIE: 'false',
			DB_TYPE: 'sqlite',
			DB_SQLITE_POOL_SIZE: '3',
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			// Nothing may leave the machine: no telemetry, no version / news / banner / template
			// / license / community-node-catalogue fetches.
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'false',
			N8N_MCP_COMMUNITY_NODE_DISCOVERY_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			N8N_PYTHON_ENABLED: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_REINSTALL_MISSING_PACKAGES: 'false',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
			EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
			...this.line.lineEnv,
		};
		if (this.queue) {
			env.EXECUTIONS_MODE = 'queue';
			env.QUEUE_BULL_REDIS_HOST = this.queue.redisHost ?? '127.0.0.1';
			env.QUEUE_BULL_REDIS_PORT = String(this.queue.redisPort);
			env.QUEUE_HEALTH_CHECK_ACTIVE = 'true';
			env.N8N_WORKER_SERVER_ADDRESS = '127.0.0.1';
			env.QUEUE_HEALTH_CHECK_PORT = String(await uniqueFreePort());
		}
		for (const [k, v] of Object.entries({ ...this.extraEnv, ...extra })) {
			if (v === undefined) delete env[k];
			else env[k] = v;
		}
		return env;
	}

	private n8nArgs(args: string[]): [string, string[]] {
		return [this.line.nodeBin, [this.line.n8nBin, ...args]];
	}

	/** Runs an n8n CLI command against this user folder. Throws (with the log) on a non-zero exit unless allowFailure. */
	async cli(args: string[], opts: { timeoutMs?: number; allowFailure?: boolean } = {}): Promise<RunResult> {
		const [cmd, argv] = this.n8nArgs(args);
		const res = await runProcess(cmd, argv, {
			cwd: this.userFolder,
			env: await this.env(),
			timeoutMs: opts.timeoutMs ?? DEFAULT_CLI_TIMEOUT_MS,
			logFile: this.logFile,
		});
		if (res.timedOut) {
			throw new Error(this.failure(`n8n ${args.join(' ')} timed out after ${opts.timeoutMs ?? DEFAULT_CLI_TIMEOUT_MS} ms`, res));
		}
		if (res.code !== 0 && !opts.allowFailure) {
			throw new Error(this.failure(`n8n ${args.join(' ')} exited with ${res.code ?? res.signal}`, res));
		}
		return res;
	}

	private failure(what: string, res?: RunResult): string {
		const out = res ? `\n--- stdout (tail)\n${res.stdout.slice(-4000)}\n--- stderr (tail)\n${res.stderr.slice(-4000)}` : '';
		return `[n8n ${this.line.version}] ${what}${out}\n--- log ${this.logFile} (tail)\n${tailFile(this.logFile, 80)}`;
	}

	/** Writes JSON to a fresh file in the user folder and returns its path. */
	private writeTemp(prefix: string, value: unknown): string {
		const file = path.join(this.userFolder, `${prefix}-${newId()}.json`);
		fs.writeFileSync(file, JSON.stringify(value, null, '\t'));
		return file;
	}

	// ----------------------------------------------------------------- import

	/**
	 * Imports credentials (plain `data`; n8n encrypts it with the instance key).
	 * Missing ids and names are filled in; returns the credentials as imported.
	 */
	async importCredentials(creds: CredentialJson[]): Promise<Array<CredentialJson & { id: string; name: string }>> {
		const full = creds.map((c) => ({
			...c,
			id: c.id ?? newId(),
			name: c.name ?? `${c.type} ${newId().slice(0, 6)}`,
		}));
		const file = this.writeTemp('credentials', full);
		await this.cli(['import:credentials', `--input=${file}`]);
		return full;
	}

	/** Imports one workflow (inactive); fills in id, name, settings. Returns its id. */
	async importWorkflow(wf: WorkflowJson): Promise<string> {
		const [id] = await this.importWorkflows([wf]);
		return id;
	}

	/** Imports several workflows in one CLI call; returns their ids in order. */
	async importWorkflows(wfs: WorkflowJson[]): Promise<string[]> {
		const full = wfs.map((wf) => {
			const copy: WorkflowJson = JSON.parse(JSON.stringify(wf));
			copy.id = copy.id ?? newId();
			copy.name = copy.name ?? `e2e ${copy.id}`;
			copy.active = false;
			copy.settings = copy.settings ?? {};
			copy.connections = copy.connections ?? {};
			copy.nodes = copy.nodes.map((n) => ({ id: n.id ?? newId(), position: n.position ?? [0, 0], ...n }));
			return copy;
		});
		const file = this.writeTemp('workflows', full);
		await this.cli(['import:workflow', `--input=${file}`]);
		for (const wf of full) this.workflows.set(wf.id!, wf);
		return full.map((wf) => wf.id!);
	}

	/** Activates (2.x: publishes) workflows. Must be called before start() (n8n reads them at startup). */
	async activate(ids: string | string[]): Promise<void> {
		if (this.processes.length > 0) {
			throw new Error('activate() must be called before start() (or call stopProcesses(), activate, start again)');
		}
		for (const id of Array.isArray(ids) ? ids : [ids]) {
			if (this.line.line === '2') {
				await this.cli(['publish:workflow', `--id=${id}`]);
			} else {
				await this.cli(['update:workflow', `--id=${id}`, '--active=true']);
			}
			this.activated.add(id);
		}
	}

	// ----------------------------------------------------------------- execute

	/**
	 * Runs a workflow once with `n8n execute` (its own n8n process, also while the server runs).
	 * Resolves with the run data even when the workflow failed (see `error`); rejects only when
	 * n8n produced no run data.
	 */
	async execute(workflowId: string, opts: { timeoutMs?: number } = {}): Promise<ExecuteResult> {
		const res = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], {
			timeoutMs: opts.timeoutMs,
			allowFailure: true,
		});
		const run = extractRunJson(res.stdout) ?? extractRunJson(res.stderr);
		if (!run) {
			throw new Error(this.failure(`n8n execute --id=${workflowId} printed no run data (exit ${res.code})`, res));
		}
		const r = run as { data?: { resultData?: { runData?: Record<string, NodeRunData[]>; error?: unknown; lastNodeExecuted?: string } }; status?: string };
		const resultData = r.data?.resultData ?? {};
		return {
			exitCode: res.code,
			status: r.status,
			runData: resultData.runData ?? {},
			error: resultData.error as ExecuteResult['error'],
			lastNodeExecuted: resultData.lastNodeExecuted,
			raw: run,
		};
	}

	// ----------------------------------------------------------------- server

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Production webhook URL of a path (`/webhook/<path>`). */
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

	get running(): boolean {
		return this.processes.length > 0;
	}

	private spawnProcess(name: string, args: string[], env: NodeJS.ProcessEnv): ManagedProcess {
		const [cmd, argv] = this.n8nArgs(args);
		const fd = fs.openSync(this.logFile, 'a');
		fs.writeSync(fd, `\n===== [${name}] $ ${cmd} ${argv.join(' ')} (${new Date().toISOString()})\n`);
		const child = spawn(cmd, argv, {
			cwd: this.userFolder,
			env,
			detached: true,
			stdio: ['ignore', fd, fd],
		});
		fs.closeSync(fd);
		const mp: ManagedProcess = { name, child, exited: Promise.resolve() };
		mp.exited = new Promise<void>((resolve) => {
			child.on('exit', (code, signal) => {
				mp.exitInfo = `exit ${code ?? signal}`;
				fs.appendFileSync(this.logFile, `\n===== [${name}] ${mp.exitInfo} (${new Date().toISOString()})\n`);
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

	private assertAlive(mp: ManagedProcess): void {
		if (mp.exitInfo) throw new AbortWait(this.failure(`n8n ${mp.name} died (${mp.exitInfo})`));
	}

	/** Webhook paths of n8n-nodes-base.webhook nodes in activated workflows. */
	private knownWebhooks(): Array<{ path: string; method: string }> {
		const out: Array<{ path: string; method: string }> = [];
		for (const id of this.activated) {
			const wf = this.workflows.get(id);
			for (const n of wf?.nodes ?? []) {
				if (n.type === 'n8n-nodes-base.webhook' && !n.disabled) {
					const p = n.parameters?.path;
					if (typeof p === 'string' && p) {
						out.push({ path: p, method: String(n.parameters?.httpMethod ?? 'GET') });
					}
				}
			}
		}
		return out;
	}

	/**
	 * Starts `n8n start` (and, in queue mode, the workers); resolves when /healthz answers and the
	 * webhooks of activated workflows (and `opts.webhooks`) are registered.
	 */
	async start(opts: StartOptions = {}): Promise<void> {
		if (this.stopped) throw new Error('instance was stopped');
		if (this.processes.length > 0) throw new Error('already started');
		const timeoutMs = opts.timeoutMs ?? DEFAULT_START_TIMEOUT_MS;
		const deadline = Date.now() + timeoutMs;
		const left = () => Math.max(1000, deadline - Date.now());
		const logOffset = fs.statSync(this.logFile).size;
		try {
			const main = this.spawnProcess('main', ['start'], await this.env());
			const workers: Array<{ mp: ManagedProcess; port: number }> = [];
			const webhookProcesses: Array<{ mp: ManagedProcess; port: number }> = [];
			if (this.queue) {
				for (let i = 0; i < (this.queue.workers ?? 1); i++) {
					const env = await this.env();
					const mp = this.spawnProcess(`worker${i + 1}`, ['worker', `--concurrency=${this.queue.concurrency ?? 5}`], env);
					workers.push({ mp, port: Number(env.QUEUE_HEALTH_CHECK_PORT) });
				}
				for (let i = 0; i < (this.queue.webhookProcesses ?? 0); i++) {
					const port = await uniqueFreePort();
					const mp = this.spawnProcess(`webhook${i + 1}`, ['webhook'], await this.env({ N8N_PORT: String(port) }));
					webhookProcesses.push({ mp, port });
				}
				this.webhookPorts = webhookProcesses.map((w) => w.port);
			}
			await this.waitForHealthz(main, this.port, left());
			// /healthz answers as soon as the HTTP server listens, before the REST routes and the
			// active workflows are set up; n8n prints this line when it has finished starting.
			await waitFor(`n8n ${this.line.version} to finish starting ("${READY_LINE}" in its log)`, left(), async () => {
				this.assertAlive(main);
				return this.logSince(logOffset).includes(READY_LINE) ? true : undefined;
			});
			for (const w of [...workers, ...webhookProcesses]) await this.waitForHealthz(w.mp, w.port, left());
			for (const wh of [...this.knownWebhooks(), ...(opts.webhooks ?? [])]) {
				await this.waitForWebhook(wh.path, wh.method ?? 'POST', left(), main);
				for (const [i, w] of webhookProcesses.entries()) {
					await this.waitForWebhook(wh.path, wh.method ?? 'POST', left(), w.mp, i);
				}
			}
		} catch (e) {
			await this.stopProcesses();
			throw e instanceof Error && e.message.includes('--- log') ? e : new Error(this.failure(String(e instanceof Error ? e.message : e)));
		}
	}

	/** Waits until the process answers /healthz on `port` (fails at once if it exits). */
	private async waitForHealthz(mp: ManagedProcess, port: number, timeoutMs: number): Promise<void> {
		await waitFor(`n8n ${this.line.version} ${mp.name} /healthz on port ${port}`, timeoutMs, async () => {
			this.assertAlive(mp);
			const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
			return res.ok ? true : undefined;
		});
	}

	/**
	 * Waits until the production webhook `path` is registered for `method`, without calling it
	 * (a call would start the workflow). The probe is a CORS preflight: for a request with an
	 * `Origin`, n8n (1.x and 2.x) answers OPTIONS with `Access-Control-Allow-Methods` listing the
	 * methods registered for the path. (HEAD is no probe: n8n 2.x answers it 404 "not registered
	 * for HEAD" on a GET webhook.) When a node registers its URL at an external service too, that
	 * may finish after this resolves: wait for it separately.
	 */
	async waitForWebhook(
		webhookPath: string,
		method = 'POST',
		timeoutMs = 30_000,
		main?: ManagedProcess,
		webhookProcess?: number,
	): Promise<void> {
		const url = webhookProcess === undefined ? this.webhookUrl(webhookPath) : this.webhookProcessUrl(webhookProcess, webhookPath);
		const m = method.toUpperCase();
		await waitFor(`webhook ${m} ${url} to be registered`, timeoutMs, async () => {
			if (main) this.assertAlive(main);
			const res = await fetch(url, {
				method: 'OPTIONS',
				headers: { origin: this.baseUrl },
				signal: AbortSignal.timeout(2000),
			});
			await res.arrayBuffer();
			const allowed = (res.headers.get('access-control-allow-methods') ?? '')
				.split(',')
				.map((entry) => entry.trim().toUpperCase());
			return allowed.includes(m) ? true : undefined;
		});
	}

	/** Stops the n8n processes (SIGTERM, SIGKILL after 10 s) but keeps the user folder (for restart). */
	async stopProcesses(): Promise<void> {
		const procs = this.processes;
		this.processes = [];
		this.webhookPorts = [];
		this.cookie = undefined;
		// Webhook processes and workers first, main last (queue mode).
		for (const mp of [...procs].reverse()) {
			if (mp.exitInfo) continue;
			killGroup(mp.child, 'SIGTERM');
			if (!(await settlesWithin(mp.exited, 10_000))) {
				killGroup(mp.child, 'SIGKILL');
				await settlesWithin(mp.exited, 5_000);
			}
			// Task runners and other children left in the group.
			killGroup(mp.child, 'SIGKILL');
		}
	}

	/** stopProcesses() then start() again (e.g. after activating more workflows). */
	async restart(opts: StartOptions = {}): Promise<void> {
		await this.stopProcesses();
		await this.start(opts);
	}

	/**
	 * Stops everything and removes the user folder (kept when SMSAPI_E2E_KEEP=1).
	 * The log file under .n8n-e2e/logs/ is kept.
	 */
	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		await this.stopProcesses();
		if (process.env.SMSAPI_E2E_KEEP === '1') {
			fs.appendFileSync(this.logFile, `\nuser folder kept: ${this.userFolder}\n`);
			return;
		}
		fs.rmSync(this.userFolder, { recursive: true, force: true });
	}

	/** The whole log of this instance (all CLI runs and processes). */
	logs(): string {
		return fs.readFileSync(this.logFile, 'utf8');
	}

	/** The log from byte `offset` on. */
	private logSince(offset: number): string {
		const fd = fs.openSync(this.logFile, 'r');
		try {
			const size = fs.fstatSync(fd).size;
			const buf = Buffer.alloc(Math.max(0, size - offset));
			fs.readSync(fd, buf, 0, buf.length, offset);
			return buf.toString('utf8');
		} finally {
			fs.closeSync(fd);
		}
	}

	/** Last lines of the log, for error messages. */
	logTail(lines = 120): string {
		return tailFile(this.logFile, lines);
	}

	// ----------------------------------------------------------------- executions (database)

	/**
	 * Executions in n8n's database, oldest first, with their decoded data (IRun `data`:
	 * `data.resultData.runData[nodeName]`). Read by Node 24's node:sqlite in a child process.
	 */
	async executions(opts: { afterId?: string | number; withData?: boolean } = {}): Promise<ExecutionRecord[]> {
		const script = path.join(__dirname, 'read-n8n-db.js');
		const db = path.join(this.userFolder, '.n8n', 'database.sqlite');
		if (!fs.existsSync(db)) return [];
		const res = await runProcess(
			this.line.sqliteNodeBin,
			['--no-warnings', script, db, this.line.n8nPackageDir, String(opts.afterId ?? 0), opts.withData === false ? '0' : '1'],
			{ timeoutMs: 30_000, env: { PATH: process.env.PATH ?? '' } },
		);
		if (res.code !== 0) {
			throw new Error(`reading executions from ${db} failed (exit ${res.code ?? res.signal}): ${res.stderr.slice(-2000)}`);
		}
		return JSON.parse(res.stdout) as ExecutionRecord[];
	}

	/**
	 * Waits until at least `count` executions (matching `filter`) are done (not new, running or
	 * waiting) and returns those done executions.
	 */
	async waitForExecutions(
		count: number,
		timeoutMs = 30_000,
		filter: (e: ExecutionRecord) => boolean = () => true,
	): Promise<ExecutionRecord[]> {
		let seen: ExecutionRecord[] = [];
		try {
			return await waitFor(`${count} finished execution(s)`, timeoutMs, async () => {
				const all = await this.executions();
				seen = all;
				const done = all.filter((e) => !['new', 'running', 'waiting'].includes(String(e.status)) && e.stoppedAt && filter(e));
				return done.length >= count ? done : undefined;
			}, 300);
		} catch (e) {
			const summary = seen.map((x) => `#${x.id} wf=${x.workflowId} ${x.mode} ${x.status}`).join('\n');
			throw new Error(this.failure(`${(e as Error).message}\nexecutions in the database:\n${summary || '(none)'}`));
		}
	}

	// ----------------------------------------------------------------- REST (owner session)

	/** fetch against this n8n with the owner's session cookie (set up on first use). */
	async rest<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T }> {
		await this.ensureSession();
		return this.rawRest<T>(method, urlPath, body);
	}

	private async rawRest<T>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T; setCookie?: string[] }> {
		if (this.processes.length === 0) throw new Error('n8n is not started: call start() first');
		const res = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': BROWSER_ID,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(DEFAULT_HTTP_TIMEOUT_MS),
		});
		const text = await res.text();
		let parsed: unknown = text;
		try {
			parsed = JSON.parse(text);
		} catch {
			// not JSON
		}
		return { status: res.status, body: parsed as T, setCookie: res.headers.getSetCookie?.() };
	}

	private async ensureSession(): Promise<void> {
		if (this.cookie) return;
		const take = (setCookie?: string[]) => {
			const c = (setCookie ?? []).map((s) => s.split(';')[0]).find((s) => s.startsWith('n8n-auth='));
			if (c) this.cookie = c;
			return Boolean(c);
		};
		const setup = await this.rawRest('POST', '/rest/owner/setup', E2E_OWNER);
		if (setup.status === 200 && take(setup.setCookie)) return;
		const login = await this.rawRest('POST', '/rest/login', {
			emailOrLdapLoginId: E2E_OWNER.email,
			password: E2E_OWNER.password,
		});
		if (login.status === 200 && take(login.setCookie)) return;
		throw new Error(
			this.failure(
				`cannot get an owner session: owner/setup ${setup.status} ${JSON.stringify(setup.body).slice(0, 500)}; ` +
					`login ${login.status} ${JSON.stringify(login.body).slice(0, 500)}`,
			),
		);
	}

	/** Creates a credential through the REST API (owned by the owner); returns its id. */
	async createCredentialViaRest(cred: CredentialJson): Promise<string> {
		const res = await this.rest<{ data?: { id?: string } }>('POST', '/rest/credentials', {
			name: cred.name ?? `${cred.type} ${newId().slice(0, 6)}`,
			type: cred.type,
			data: cred.data,
		});
		const id = res.body?.data?.id;
		if (res.status !== 200 || !id) {
			throw new Error(this.failure(`POST /rest/credentials -> ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`));
		}
		return id;
	}

	/**
	 * Asks n8n for a node parameter's dropdown the way the editor does when it opens one
	 * (POST /rest/dynamic-node-parameters/options, n8n runs the node's loadOptions method).
	 */
	async loadOptions(req: DynamicParametersRequest): Promise<Array<{ name: string; value: unknown; description?: string }>> {
		const res = await this.loadOptionsResponse(req);
		if (res.status !== 200 || !Array.isArray(res.body?.data)) {
			throw new Error(this.failure(`POST /rest/dynamic-node-parameters/options -> ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`));
		}
		return res.body.data;
	}

	/** loadOptions() without the checks: n8n's HTTP status and body as they are (for error cases). */
	async loadOptionsResponse(
		req: DynamicParametersRequest,
	): Promise<{ status: number; body: { data?: Array<{ name: string; value: unknown; description?: string }>; message?: string } }> {
		return this.rest('POST', '/rest/dynamic-node-parameters/options', dynamicParametersBody(req));
	}

	/**
	 * Asks n8n for a resource locator's search list the way the editor does when the user types in it
	 * (POST /rest/dynamic-node-parameters/resource-locator-results, n8n runs the node's listSearch method).
	 */
	async resourceLocatorResults(
		req: DynamicParametersRequest & { filter?: string; paginationToken?: string },
	): Promise<{ results: Array<{ name: string; value: unknown }>; paginationToken?: unknown }> {
		const res = await this.rest<{ data?: { results: Array<{ name: string; value: unknown }>; paginationToken?: unknown } }>(
			'POST',
			'/rest/dynamic-node-parameters/resource-locator-results',
			{ ...dynamicParametersBody(req), filter: req.filter, paginationToken: req.paginationToken },
		);
		if (res.status !== 200 || !Array.isArray(res.body?.data?.results)) {
			throw new Error(
				this.failure(`POST /rest/dynamic-node-parameters/resource-locator-results -> ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`),
			);
		}
		return res.body.data;
	}

	/**
	 * Tests a credential the way the editor's "Test" button does (POST /rest/credentials/test,
	 * n8n runs the credential's `test` request). Needs start(). Pass `{ type, data }` to create a
	 * credential first, or `{ id, type }` (optionally with `data` overrides) for an existing one.
	 */
	async testCredential(cred: CredentialJson): Promise<CredentialTestResult> {
		const id = cred.id ?? (await this.createCredentialViaRest(cred));
		const res = await this.rest<{ data?: CredentialTestResult }>('POST', '/rest/credentials/test', {
			credentials: { id, name: cred.name ?? '', type: cred.type, data: cred.data ?? {} },
		});
		const result = res.body?.data;
		if (res.status !== 200 || !result || typeof result.status !== 'string') {
			throw new Error(this.failure(`POST /rest/credentials/test -> ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`));
		}
		return result;
	}
}

function webhookUrlAt(port: number, prefix: 'webhook' | 'webhook-test', webhookPath: string): string {
	return `http://127.0.0.1:${port}/${prefix}/${webhookPath.replace(/^\/+/, '')}`;
}

/** What the editor sends when it fills a dropdown or a resource locator list. */
export interface DynamicParametersRequest {
	nodeType: string;
	nodeVersion?: number;
	/** The method named in the parameter's typeOptions. */
	methodName: string;
	/** The parameter's path, e.g. `parameters.options.from`. */
	path: string;
	currentNodeParameters: Record<string, unknown>;
	/** Credential type -> { id, name }. */
	credentials?: Record<string, { id: string; name: string }>;
}

function dynamicParametersBody(req: DynamicParametersRequest) {
	return {
		nodeTypeAndVersion: { name: req.nodeType, version: req.nodeVersion ?? 1 },
		methodName: req.methodName,
		path: req.path,
		currentNodeParameters: req.currentNodeParameters,
		credentials: req.credentials,
	};
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
