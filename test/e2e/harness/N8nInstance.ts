/**
 * One real n8n: a temporary user folder with this package installed as a community package, its
 * processes (main; in queue mode workers and webhook processes too) and the ways a test reaches
 * it. The concerns live in their own files; N8nServer and this class put them together:
 * - n8n-user-folder.ts the user folder, the package installed, the log file
 * - n8n-server.ts      the processes, their URLs and logs (N8nServer, which this class extends)
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
import * as path from 'path';

import { completeWorkflow } from './n8n-cli';
import { ExecutionStore } from './n8n-executions';
import type { CredentialTestResult, DynamicParametersRequest } from './n8n-rest';
import { N8nServer } from './n8n-server';
import { prepareUserFolder, type CreateOptions, type N8nHome } from './n8n-user-folder';
import { waitForRegisteredWebhook, webhookNodesOf } from './n8n-webhooks';
import { postgresUrl } from './postgres';
import { newId } from './ids';
import { runProcess, type RunResult } from './proc';
import { unregisterTempDir } from './run-ownership';
import type { CredentialJson, ExecutionRecord, WorkflowJson, WorkflowRunResult } from './types';

export { newId } from './ids';

/** One real n8n as a test uses it (N8nServer: its processes, URLs and logs). */
export class N8nInstance extends N8nServer {
	private readonly store: ExecutionStore;

	/** versionId of the workflows saved through the REST API (createWorkflows()). */
	private readonly versionIds = new Map<string, string>();

	private constructor(home: N8nHome, opts: CreateOptions) {
		super(home, opts);
		this.store = new ExecutionStore(home.line, home.userFolder, opts.database, home.log);
	}

	/** Makes a fresh user folder with this package installed; nothing is started yet. */
	static async create(opts: CreateOptions): Promise<N8nInstance> {
		return new N8nInstance(await prepareUserFolder(opts), opts);
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

	/** Changes a saved credential's data the way the editor does (e.g. a token rotated). */
	updateCredential(id: string, cred: CredentialJson & { name: string }): Promise<void> {
		return this.session.updateCredential(id, cred);
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
		unregisterTempDir(this.userFolder);
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
