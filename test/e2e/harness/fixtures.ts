import * as fs from 'fs';
import * as path from 'path';

import { newId } from './ids';
import type { WorkflowJson, WorkflowNodeJson } from './types';

export const FIXTURES_DIR = path.resolve(__dirname, '..', 'fixtures');

/**
 * Loads `test/e2e/fixtures/<name>.workflow.json`. Each node's `credentials[key]` whose key is in
 * `credentials` is replaced with that credential's `{ id, name }`; a credential the fixture
 * names but `credentials` lacks is an error (so a fixture never runs with a dangling reference).
 */
export function loadWorkflowFixture(
	name: string,
	credentials: Record<string, { id: string; name: string }> = {},
): WorkflowJson {
	const file = path.join(FIXTURES_DIR, `${name}.workflow.json`);
	const wf = JSON.parse(fs.readFileSync(file, 'utf8')) as WorkflowJson;
	for (const node of wf.nodes) {
		for (const key of Object.keys(node.credentials ?? {})) {
			const cred = credentials[key];
			if (!cred) throw new Error(`fixture ${name}: node '${node.name}' needs a '${key}' credential`);
			node.credentials![key] = { id: cred.id, name: cred.name };
		}
	}
	return wf;
}

/**
 * The workflow with its Manual Trigger replaced by a Webhook node (GET `webhookPath`, answered at
 * once unless `parameters` say otherwise), at the same place and with the same connections: a
 * saved, active copy runs through its production URL (e.g. N8nInstance.runViaWebhook()) inside the
 * running n8n instead of `n8n execute`.
 */
export function startedByWebhook(
	workflow: WorkflowJson,
	webhookPath: string,
	parameters: Record<string, unknown> = {},
): WorkflowJson {
	const manual = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
	if (!manual) throw new Error(`workflow '${workflow.name ?? ''}' has no Manual Trigger to replace`);
	const name = 'Webhook';
	const webhook: WorkflowNodeJson = {
		id: newId(),
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: manual.position,
		webhookId: newId(),
		parameters: { httpMethod: 'GET', path: webhookPath, responseMode: 'onReceived', options: {}, ...parameters },
	};
	const connections = { ...(workflow.connections ?? {}) };
	if (connections[manual.name] !== undefined) {
		connections[name] = connections[manual.name];
		delete connections[manual.name];
	}
	return {
		...workflow,
		nodes: workflow.nodes.map((node) => (node === manual ? webhook : node)),
		connections,
	};
}
