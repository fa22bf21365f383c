/**
 * The workflows the bench runs (scripts/bench/run.ts; the nodes also in inprocess.ts): the same
 * parameter work everywhere (`to` from the item, a constant message) so that only the node differs.
 * Every send workflow is Webhook (POST {n}) → Code (n items `{ to, offer }`, with `code` for the
 * personalised rows) → the node under test, and
 * answers when the last node has finished.
 */
import { randomUUID } from 'node:crypto';

export const MESSAGE = 'Spring sale: 20% off until Sunday.';
/** The campaign's text per item (the same for every item, as a spreadsheet column would be). */
export const OFFER = '20% off until Sunday';
/** The campaign rows' two expressions: To and a Message with one `{{ … }}` (fast path: plain reads). */
export const CAMPAIGN_TO = '={{ $json.to }}';
export const CAMPAIGN_MESSAGE = '=Spring sale: {{ $json.offer }}.';
/** The same Message through an expression the fast path does not take (n8n evaluates it per item). */
export const CAMPAIGN_MESSAGE_SLOW = '=Spring sale: {{ $json.offer.toUpperCase() }}.';
/**
 * The personalised rows (issue 41): the items of their Code node also carry `code` (the number's
 * last four digits), and the same texts are written with Param 1 and as a text per item, each
 * through a plain read (the fast path) and through an expression n8n evaluates.
 */
export const PERSONALISED_PARAM1 = '={{ $json.code }}';
export const PERSONALISED_PARAM1_SLOW = '={{ $json.code.toUpperCase() }}';
export const PERSONALISED_TEMPLATE = 'Your code [%1%]: 20% off until Sunday.';
export const PERSONALISED_TEXT = '=Your code {{ $json.code }}: 20% off until Sunday.';
export const PERSONALISED_TEXT_SLOW = '=Your code {{ $json.code.toUpperCase() }}: 20% off until Sunday.';
/**
 * The SMSAPI node's versions: 1 for the rows measured since before version 1.2 (their wire is the
 * same in 1.2: a constant Message), 1.2 (the default of a new node) for the campaign rows (since
 * issue 47: a new node's Message expression is routed per item, routing.ts) and where Personalised
 * Texts as One Template is what is measured; version 1 keeps a request per text.
 */
export const SMSAPI_V1 = 1;
export const SMSAPI_V1_2 = 1.2;
export const TOKEN = 'test-token';

type Json = Record<string, unknown>;
type Credential = { id: string; name: string };

/** A workflow node; `extra` adds webhookId, credentials... */
function node(name: string, type: string, typeVersion: number, parameters: Json, extra: Json = {}, position = [400, 0]): Json {
	return { id: randomUUID(), name, type, typeVersion, position, parameters, ...extra };
}

const SMSAPI = 'n8n-nodes-smsapi-plus.smsapi';
const WEBHOOK = 'n8n-nodes-base.webhook';

/** n8n's Set node doing the send's parameter work: n8n's own floor. */
export function setFloorNode(): Json {
	const assignments = [
		{ id: 'a1', name: 'to', value: '={{ $json.to }}', type: 'string' },
		{ id: 'a2', name: 'message', value: MESSAGE, type: 'string' },
	];
	return node('Set', 'n8n-nodes-base.set', 3.4, { assignments: { assignments }, options: {} });
}

/** n8n's No Op node: what n8n itself costs to carry the items (its longest event-loop block too). */
export function noOpNode(): Json {
	return node('No Op', 'n8n-nodes-base.noOp', 1, {});
}

/** n8n's Set node evaluating the campaign's two expressions: n8n's floor for them. */
export function setCampaignNode(): Json {
	const assignments = [
		{ id: 'a1', name: 'to', value: CAMPAIGN_TO, type: 'string' },
		{ id: 'a2', name: 'message', value: CAMPAIGN_MESSAGE, type: 'string' },
	];
	return node('Set', 'n8n-nodes-base.set', 3.4, { assignments: { assignments }, options: {} });
}

/** This package's SMS Send with the campaign's expressions (`message`: fast, slow or personalised). */
export function smsapiCampaignNode(credential: Credential, message: string, typeVersion = SMSAPI_V1): Json {
	const parameters = { resource: 'sms', operation: 'send', to: CAMPAIGN_TO, message, options: {} };
	return node('SMSAPI', SMSAPI, typeVersion, parameters, { credentials: { smsapiApi: credential } });
}

/**
 * This package's SMS Send, `to` from the item, a constant message; `personalised`: the message
 * `Your code [%1%]: …` with Param 1 `{{ $json.code }}` (items with `code`: benchWorkflow), or
 * (`'slow'`) `{{ $json.code.toUpperCase() }}`, which n8n evaluates.
 */
export function smsapiSendNode(
	credential: Credential,
	options: { batching: boolean; maxParallel?: number; personalised?: boolean | 'slow'; typeVersion?: number },
): Json {
	const nodeOptions: Json = {};
	if (!options.batching) nodeOptions.batching = false;
	if (options.maxParallel !== undefined) nodeOptions.maxParallelRequests = options.maxParallel;
	if (options.personalised) nodeOptions.param1 = options.personalised === 'slow' ? PERSONALISED_PARAM1_SLOW : PERSONALISED_PARAM1;
	const message = options.personalised ? PERSONALISED_TEMPLATE : MESSAGE;
	const parameters = { resource: 'sms', operation: 'send', to: '={{ $json.to }}', message, options: nodeOptions };
	return node('SMSAPI', SMSAPI, options.typeVersion ?? SMSAPI_V1, parameters, { credentials: { smsapiApi: credential } });
}

/** The Code node's JavaScript for n items `{ to, offer }`, with `code` (the last four digits) when asked. */
function itemsCode(n: string, withCode: boolean): string {
	const offer = JSON.stringify(OFFER);
	if (!withCode) return `return Array.from({ length: ${n} }, (_, i) => ({ json: { to: String(48500100000 + i), offer: ${offer} } }));`;
	return `return Array.from({ length: ${n} }, (_, i) => { const to = String(48500100000 + i); return { json: { to, offer: ${offer}, code: to.slice(-4) } }; });`;
}

/** This package's number lookup, one number per item. */
export function smsapiLookupNode(credential: Credential): Json {
	const parameters = { resource: 'hlr', operation: 'lookup', numbers: '={{ $json.to }}', options: {} };
	return node('SMSAPI', SMSAPI, 1, parameters, { credentials: { smsapiApi: credential } });
}

/** n8n's HTTP Request node posting one sms.do per item; `throttled`: its batching option, 5 items per 30 ms. */
export function httpRequestNode(serviceUrl: string, throttled: boolean): Json {
	return {
		id: randomUUID(),
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [400, 0],
		parameters: {
			method: 'POST',
			url: `${serviceUrl}/sms.do`,
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${TOKEN}` }] },
			sendBody: true,
			contentType: 'form-urlencoded',
			bodyParameters: {
				parameters: [
					{ name: 'to', value: '={{ $json.to }}' },
					{ name: 'message', value: MESSAGE },
					{ name: 'format', value: 'json' },
				],
			},
			options: throttled ? { batching: { batch: { batchSize: 5, batchInterval: 30 } } } : {},
		},
	};
}

/**
 * The whole bench as one workflow (n8n publishes a workflow in about 10 s, so one saves minutes):
 * - Webhook "Run" (POST /webhook/bench-run, body `{ key, n }`) → Switch on `key` (one item: its
 *   cost is no per-item cost) → Code making n items `{ to, offer }` (and `code` for the branches
 *   `withCode`) → the node under test; answered when
 *   that node has finished;
 * - Webhook "Reports" (GET /webhook/bench-dlr, answered at once) → No Op: what the trigger is compared with;
 *   "Reports v1" the same in the Webhook node's version 1 (GET /webhook/bench-dlr-v1);
 * - SMSAPI Trigger (delivery reports) → No Op, at `/webhook/<webhookId>/dlr` (version 3's defaults: no
 *   Secret), `/webhook/<webhookId>/dlr/<node id>` (versions 1 and 2: the Secret's default is the node id).
 */
/** BENCH_STATIC_SECRET=1: the trigger's Secret a fixed text instead of its version's default (probe). */
const STATIC_SECRET = process.env.BENCH_STATIC_SECRET === '1' ? 'benchsecret0123456789abcdef' : '';

/** The trigger's version a new node gets (BENCH_TRIGGER_VERSION=1 or 2: the versions saved triggers may have). */
const TRIGGER_VERSION = Number(process.env.BENCH_TRIGGER_VERSION ?? 3);

/** The Secret segment of the trigger's URL: a fixed one, none (version 3's default), the node id (up to version 2). */
const secretSegment = (nodeId: string) => (STATIC_SECRET ? `/${STATIC_SECRET}` : TRIGGER_VERSION >= 3 ? '' : `/${nodeId}`);

/** BENCH_TRIGGER_COMBINE_MS: the trigger's "Combine Callbacks Within" instead of its version's default (probe). */
const TRIGGER_COMBINE_MS = process.env.BENCH_TRIGGER_COMBINE_MS;

export function benchWorkflow(branches: Array<{ key: string; node: Json; withCode?: boolean }>, credential: Credential) {
	const at = (x: number, y: number) => [x, y];
	const nodes: Json[] = [
		node(
			'Run',
			WEBHOOK,
			2,
			{ httpMethod: 'POST', path: 'bench-run', responseMode: 'lastNode', responseData: 'firstEntryJson', options: {} },
			{ webhookId: randomUUID() },
			at(0, 0),
		),
		{
			id: randomUUID(),
			name: 'Route',
			type: 'n8n-nodes-base.switch',
			typeVersion: 3.2,
			position: at(200, 0),
			parameters: {
				mode: 'rules',
				rules: {
					values: branches.map(({ key }) => ({
						conditions: {
							options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
							conditions: [{ id: randomUUID(), leftValue: '={{ $json.body.key }}', rightValue: key, operator: { type: 'string', operation: 'equals' } }],
							combinator: 'and',
						},
					})),
				},
				options: {},
			},
		},
	];
	const connections: Record<string, unknown> = {
		Run: { main: [[{ node: 'Route', type: 'main', index: 0 }]] },
		Route: { main: branches.map(({ key }) => [{ node: `Items ${key}`, type: 'main', index: 0 }]) },
	};
	branches.forEach(({ key, node, withCode }, i) => {
		nodes.push({
			id: randomUUID(),
			name: `Items ${key}`,
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: at(400, i * 200),
			parameters: {
				jsCode: `const n = Number($input.first().json.body.n);\n${itemsCode('n', withCode === true)}`,
			},
		});
		nodes.push({ ...node, name: `Test ${key}`, position: at(600, i * 200) });
		connections[`Items ${key}`] = { main: [[{ node: `Test ${key}`, type: 'main', index: 0 }]] };
	});
	const triggerWebhookId = randomUUID();
	const triggerNodeId = randomUUID();
	nodes.push(
		node('Reports', WEBHOOK, 2, { httpMethod: 'GET', path: 'bench-dlr', responseMode: 'onReceived', options: {} }, { webhookId: randomUUID() }, at(0, -400)),
		node('Reports received', 'n8n-nodes-base.noOp', 1, {}, {}, at(200, -400)),
		// The same in version 1, for which n8n 2.41 takes an expression isolate per call, as for
		// every trigger node but its Webhook node from version 1.1 on (live-webhooks, webhookPhaseNeedsIsolate).
		node('Reports v1', WEBHOOK, 1, { httpMethod: 'GET', path: 'bench-dlr-v1', responseMode: 'onReceived', options: {} }, { webhookId: randomUUID() }, at(0, -200)),
		node('Reports v1 received', 'n8n-nodes-base.noOp', 1, {}, {}, at(200, -200)),
		node(
			'SMSAPI Trigger',
			'n8n-nodes-smsapi-plus.smsapiTrigger',
			TRIGGER_VERSION,
			{ event: 'dlr', ...(STATIC_SECRET ? { secret: STATIC_SECRET } : {}), ...(process.env.BENCH_TRIGGER_DEDUPE === '0' ? { deduplicate: false } : {}), ...(TRIGGER_COMBINE_MS ? { combineWithin: Number(TRIGGER_COMBINE_MS) } : {}) },
			{ id: triggerNodeId, webhookId: triggerWebhookId, credentials: { smsapiApi: credential } },
			at(0, -600),
		),
		node('Trigger received', 'n8n-nodes-base.noOp', 1, {}, {}, at(200, -600)),
	);
	connections.Reports = { main: [[{ node: 'Reports received', type: 'main', index: 0 }]] };
	connections['Reports v1'] = { main: [[{ node: 'Reports v1 received', type: 'main', index: 0 }]] };
	connections['SMSAPI Trigger'] = { main: [[{ node: 'Trigger received', type: 'main', index: 0 }]] };
	return {
		workflow: { name: 'bench: SMSAPI against n8n\'s own nodes', nodes, connections, settings: { executionOrder: 'v1' } },
		triggerPath: `${triggerWebhookId}/dlr${secretSegment(triggerNodeId)}`,
	};
}

