/**
 * n8n's REST API as the editor uses it, with the owner's session: credentials and their test,
 * workflows (save, activate), dropdowns (loadOptions) and resource locator lists, executions (retry).
 */
import { E2E_OWNER } from './config';
import { newId } from './ids';
import type { InstanceLog } from './n8n-log';
import type { CredentialJson, WorkflowJson } from './types';

const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
const BROWSER_ID = 'smsapi-e2e-browser';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
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

type Option = { name: string; value: unknown; description?: string };

function dynamicParametersBody(req: DynamicParametersRequest) {
	return {
		nodeTypeAndVersion: { name: req.nodeType, version: req.nodeVersion ?? 1 },
		methodName: req.methodName,
		path: req.path,
		currentNodeParameters: req.currentNodeParameters,
		credentials: req.credentials,
	};
}

export class RestSession {
	private cookie?: string;

	constructor(
		private readonly baseUrl: () => string,
		private readonly running: () => boolean,
		private readonly log: InstanceLog,
	) {}

	/** Forget the session (the processes were stopped). */
	reset(): void {
		this.cookie = undefined;
	}

	/** fetch against this n8n with the owner's session cookie (set up on first use). */
	async rest<T = unknown>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T }> {
		await this.ensureSession();
		return this.rawRest<T>(method, urlPath, body);
	}

	private async rawRest<T>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T; setCookie?: string[] }> {
		if (!this.running()) throw new Error('n8n is not started: call start() first');
		const send = () =>
			fetch(`${this.baseUrl()}${urlPath}`, {
				method,
				headers: {
					'content-type': 'application/json',
					'browser-id': BROWSER_ID,
					...(this.cookie ? { cookie: this.cookie } : {}),
				},
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: AbortSignal.timeout(DEFAULT_HTTP_TIMEOUT_MS),
			});
		let res: Response;
		try {
			res = await send();
		} catch (error) {
			// fetch reuses an idle keep-alive connection; n8n closes those after 5 s idle, and on a
			// loaded machine the close can cross the next request (undici: "other side closed", CI saw
			// it once on createWorkflow). n8n read nothing of that request: send it once more.
			if (!closedBeforeAnswer(error)) throw error;
			this.log.append('main', `[harness] ${method} ${urlPath}: the connection closed before an answer; sent again\n`);
			res = await send();
		}
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
			this.log.failure(
				`cannot get an owner session: owner/setup ${setup.status} ${JSON.stringify(setup.body).slice(0, 500)}; ` +
					`login ${login.status} ${JSON.stringify(login.body).slice(0, 500)}`,
			),
		);
	}

	private fail(what: string, res: { status: number; body: unknown }): Error {
		return new Error(this.log.failure(`${what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`));
	}

	/** Creates a credential through the REST API (owned by the owner); returns its id. */
	async createCredential(cred: CredentialJson): Promise<string> {
		const res = await this.rest<{ data?: { id?: string } }>('POST', '/rest/credentials', {
			name: cred.name ?? `${cred.type} ${newId().slice(0, 6)}`,
			type: cred.type,
			data: cred.data,
		});
		const id = res.body?.data?.id;
		if (res.status !== 200 || !id) throw this.fail('POST /rest/credentials', res);
		return id;
	}

	/** Saves a credential's new data the way the editor does (PATCH /rest/credentials/:id). */
	async updateCredential(id: string, cred: CredentialJson & { name: string }): Promise<void> {
		const res = await this.rest('PATCH', `/rest/credentials/${id}`, { name: cred.name, type: cred.type, data: cred.data });
		if (res.status !== 200) throw this.fail(`PATCH /rest/credentials/${id}`, res);
	}

	/**
	 * Saves a new workflow the way the editor does (POST /rest/workflows; inactive). n8n 2.x keeps
	 * a given id; 1.x always assigns its own. Returns n8n's id and versionId.
	 */
	async createWorkflow(wf: WorkflowJson): Promise<{ id: string; versionId: string }> {
		const res = await this.rest<{ data?: { id?: string; versionId?: string } }>('POST', '/rest/workflows', {
			...wf,
			active: false,
		});
		const { id, versionId } = res.body?.data ?? {};
		if (res.status !== 200 || !id || !versionId) throw this.fail('POST /rest/workflows', res);
		return { id, versionId };
	}

	/**
	 * Activates (2.x: publishes) a saved workflow the way the editor's toggle does (POST
	 * /rest/workflows/:id/activate with its current version): n8n registers its triggers and
	 * webhooks before it answers.
	 */
	async activateWorkflow(id: string, versionId: string): Promise<void> {
		const res = await this.rest<{ data?: { active?: boolean; activeVersionId?: string | null } }>(
			'POST',
			`/rest/workflows/${id}/activate`,
			{ versionId },
		);
		const data = res.body?.data;
		if (res.status !== 200 || !(data?.active === true || data?.activeVersionId === versionId)) {
			throw this.fail(`POST /rest/workflows/${id}/activate`, res);
		}
	}

	/** The current versionId of a saved workflow (GET /rest/workflows/:id). */
	async workflowVersionId(id: string): Promise<string> {
		const res = await this.rest<{ data?: { versionId?: string } }>('GET', `/rest/workflows/${id}`);
		const versionId = res.body?.data?.versionId;
		if (res.status !== 200 || !versionId) throw this.fail(`GET /rest/workflows/${id}`, res);
		return versionId;
	}

	/**
	 * Asks n8n for a node parameter's dropdown the way the editor does when it opens one
	 * (POST /rest/dynamic-node-parameters/options, n8n runs the node's loadOptions method).
	 */
	async loadOptions(req: DynamicParametersRequest): Promise<Option[]> {
		const res = await this.loadOptionsResponse(req);
		if (res.status !== 200 || !Array.isArray(res.body?.data)) throw this.fail('POST /rest/dynamic-node-parameters/options', res);
		return res.body.data;
	}

	/** loadOptions() without the checks: n8n's HTTP status and body as they are (for error cases). */
	async loadOptionsResponse(req: DynamicParametersRequest): Promise<{ status: number; body: { data?: Option[]; message?: string } }> {
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
			throw this.fail('POST /rest/dynamic-node-parameters/resource-locator-results', res);
		}
		return res.body.data;
	}

	/**
	 * Tests a credential the way the editor's "Test" button does (POST /rest/credentials/test,
	 * n8n runs the credential's `test` request). Pass `{ type, data }` to create a credential
	 * first, or `{ id, type }` (optionally with `data` overrides) for an existing one.
	 */
	async testCredential(cred: CredentialJson): Promise<CredentialTestResult> {
		const id = cred.id ?? (await this.createCredential(cred));
		const res = await this.rest<{ data?: CredentialTestResult }>('POST', '/rest/credentials/test', {
			credentials: { id, name: cred.name ?? '', type: cred.type, data: cred.data ?? {} },
		});
		const result = res.body?.data;
		if (res.status !== 200 || !result || typeof result.status !== 'string') throw this.fail('POST /rest/credentials/test', res);
		return result;
	}

	/**
	 * Retries a failed execution the way the Executions list's "Retry" does (POST
	 * /rest/executions/:id/retry, with the workflow as it was when the execution ran): n8n starts
	 * a new execution (`retryOf` = id) and answers when it is done. Returns the new execution's id.
	 */
	async retryExecution(executionId: string, opts: { loadWorkflow?: boolean } = {}): Promise<string> {
		const res = await this.rest<{ data?: { id?: string } | boolean }>('POST', `/rest/executions/${executionId}/retry`, {
			loadWorkflow: opts.loadWorkflow ?? false,
		});
		const data = res.body?.data;
		const id = typeof data === 'object' && data ? data.id : undefined;
		if (res.status !== 200 || !id) throw this.fail(`POST /rest/executions/${executionId}/retry`, res);
		return String(id);
	}
}

/** fetch's error for a pooled connection the server had closed (undici's SocketError "other side closed"). */
function closedBeforeAnswer(error: unknown): boolean {
	return (error as { cause?: { code?: string } } | undefined)?.cause?.code === 'UND_ERR_SOCKET';
}
