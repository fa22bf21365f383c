/**
 * Helpers of the SMSAPI Trigger e2e suites: the trigger workflows (fixtures with fixed node ids,
 * which are also the default secrets, and fixed webhook ids), callbacks sent as the service sends
 * them, the emulator's callback registry and callback log, and executions that appear (or not)
 * after a callback.
 */
import { secretPathSegment } from '../../../nodes/Smsapi/trigger/webhookUrls';
import type { Emulator } from '../../emulator';
import {
	loadWorkflowFixture,
	newId,
	nodeOutput,
	sleep,
	waitFor,
	type ExecutionRecord,
	type N8nInstance,
	type WorkflowJson,
} from '../harness';
import { control } from '../sms/support';

export { control };

export const TRIGGER_NODE = 'SMSAPI Trigger';

/**
 * How long something that must not happen is watched for where no marker can tell (see
 * `expectNoNewExecutions` for executions). Every positive test of the suites asserts that its
 * execution appeared within this window (see `waitForNewExecutions`), so "nothing within it" means
 * something.
 */
export const QUIET_WINDOW_MS = 2500;

export type TriggerEvent = 'dlr' | 'bulk' | 'click' | 'mo' | 'hlr';

/** A trigger workflow of the fixtures, with what a caller needs to reach it. */
export interface TriggerWorkflow {
	fixture: string;
	workflow: WorkflowJson;
	event: TriggerEvent;
	nodeId: string;
	webhookId: string;
	/** The secret callbacks must carry: the node's `secret` parameter, or its id (the default `={{ $nodeId }}`). */
	secret: string;
	/** Filled in by the suite after import. */
	id: string;
}

/** Loads a `trigger-*.workflow.json` fixture (credentials bound) and reads its trigger node. */
export function loadTriggerWorkflow(fixture: string, credentials: Record<string, { id: string; name: string }>): TriggerWorkflow {
	const workflow = loadWorkflowFixture(fixture, credentials);
	const node = workflow.nodes.find((n) => n.name === TRIGGER_NODE);
	if (!node?.id || !node.webhookId) throw new Error(`fixture ${fixture}: no '${TRIGGER_NODE}' node with id and webhookId`);
	const parameters = node.parameters ?? {};
	return {
		fixture,
		workflow,
		event: parameters.event as TriggerEvent,
		nodeId: node.id,
		webhookId: node.webhookId,
		secret: typeof parameters.secret === 'string' ? parameters.secret : node.id,
		id: '',
	};
}

/**
 * A copy of a trigger workflow under its own name, with a fresh node id (its default secret) and
 * webhook id, so that it has URLs of its own; save it to fill in `id`.
 */
export function copyOfTrigger(trigger: TriggerWorkflow, name: string): TriggerWorkflow {
	const workflow = JSON.parse(JSON.stringify(trigger.workflow)) as WorkflowJson;
	delete workflow.id;
	workflow.name = name;
	const node = workflow.nodes.find((n) => n.name === TRIGGER_NODE)!;
	node.id = newId();
	node.webhookId = newId();
	const parameters = node.parameters ?? {};
	return {
		fixture: trigger.fixture,
		workflow,
		event: trigger.event,
		nodeId: node.id,
		webhookId: node.webhookId,
		secret: typeof parameters.secret === 'string' ? parameters.secret : node.id,
		id: '',
	};
}

/** How an activation through n8n's REST API ended, as the editor shows it. */
export interface ActivationOutcome {
	activated: boolean;
	/** The activation error n8n shows: the failing node's error message. */
	error?: string;
}

/**
 * Activates (2.x: publishes) a saved workflow as the editor's toggle does (POST
 * /rest/workflows/:id/activate with its current version) and waits for the outcome. n8n 1.x
 * activates before it answers: a failure is the answer (400 with the node's message). n8n 2.x
 * answers at once and publishes in the background (its publication outbox): the outcome is what
 * GET /rest/workflows/:id/publication-status then reports (the editor is told the same by push).
 */
export async function activateThroughRest(n8n: N8nInstance, workflowId: string): Promise<ActivationOutcome> {
	const saved = await n8n.rest<{ data: { versionId: string } }>('GET', `/rest/workflows/${workflowId}`);
	if (saved.status !== 200) throw new Error(`GET /rest/workflows/${workflowId} -> ${saved.status}`);
	const answer = await n8n.rest<{ message?: string }>('POST', `/rest/workflows/${workflowId}/activate`, {
		versionId: saved.body.data.versionId,
	});
	if (n8n.line.line === '1') {
		return answer.status === 200 ? { activated: true } : { activated: false, error: String(answer.body?.message) };
	}
	if (answer.status !== 200) return { activated: false, error: String(answer.body?.message) };
	type Status = { status: string; triggers: Array<{ status: string; errorMessage: string | null }> };
	// n8n 2.41 tries a failing trigger five times (1, 2, 4 and 8 s apart) before it reports the failure.
	const settled = await waitFor(`the publication of workflow ${workflowId} to settle`, 60_000, async () => {
		const res = await n8n.rest<{ data: Status }>('GET', `/rest/workflows/${workflowId}/publication-status`);
		if (res.status !== 200) throw new Error(`GET /rest/workflows/${workflowId}/publication-status -> ${res.status}`);
		return res.body.data.status === 'in_progress' ? undefined : res.body.data;
	}, 100);
	if (settled.status === 'published') return { activated: true };
	const failed = settled.triggers.filter((trigger) => trigger.status === 'failed');
	return { activated: false, error: failed.map((trigger) => trigger.errorMessage ?? '').join('; ') || settled.status };
}

/** `/webhook/<webhook id>/<event>`: the event's URL without the secret (the earlier layout's base). */
export function triggerUrl(n8n: N8nInstance, trigger: TriggerWorkflow): string {
	return n8n.webhookUrl(`${trigger.webhookId}/${trigger.event}`);
}

/** The webhook path of the URL the editor shows: `<webhook id>/<event>/<secret>`. */
export function triggerPath(trigger: TriggerWorkflow): string {
	return trigger.secret === '' ? `${trigger.webhookId}/${trigger.event}` : `${trigger.webhookId}/${trigger.event}/${secretPathSegment(trigger.secret)}`;
}

/** The URL the service must call, as the editor shows it: the secret is the last path segment. */
export function callbackUrlOf(n8n: N8nInstance, trigger: TriggerWorkflow): string {
	return n8n.webhookUrl(triggerPath(trigger));
}

/** The URL of the earlier layout, still accepted: `…/<event>?secret=<secret>`. */
export function querySecretUrlOf(n8n: N8nInstance, trigger: TriggerWorkflow): string {
	return `${triggerUrl(n8n, trigger)}?secret=${encodeURIComponent(trigger.secret)}`;
}

export interface HttpAnswer {
	status: number;
	body: string;
}

/** Calls a URL as the service would and returns the answer (bounded: 10 s). */
export async function call(
	url: string,
	init: { method?: string; query?: Record<string, string>; form?: Record<string, string> | URLSearchParams; json?: unknown } = {},
): Promise<HttpAnswer> {
	const target = new URL(url);
	for (const [key, value] of Object.entries(init.query ?? {})) target.searchParams.append(key, value);
	let body: string | undefined;
	const headers: Record<string, string> = { 'user-agent': 'smsapi-trigger-e2e' };
	if (init.form !== undefined) {
		body = new URLSearchParams(init.form).toString();
		headers['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
	} else if (init.json !== undefined) {
		body = JSON.stringify(init.json);
		headers['content-type'] = 'application/json; charset=utf-8';
	}
	const res = await fetch(target, {
		method: init.method ?? (body === undefined ? 'GET' : 'POST'),
		headers,
		body,
		signal: AbortSignal.timeout(10_000),
	});
	return { status: res.status, body: await res.text() };
}

/** A delivery report as the service sends it (all values as strings). */
export interface DlrValues {
	MsgId: string;
	status: string;
	status_name: string;
	idx?: string;
	sent_at?: string;
	donedate?: string;
	username?: string;
	points?: string;
	to?: string;
	mcc?: string;
	mnc?: string;
}

const DLR_FIELDS = ['MsgId', 'status', 'status_name', 'idx', 'sent_at', 'donedate', 'username', 'points', 'to', 'mcc', 'mnc'] as const;

/** The query of one delivery-report request: each field's values comma-separated, aligned by position. */
export function dlrQuery(reports: DlrValues[]): Record<string, string> {
	const query: Record<string, string> = {};
	for (const field of DLR_FIELDS) query[field] = reports.map((report) => report[field] ?? '').join(',');
	return query;
}

/** A delivery report of a fresh message id (19 digits, like the service's). */
export function dlr(overrides: Partial<DlrValues> = {}): DlrValues {
	const now = Math.floor(Date.now() / 1000);
	return {
		MsgId: freshMsgId(),
		status: '404',
		status_name: 'DELIVERED',
		idx: '',
		sent_at: String(now - 60),
		donedate: String(now),
		username: 'demo',
		points: '0.165',
		to: '48500000001',
		mcc: '260',
		mnc: '2',
		...overrides,
	};
}

let msgCounter = 0;
/** A 19-digit message id no earlier test used (the dedupe memory outlives the emulator's resets). */
export function freshMsgId(): string {
	msgCounter += 1;
	return `${Date.now()}${String(msgCounter).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Emulator: callback registry and callback log

/**
 * A request to the emulator's service interface with the test token (a form body, or with
 * `json` a JSON body as the published API wants for /callbacks); returns the status and the JSON answer.
 */
export async function serviceRequest<T = unknown>(
	emulator: Emulator,
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	path: string,
	form?: Record<string, string>,
	json?: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
	const res = await fetch(`${emulator.primaryUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`, {
		method,
		headers: {
			authorization: 'Bearer test-token',
			...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
			...(json ? { 'content-type': 'application/json' } : {}),
		},
		body: form ? new URLSearchParams(form).toString() : json ? JSON.stringify(json) : undefined,
		signal: AbortSignal.timeout(10_000),
	});
	const text = await res.text();
	return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** An entry of the emulator's callback registry (GET /callbacks, the service's REST interface). */
export interface RegisteredCallback {
	id: string;
	type: string;
	url: string;
}

/** An entry of the registry as the published API lists it (`CallbackResponse`). */
export interface CallbackEntry extends RegisteredCallback {
	receiver: { type: string; number: string | null } | null;
}

/** The emulator's callback registry with every field, read through its REST interface. */
export async function registryEntries(emulator: Emulator): Promise<CallbackEntry[]> {
	const { status, body } = await serviceRequest<{ collection: CallbackEntry[] }>(emulator, 'GET', 'callbacks');
	if (status !== 200) throw new Error(`GET /callbacks -> ${status} ${JSON.stringify(body)}`);
	return body.collection;
}

/** The emulator's callback registry (id, type, url), read through its REST interface as the node reads it. */
export async function registry(emulator: Emulator): Promise<RegisteredCallback[]> {
	return (await registryEntries(emulator)).map(({ id, type, url }) => ({ id, type, url }));
}

/** Registers a callback URL through the emulator's REST interface (as the portal would; inbound messages for all numbers). */
export async function registerCallback(emulator: Emulator, type: string, url: string): Promise<RegisteredCallback> {
	const json = type === 'sms_mo' ? { type, url, receiver_type: 'all' } : { type, url };
	const { status, body } = await serviceRequest<RegisteredCallback>(emulator, 'POST', 'callbacks', undefined, json);
	if (status !== 201) throw new Error(`POST /callbacks -> ${status} ${JSON.stringify(body)}`);
	return { id: body.id, type, url };
}

/** Waits until the registry satisfies `ready` (n8n serves a webhook before its URL is registered). */
export async function waitForRegistry(
	emulator: Emulator,
	what: string,
	ready: (entries: RegisteredCallback[]) => boolean,
	timeoutMs = 20_000,
): Promise<RegisteredCallback[]> {
	let last: RegisteredCallback[] = [];
	try {
		return await waitFor(what, timeoutMs, async () => {
			last = await registry(emulator);
			return ready(last) ? last : undefined;
		}, 200);
	} catch (error) {
		throw new Error(`${(error as Error).message}; registry: ${JSON.stringify(last)}`);
	}
}

/** A callback the emulator made (GET /__control/callbacks). */
export interface CallbackAttempt {
	type: string;
	url: string;
	method: string;
	query: Record<string, string>;
	body: string | null;
	attempt: number;
	responseStatus: number | null;
	responseBody: string | null;
	error: string | null;
	ok: boolean;
}

export const callbackAttempts = (emulator: Emulator, type?: string) =>
	control<CallbackAttempt[]>(emulator, 'GET', `callbacks${type ? `?type=${type}` : ''}`);

/** Waits until the emulator has made callbacks of `type` that `ready` accepts. */
export async function waitForCallbacks(
	emulator: Emulator,
	type: string,
	ready: (attempts: CallbackAttempt[]) => boolean,
	timeoutMs = 15_000,
): Promise<CallbackAttempt[]> {
	let last: CallbackAttempt[] = [];
	try {
		return await waitFor(`emulator ${type} callbacks`, timeoutMs, async () => {
			last = await callbackAttempts(emulator, type);
			return ready(last) ? last : undefined;
		}, 100);
	} catch (error) {
		throw new Error(`${(error as Error).message}; callbacks: ${JSON.stringify(last)}`);
	}
}

// ---------------------------------------------------------------------------------------------
// Executions

/**
 * Waits for `count` executions after `afterId` (of `workflowId` when given), then for them to
 * finish, and returns them with their data, oldest first. With `since` (when the callback left)
 * it also asserts that they appeared within QUIET_WINDOW_MS: the positive control of the
 * "no execution" checks.
 */
export async function waitForNewExecutions(
	n8n: N8nInstance,
	afterId: number,
	count: number,
	opts: { since?: number; workflowId?: string; timeoutMs?: number } = {},
): Promise<ExecutionRecord[]> {
	const timeoutMs = opts.timeoutMs ?? 30_000;
	const wanted = (execution: ExecutionRecord) =>
		Number(execution.id) > afterId && (opts.workflowId === undefined || execution.workflowId === opts.workflowId);
	await waitFor(`${count} new execution(s) after #${afterId}`, timeoutMs, async () => {
		const fresh = (await n8n.executions({ afterId, withData: false })).filter(wanted);
		return fresh.length >= count ? true : undefined;
	}, 100);
	if (opts.since !== undefined) {
		const appearedAfterMs = Date.now() - opts.since;
		if (appearedAfterMs > QUIET_WINDOW_MS) {
			throw new Error(
				`the execution appeared ${appearedAfterMs} ms after the callback, later than QUIET_WINDOW_MS (${QUIET_WINDOW_MS} ms): ` +
					'the "no execution" checks would prove nothing; raise the window',
			);
		}
	}
	return await n8n.waitForExecutions(count, timeoutMs, wanted);
}

/** How long after the marker's execution appeared the other executions are looked for. */
const MARKER_GRACE_MS = 500;

/**
 * Asserts that the calls made since `afterId` started no execution (of any workflow).
 *
 * Instead of watching a fixed quiet window, it sends a marker after them: a fresh delivery report
 * to `marker` (an active delivery-report trigger of the same n8n). n8n takes the calls of one
 * process in order, so once the marker's execution is there (and MARKER_GRACE_MS more), an
 * execution that an earlier call started would be there as well. The marker's must be the only
 * one. Returns the marker execution's id, after which a test's later waits start.
 */
export async function expectNoNewExecutions(n8n: N8nInstance, afterId: number, marker: TriggerWorkflow): Promise<number> {
	const report = dlr();
	const answer = await call(callbackUrlOf(n8n, marker), { query: dlrQuery([report]) });
	if (answer.status !== 200) throw new Error(`the marker report was answered ${answer.status}: ${answer.body}`);
	const markerExecution = await waitFor(`the marker report's execution after #${afterId}`, 30_000, async () => {
		const ofMarker = (await n8n.executions({ afterId, withData: false })).filter(
			(e) => e.workflowId === marker.id && e.stoppedAt,
		);
		return ofMarker.length > 0 ? ofMarker[ofMarker.length - 1] : undefined;
	}, 100);
	await sleep(MARKER_GRACE_MS);
	const fresh = await n8n.executions({ afterId, withData: true });
	const [withItems] = fresh.filter((e) => e.id === markerExecution.id);
	const others = fresh.filter((e) => e.id !== markerExecution.id);
	if (others.length > 0) {
		throw new Error(`expected no execution but the marker's, found ${others.map((e) => `#${e.id} wf=${e.workflowId} ${e.status}`).join(', ')}`);
	}
	if (!triggerItems(withItems).some((item) => item.MsgId === report.MsgId)) {
		throw new Error(`execution #${withItems.id} is not the marker's (MsgId ${report.MsgId})`);
	}
	return Number(markerExecution.id);
}

/** The items the trigger node emitted in an execution (also checks the execution succeeded). */
export function triggerItems(execution: ExecutionRecord): Array<Record<string, unknown>> {
	if (execution.status !== 'success') {
		throw new Error(`execution #${execution.id} ended ${execution.status}: ${JSON.stringify(execution.data?.resultData?.error ?? null)}`);
	}
	const runData = execution.data?.resultData?.runData;
	// The items reached the next node too: the workflow ran on them, not only the trigger.
	expect(nodeOutput(runData, 'Received')).toEqual(nodeOutput(runData, TRIGGER_NODE));
	return nodeOutput(runData, TRIGGER_NODE);
}
