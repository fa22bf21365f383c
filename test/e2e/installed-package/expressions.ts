/**
 * The node's fast path for plain reads of the item (`{{ $json.to }}`, nodes/Smsapi/helpers/
 * jsonTemplate.ts) in real n8n: a workflow whose To, Message, Param 1 and Idx are plain reads (the
 * node renders them) sends, request by request and field by field, exactly what the same workflow
 * sends when every read is wrapped in parentheses (`{{ ($json.to) }}`: not a plain read, so n8n's
 * own expression engine evaluates it), on items of every awkward shape a Code node can give.
 * The property test of the same parity on generated values is test/e2e/expression-parity.test.ts.
 */
import { E2E_TEST_TIMEOUT_MS, expectExecutionStatus, newId, SMSAPI_NODE_TYPE, type WorkflowJson } from '../harness';
import { smsDoRequests } from '../sms/support';
import { type InstalledPackageSuite } from './suite';

/** Items of every shape: numbers as numbers, unicode, emoji, macros, keys with dots and spaces, nesting, missing and null values. */
const ITEMS_CODE = `
const names = ['Zoë', 'Łukasz', '李雷', '🙂 Ann', 'O\\'Brien', 'a "quoted" name', '[%goto:https://x.example%]', '', ' spaced ', 'ends with %]'];
const numbers = [0, -0, 1.5, -2.25, 1e21, 9007199254740993, 0.1 + 0.2, 42, -7, 1e-7];
return Array.from({ length: 40 }, (_, i) => {
	const json = {
		phone: i % 3 === 0 ? 48500200000 + i : String(48500200000 + i),
		name: names[i % names.length],
		n: numbers[i % numbers.length],
		flag: i % 2 === 0,
		'first name': names[(i + 3) % names.length],
		'a.b': 'dot ' + i,
		address: { city: i % 4 === 0 ? null : 'Gdańsk ' + i, zip: i },
		list: [i, 'second ' + i],
		order: 'order-' + i,
	};
	if (i % 5 === 0) delete json.name;
	if (i % 7 === 0) json.n = null;
	if (i % 6 === 0) json.address = 'no object here';
	return { json };
});`;

/** The four expressions, as plain reads; `slow` wraps each read in parentheses (n8n evaluates it). */
function expressions(slow: boolean) {
	const read = (path: string) => (slow ? `{{ (${path}) }}` : `{{ ${path} }}`);
	return {
		to: `=${read('$json.phone')}`,
		message: `=Hi ${read('$json.name')} / ${read('$json["first name"]')} (${read("$json['a.b']")}), ${read('$json.n')} ${read('$json.flag')} ${read('$json.address.city')} ${read('$json.list[1]')} ${read('$json.missing')}`,
		param1: `=${read('$json.n')}`,
		idx: `=${read('$json.order')}`,
	};
}

function workflow(credential: { id: string; name: string }, path: string, slow: boolean): WorkflowJson {
	const { to, message, param1, idx } = expressions(slow);
	return {
		name: `e2e: expressions, ${slow ? "n8n's evaluation" : 'fast path'}`,
		nodes: [
			{ id: newId(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: newId(), parameters: { httpMethod: 'GET', path, responseMode: 'lastNode', responseData: 'noData', options: {} } },
			{ id: newId(), name: 'Items', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0], parameters: { jsCode: ITEMS_CODE } },
			{
				id: newId(),
				name: 'SMSAPI',
				type: SMSAPI_NODE_TYPE,
				typeVersion: 1,
				position: [440, 0],
				parameters: { resource: 'sms', operation: 'send', to, message, options: { param1, idx, neutralizeMacros: true } },
				credentials: { smsapiApi: credential },
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Items', type: 'main', index: 0 }]] },
			Items: { main: [[{ node: 'SMSAPI', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

export function registerExpressionTests(ctx: InstalledPackageSuite, credential: () => { id: string; name: string }): void {
	it(
		"plain reads of the item rendered by the node send exactly what n8n's own evaluation of the same reads sends",
		async () => {
			const { n8n, emulator } = ctx;
			const fastPath = `e2e-expr-fast-${newId().slice(0, 8)}`;
			const slowPath = `e2e-expr-slow-${newId().slice(0, 8)}`;
			const [fastId, slowId] = await n8n.createWorkflows([
				workflow(credential(), fastPath, false),
				workflow(credential(), slowPath, true),
			]);
			await n8n.activate([fastId, slowId]);

			const sent = async (id: string, path: string) => {
				emulator.reset();
				const run = await n8n.runViaWebhook(id, path, { timeoutMs: 60_000 });
				expectExecutionStatus(run.execution);
				const bodies = (await smsDoRequests(emulator)).map((request) => request.body);
				// One message per item here (the texts differ): keyed by the recipient.
				return new Map(bodies.map(({ to, message, param1, idx }) => [to, { message, param1, idx }]));
			};
			const fast = await sent(fastId, fastPath);
			const slow = await sent(slowId, slowPath);

			expect(fast.size).toBe(40);
			expect([...fast.keys()].sort()).toEqual([...slow.keys()].sort());
			const differing = [...fast].filter(([to, fields]) => JSON.stringify(fields) !== JSON.stringify(slow.get(to)));
			expect(differing.map(([to, fields]) => ({ to, fast: fields, n8n: slow.get(to) }))).toEqual([]);
			// The items' macros arrived inert and the numbers as n8n writes them.
			const texts = [...fast.values()].map((fields) => fields.message);
			expect(texts.some((text) => text.includes('[ %goto'))).toBe(true);
			expect(texts.some((text) => text.includes('1e+21'))).toBe(true);
		},
		E2E_TEST_TIMEOUT_MS,
	);
}
