/**
 * docs/which-node.md shows the JSON of an SMSAPI node that takes the place of SMSAPI's own
 * "SMS API - Send an SMS" node (README, "Which SMSAPI node?"). The node exactly as the page shows it
 * runs in-process after a Manual Trigger against the emulator: it is a valid node of this package at
 * that version, its parameters send what the old node's fields meant (one message per item, the
 * Sender Name from `options.from`), and the next nodes find `id`, `points`, `status` and `idx`.
 */
import * as fs from 'fs';
import * as path from 'path';

import { messages } from '../e2e/sms/support';
import { PROJECT_ROOT } from './package-types';
import { nodeJson } from './run-result';
import { useEmulatorSuite } from './suite';

/** The first ```json block of the page's "Moving a workflow" section. */
function documentedNode(): Record<string, unknown> {
	const page = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'which-node.md'), 'utf8');
	const section = page.slice(page.indexOf('## Moving a workflow'));
	const block = /```json\n([\s\S]*?)\n```/.exec(section.slice(0, section.indexOf('\n## ', 1)));
	if (!block) throw new Error('docs/which-node.md: no JSON block under "Moving a workflow"');
	return JSON.parse(block[1]) as Record<string, unknown>;
}

describe("in-process n8n: the node docs/which-node.md puts in place of SMSAPI's own node", () => {
	const suite = useEmulatorSuite({ emulator: { dlrDelayMs: 600_000 } });
	beforeEach(() => suite.emulator().reset());

	it("is this package's SMS → Send at the newest version, with To, Message and Options → Sender Name", () => {
		const node = documentedNode();
		expect([node.type, node.typeVersion]).toEqual(['n8n-nodes-smsapi-plus.smsapi', 1.2]);
		expect(node.parameters).toMatchObject({
			resource: 'sms',
			operation: 'send',
			options: { from: expect.any(String) },
		});
		expect(Object.keys(node.credentials as object)).toEqual(['smsapiApi']);
	});

	it("sends one message per item with the items' numbers and texts from MyShop", async () => {
		const documented = documentedNode();
		const name = String(documented.name);
		const node = {
			...documented,
			id: 'moved-node',
			position: [240, 0],
			credentials: { smsapiApi: suite.credential('smsapiApi') },
		};
		const workflow = {
			name: 'moved from SMS API - Send an SMS',
			nodes: [
				{
					id: 'start',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				node,
			],
			connections: { Start: { main: [[{ node: name, type: 'main', index: 0 }]] } },
		};
		const customers = [
			{ phone: '+48 500 000 001', first_name: 'Anna' },
			{ phone: '48500000002', first_name: 'Jan' },
		];
		const run = await suite.n8n().run(workflow, { pinData: { Start: customers } });

		expect(run.status).toBe('success');
		expect((await messages(suite.emulator())).map((m) => [m.number, m.sender, m.text])).toEqual([
			['48500000001', 'MyShop', 'Hi Anna, your order has shipped.'],
			['48500000002', 'MyShop', 'Hi Jan, your order has shipped.'],
		]);
		const output = nodeJson(run, name);
		expect(output).toHaveLength(2);
		for (const item of output) {
			expect(item).toMatchObject({
				id: expect.any(String),
				points: expect.any(Number),
				status: expect.any(String),
				idx: expect.any(String),
			});
		}
	});
});
