import * as fs from 'fs';
import * as path from 'path';

import type { WorkflowJson } from './types';

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
