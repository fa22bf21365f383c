/**
 * n8n 2.x: the SMSAPI node as the AI Agent's "Human review" tool. n8n makes the tool type
 * `n8n-nodes-smsapi-plus.smsapiHitlTool` of the node by itself (its `tool-generation/hitl-tools.ts`:
 * an operation `sendAndWait` and webhooks). A workflow Webhook → AI Agent (OpenAI Chat Model
 * pointed at a scripted model on loopback: scripted-model.ts) with the HTTP Request tool "Refund"
 * connected through "Approve by SMS": the model calls Refund; the call is held, an SMS with the
 * answer link goes out, the execution waits. Approve → Refund runs (the loopback server sees the
 * request) and the agent answers with its result; Decline → Refund never runs, the agent is told
 * the call was rejected.
 */
import { newId, type WorkflowJson } from '../harness';
import { messages } from '../sms/support';
import { startScriptedModel, type ScriptedModel } from './scripted-model';
import { afterItems, buttonsOf, finished, linkOf, open, openQuestion, stillWaiting, tap, waitingExecution, type ApprovalSuite } from './support';

export const HITL_NODE_TYPE = 'n8n-nodes-smsapi-plus.smsapiHitlTool';
const TEST_TIMEOUT_MS = 120_000;

export function agentWorkflow(credentials: { smsapi: { id: string; name: string }; openAi: { id: string; name: string } }, path: string, to: string, model: ScriptedModel): WorkflowJson {
	const node = (name: string, type: string, typeVersion: number, position: number[], parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: newId(), name, type, typeVersion, position, parameters, ...extra });
	return {
		name: `e2e: agent with approval by SMS ${path}`,
		nodes: [
			node('Webhook', 'n8n-nodes-base.webhook', 2, [0, 0], { httpMethod: 'GET', path, responseMode: 'onReceived', options: {} }, { webhookId: newId() }),
			node('AI Agent', '@n8n/n8n-nodes-langchain.agent', 3, [240, 0], { promptType: 'define', text: 'Refund order 1024.', options: {} }),
			node('OpenAI Chat Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', 1.2, [160, 220], { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} }, { credentials: { openAiApi: credentials.openAi } }),
			node(
				'Approve by SMS',
				HITL_NODE_TYPE,
				1.1,
				[400, 220],
				{
					to,
					message: '=The agent wants to run {{ $tool.name }} for order {{ $tool.parameters.order }}. Allow it?',
					approvalOptions: { values: { approvalType: 'double', approveLabel: 'Allow', disapproveLabel: 'Refuse' } },
					options: {},
				},
				{ credentials: { smsapiApi: credentials.smsapi } },
			),
			node('Refund', 'n8n-nodes-base.httpRequestTool', 4.2, [400, 440], {
				toolDescription: 'Refunds an order',
				method: 'POST',
				url: `=${model.origin}/refund?order={{ $fromAI('order', 'The order number', 'string') }}`,
				options: {},
			}),
			node('After', 'n8n-nodes-base.noOp', 1, [560, 0], {}),
		],
		connections: {
			Webhook: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			'Approve by SMS': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
			Refund: { ai_tool: [[{ node: 'Approve by SMS', type: 'ai_tool', index: 0 }]] },
			'AI Agent': { main: [[{ node: 'After', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The tests of line 2 (n8n 2.x has the Human review tools; 1.x has not). */
export function registerAgentTests(suite: ApprovalSuite): void {
	let model: ScriptedModel;
	let openAi: { id: string; name: string };

	beforeAll(async () => {
		model = await startScriptedModel('1024');
		[openAi] = await suite.n8n.createCredentials([{ type: 'openAiApi', name: 'Scripted model', data: { apiKey: 'sk-scripted', url: `${model.origin}/v1` } }]);
	});
	afterAll(async () => await model?.close());

	it('n8n offers the node as the AI Agent\'s Human review tool ("smsapiHitlTool", the operation fixed to Send and Wait for Approval)', async () => {
		const types = await suite.n8n.rest<Array<{ name: string; codex?: { subcategories?: Record<string, string[]> }; outputs?: unknown; properties: Array<{ name: string; type: string; default: unknown }> }>>('GET', '/types/nodes.json');
		const tool = types.body.find((type) => type.name === HITL_NODE_TYPE);
		expect(tool).toBeDefined();
		expect(JSON.stringify(tool?.outputs)).toContain('Human review');
		const hidden = Object.fromEntries((tool?.properties ?? []).filter((p) => p.type === 'hidden').map((p) => [p.name, p.default]));
		expect(hidden).toMatchObject({ resource: 'sms', operation: 'sendAndWait', responseType: 'approval' });
		expect(tool?.properties.map((p) => p.name)).toEqual(expect.arrayContaining(['to', 'message', 'approvalOptions', 'options']));
	});

	const run = async (to: string, button: 'answer=approve' | 'answer=decline') => {
		const path = `e2e-agent-${newId().slice(0, 8)}`;
		const [workflowId] = await suite.n8n.createWorkflows([agentWorkflow({ smsapi: suite.credential, openAi }, path, to, model)]);
		await suite.n8n.activate(workflowId);
		const before = await suite.n8n.lastExecutionId();
		const refundsBefore = model.refunds.length;
		expect((await fetch(suite.n8n.webhookUrl(path), { signal: AbortSignal.timeout(30_000) })).status).toBe(200);
		const waiting = await waitingExecution(suite.n8n, workflowId, before);
		const message = (await messages(suite.emulator)).filter((m) => m.number === to).pop()!;
		expect(message.text).toMatch(/^The agent wants to run Refund for order 1024\. Allow it\?\nhttps:\/\/idz\.do\/[\w-]+#[A-Za-z0-9_-]{22}$/);
		// Held: the tool has not run while the execution waits, and opening the link (a preview) or its question changes nothing.
		const { link } = await linkOf(suite.emulator, message);
		expect((await open(link, { 'user-agent': 'WhatsApp/2.23.20.0 A' })).html).not.toContain('Allow it?');
		expect(buttonsOf((await openQuestion(link)).html)).toEqual(['answer=decline', 'answer=approve']);
		await stillWaiting(suite.n8n, String(waiting.id));
		expect(model.refunds.length).toBe(refundsBefore);
		expect((await tap(link, Object.fromEntries([button.split('=')]))).status).toBe(200);
		const done = await finished(suite.n8n, String(waiting.id), 60_000);
		return { done, refunds: model.refunds.slice(refundsBefore), output: String(afterItems(done)[0]?.output ?? '') };
	};

	it(
		'a tool call is held and sent for approval by SMS; after Allow the tool runs once and the agent answers with its result',
		async () => {
			const { refunds, output } = await run('48500000801', 'answer=approve');
			expect(refunds).toEqual(['1024']);
			expect(output).toMatch(/^Done\. The tool said: .*refunded/);
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'after Refuse the tool never runs; the agent is told the call was rejected',
		async () => {
			const { refunds, output } = await run('48500000802', 'answer=decline');
			expect(refunds).toEqual([]);
			expect(output).toMatch(/^Done\. The tool said: .*rejected the tool call to Refund/);
		},
		TEST_TIMEOUT_MS,
	);
}
