/**
 * The trigger workflows of the SMSAPI Trigger e2e suites: fixtures with fixed node ids (also the
 * default secrets) and fixed webhook ids, their URLs, and activation through n8n's REST API.
 */
import { secretPathSegment } from '../../../../nodes/Smsapi/trigger/webhookUrls';
import { loadWorkflowFixture, newId, waitFor, type N8nInstance, type WorkflowJson } from '../../harness';

export const TRIGGER_NODE = 'SMSAPI Trigger';

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

/** How long n8n 2.x must answer `not_published` after an accepted activation before it counts. */
const NOT_PUBLISHED_MS = 15_000;

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
	// Between the accepted activation and its first trigger status n8n can answer `not_published`
	// (no publication in flight, no trigger status yet: workflow-publication-status.service): seen
	// once in CI on a loaded machine. That answer counts only once it has lasted NOT_PUBLISHED_MS.
	let notPublishedSince: number | undefined;
	const settled = await waitFor(`the publication of workflow ${workflowId} to settle`, 60_000, async () => {
		const res = await n8n.rest<{ data: Status }>('GET', `/rest/workflows/${workflowId}/publication-status`);
		if (res.status !== 200) throw new Error(`GET /rest/workflows/${workflowId}/publication-status -> ${res.status}`);
		const { status } = res.body.data;
		if (status === 'in_progress') return undefined;
		if (status !== 'not_published') return res.body.data;
		notPublishedSince ??= Date.now();
		return Date.now() - notPublishedSince >= NOT_PUBLISHED_MS ? res.body.data : undefined;
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
