/**
 * The pinned output of the fixtures' Code nodes (code-node-output.ts) stands in for n8n's task
 * runner in-process, and no real n8n runs these fixtures any more: each Code node's `jsCode` is
 * run here (plain JavaScript, no n8n globals) and must give exactly the pinned items, so the two
 * cannot drift apart.
 */
import * as fs from 'fs';
import * as path from 'path';
import { runInNewContext } from 'vm';

import { FIXTURES_DIR } from '../e2e/harness/fixtures';
import type { WorkflowJson } from '../e2e/harness/types';
import { CODE_NODE_OUTPUT, pinnedCodeOutput } from './code-node-output';

const CODE_NODE_TYPE = 'n8n-nodes-base.code';

/** Every Code node of every fixture: [fixture, node name, jsCode]. */
function codeNodes(): Array<[string, string, string]> {
	return fs
		.readdirSync(FIXTURES_DIR)
		.filter((file) => file.endsWith('.workflow.json'))
		.flatMap((file) => {
			const fixture = file.replace(/\.workflow\.json$/, '');
			const workflow = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, file), 'utf8')) as WorkflowJson;
			return workflow.nodes
				.filter((node) => node.type === CODE_NODE_TYPE && !node.disabled)
				.map((node): [string, string, string] => [fixture, node.name, String(node.parameters?.jsCode)]);
		});
}

describe("the pinned output of the fixtures' Code nodes", () => {
	const nodes = codeNodes();

	it('every Code node of a fixture has pinned output, and every pinned node is a Code node of its fixture', () => {
		expect(nodes.length).toBeGreaterThan(0);
		const inFixtures = nodes.map(([fixture, node]) => `${fixture} / ${node}`).sort();
		const pinned = Object.entries(CODE_NODE_OUTPUT)
			.flatMap(([fixture, byNode]) => Object.keys(byNode).map((node) => `${fixture} / ${node}`))
			.sort();
		expect(pinned).toEqual(inFixtures);
	});

	it.each(nodes)('%s, node %s: the jsCode returns the pinned items', (fixture, node, jsCode) => {
		const returned = runInNewContext(`(() => {\n${jsCode}\n})()`, {}, { timeout: 5_000 }) as Array<{ json: unknown }>;
		const items = JSON.parse(JSON.stringify(returned.map((item) => item.json))) as unknown;
		expect(items).toEqual(pinnedCodeOutput(fixture)[node]);
	});
});
