import type { INodeType } from 'n8n-workflow';

import { DEDUPE_STATE_KEY } from '../../nodes/Smsapi/trigger/handler';
import { parseFormEncoded } from '../../nodes/Smsapi/trigger/callbackParsing';
import {
	BASE_URL,
	callWebhook,
	createWorkflow,
	NoWebhookError,
	pathSecretUrlPath,
	registeredWebhooks,
	WEBHOOK_ID,
	forgetProcessMemory,
	dlrQuery,
	itemsOf,
	loadTrigger,
	logs,
	NODE_ID,
	NODE_NAME,
	reloadWorkflow,
	respondLikeN8n,
} from './webhook-calls';

let trigger: INodeType;

beforeAll(() => {
	const SmsapiTrigger = loadTrigger();
	trigger = new SmsapiTrigger();
});

beforeEach(() => {
	logs.length = 0;
	forgetProcessMemory();
});

const SECRET = 'Xy7-secret';

const report = (MsgId: string, status: string, extra: Record<string, string> = {}) => ({
	MsgId,
	status,
	status_name: '',
	idx: '',
	sent_at: '1700000000',
	donedate: '1700000100',
	username: 'acme',
	points: '0.165',
	to: '48500000000',
	mcc: '260',
	mnc: '01',
	...extra,
});

const warnings = () => logs.filter((line) => line.level === 'warn').map((line) => line.message);

describe('answering the service', () => {
	it('answers HTTP 200 "OK" and starts one execution with one item per report', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		const call = await callWebhook(trigger, workflow, {
			query: dlrQuery([report('1', '404'), report('2', '405'), report('3', '409'), report('4', '410'), report('5', '412')], {
				secret: SECRET,
			}),
		});
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
		// Answered by the node itself before the run, as plain text.
		expect(call.result).toEqual({ noWebhookResponse: true, workflowData: [expect.any(Array)] });
		expect(call.response.headers['Content-Type']).toBe('text/plain; charset=utf-8');
		expect(call.response.headers['Content-Length']).toBe('2');
		const items = itemsOf(call);
		expect(items.map((item) => item.MsgId)).toEqual(['1', '2', '3', '4', '5']);
		expect(items[0]).toMatchObject({ status: 404, status_name: 'DELIVERED', final: true, points: 0.165, sent_at_iso: '2023-11-14T22:13:20.000Z' });
		expect(items[0]).not.toHaveProperty('secret');
	});

	it('uses the webhook response mode "onReceived" on the event\'s own path (secret included) and method', () => {
		const [webhook] = trigger.description.webhooks!;
		expect(webhook).toMatchObject({ name: 'default', responseMode: 'onReceived' });
		const methods: Record<string, string> = {};
		const paths: Record<string, string> = {};
		for (const event of ['dlr', 'click', 'mo', 'hlr', 'bulk']) {
			const workflow = createWorkflow(trigger, { event });
			const node = workflow.getNode(NODE_NAME)!;
			methods[event] = String(workflow.expression.getSimpleParameterValue(node, webhook.httpMethod, 'internal', {}, undefined, 'GET'));
			paths[event] = String(workflow.expression.getSimpleParameterValue(node, webhook.path, 'internal', {}));
		}
		expect(methods).toEqual({ dlr: 'GET', click: 'GET', mo: 'POST', hlr: 'POST', bulk: 'GET,POST' });
		expect(paths).toEqual({
			dlr: `dlr/${NODE_ID}`,
			click: `click/${NODE_ID}`,
			mo: `mo/${NODE_ID}`,
			hlr: `hlr/${NODE_ID}`,
			bulk: `bulk/${NODE_ID}`,
		});
	});
});

describe('the URL the editor shows works as it is', () => {
	it('the default secret (the node id) is the last segment of the URL n8n builds for the node', () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const node = workflow.getNode(NODE_NAME)!;
		// What the editor's trigger panel shows: n8n-core builds the Production URL from the same description.
		const { getNodeWebhookUrl } = jest.requireActual<typeof import('n8n-core/dist/execution-engine/node-execution-context/utils/webhook-helper-functions')>(
			'n8n-core/dist/execution-engine/node-execution-context/utils/webhook-helper-functions',
		);
		const shown = getNodeWebhookUrl('default', workflow, node, { webhookBaseUrl: `${BASE_URL}/webhook` } as never, 'internal', {});
		expect(shown).toBe(`${BASE_URL}/webhook/${WEBHOOK_ID}/dlr/${NODE_ID}`);
	});

	it('a callback to that URL, without any query secret, is accepted', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const call = await callWebhook(trigger, workflow, { path: pathSecretUrlPath(workflow), query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
	});

	it('a secret with characters unsafe in a path gets a path form that needs no decoding; it works as shown', async () => {
		const secret = 'p@ss w/rd?#%!';
		const workflow = createWorkflow(trigger, { event: 'mo', secret });
		expect(pathSecretUrlPath(workflow)).toBe(`/webhook/${WEBHOOK_ID}/mo/p_40ss_20w_2Frd_3F_23_25_`);
		const call = await callWebhook(trigger, workflow, {
			method: 'POST',
			path: pathSecretUrlPath(workflow),
			body: { sms_from: '48500', sms_text: 'hi', MsgId: 'm1' },
		});
		expect(respondLikeN8n(call).status).toBe(200);
	});

	it('a URL without the secret reaches no webhook when a secret is set, only the earlier ?secret= layout', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		expect(registeredWebhooks(workflow).map((webhook) => `${webhook.method} ${webhook.path}`)).toEqual([
			`GET ${WEBHOOK_ID}/dlr/${SECRET}`,
			`GET ${WEBHOOK_ID}/dlr`,
		]);
		await expect(
			callWebhook(trigger, workflow, { path: `/webhook/${WEBHOOK_ID}/dlr/guess`, query: dlrQuery([report('1', '404')]) }),
		).rejects.toBeInstanceOf(NoWebhookError);
		const earlier = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')], { secret: SECRET }) });
		expect(respondLikeN8n(earlier).status).toBe(200);
	});

	it('with an empty secret there is one webhook, on the plain event path', () => {
		const workflow = createWorkflow(trigger, { event: 'bulk', secret: '' });
		expect(registeredWebhooks(workflow).map((webhook) => `${webhook.method} ${webhook.path}`)).toEqual([
			`GET ${WEBHOOK_ID}/bulk`,
			`POST ${WEBHOOK_ID}/bulk`,
		]);
	});

	it('the path-secret webhook still checks the secret itself (a request routed there with another last segment is refused)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		const call = await callWebhook(trigger, workflow, { path: pathSecretUrlPath(workflow), query: dlrQuery([report('1', '404')]) }, 'webhook', (req) => {
			req.path = `/webhook/${WEBHOOK_ID}/dlr/other`;
		});
		expect(respondLikeN8n(call).status).toBe(403);
	});
});

describe('refusing callers', () => {
	it('refuses a callback without the secret with HTTP 403 and starts nothing', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(call.result).toEqual({ noWebhookResponse: true });
		expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		expect(warnings().join('\n')).toContain('missing secret');
		expect(warnings().join('\n')).not.toContain(SECRET);
	});

	it('refuses a wrong secret the same way', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')], { secret: 'guess' }) });
		expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		expect(warnings().join('\n')).toContain('wrong secret');
	});

	it('requires the node ID as secret by default (the generated secret)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const without = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(without).status).toBe(403);
		const withId = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')], { secret: NODE_ID }) });
		expect(respondLikeN8n(withId)).toEqual({ status: 200, body: 'OK', executes: true });
	});

	it('accepts callbacks without a secret when the secret is cleared', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
	});

	it('reads the reports a caller glued to the secret with a second "?"', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET });
		// `…/dlr?secret=S?MsgId=9&status=404` as Express parses it.
		const call = await callWebhook(trigger, workflow, { query: { secret: `${SECRET}?MsgId=9`, status: '404' } });
		expect(itemsOf(call)).toEqual([expect.objectContaining({ MsgId: '9', status: 404, status_name: 'DELIVERED' })]);
	});

	it('refuses callers outside the IP allowlist, matching IPv4-mapped addresses', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '', options: { allowedIps: '203.0.113.0/24, 2001:db8::/32' } });
		const query = dlrQuery([report('1', '404')]);
		expect(respondLikeN8n(await callWebhook(trigger, workflow, { query, ip: '::ffff:203.0.113.7' })).status).toBe(200);
		expect(respondLikeN8n(await callWebhook(trigger, workflow, { query, ip: '2001:db8::5' })).status).toBe(200);
		const outside = await callWebhook(trigger, workflow, { query, ip: '198.51.100.1' });
		expect(respondLikeN8n(outside)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		expect(warnings().join('\n')).toContain('198.51.100.1');
	});

	it.each([
		['={{ undefined }}', 'resolved to nothing'],
		['={{ "  " }}', 'resolved to an empty text'],
		['={{ ["a", "b"] }}', 'resolved to a list'],
		['={{ 42 }}', 'a number'],
	])('a Secret expression %s refuses every callback (fail closed) and logs why once', async (secret, why) => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret });
		for (const query of [dlrQuery([report('1', '404')]), dlrQuery([report('2', '404')], { secret: 'a' }), { secret: '' }]) {
			const call = await callWebhook(trigger, workflow, { query });
			expect(respondLikeN8n(call)).toEqual({ status: 403, body: 'Forbidden', executes: false });
		}
		const errors = logs.filter((line) => line.level === 'error').map((line) => line.message);
		expect(errors).toHaveLength(1);
		expect(errors[0]).toContain(why);
	});

	it('accepts the IP allowlist as a list from an expression; an unusable one refuses everyone', async () => {
		const listed = createWorkflow(trigger, { event: 'dlr', secret: '', options: { allowedIps: '={{ ["203.0.113.0/24", "2001:db8::/32"] }}' } });
		const query = dlrQuery([report('1', '404')]);
		expect(respondLikeN8n(await callWebhook(trigger, listed, { query, ip: '203.0.113.9' })).status).toBe(200);
		expect(respondLikeN8n(await callWebhook(trigger, listed, { query, ip: '198.51.100.1' })).status).toBe(403);
		for (const allowedIps of ['={{ { "ip": "203.0.113.9" } }}', '={{ [1, 2] }}', 'nonsense, also-nonsense']) {
			const broken = createWorkflow(trigger, { event: 'dlr', secret: '', options: { allowedIps } });
			expect(respondLikeN8n(await callWebhook(trigger, broken, { query, ip: '203.0.113.9' })).status).toBe(403);
		}
	});

	it('logs a stranger\'s username without line breaks and cut to a bounded length', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '', options: { usernames: 'acme' } });
		const username = `evil\r\nSMSAPI Trigger: accepted everything\u001b[31m${'x'.repeat(60_000)}`;
		const call = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404', { username })]) });
		expect(respondLikeN8n(call).status).toBe(403);
		const line = warnings().find((message) => message.includes('not an accepted username'))!;
		expect(line).not.toMatch(/[\r\n\u001b]/);
		expect(line).toContain('evil\\u000d\\u000aSMSAPI Trigger');
		expect(line.length).toBeLessThan(300);
	});

	it('refuses reports of another account when usernames are set', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '', options: { usernames: 'acme, acme_shop' } });
		const ours = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(ours).status).toBe(200);
		const theirs = await callWebhook(trigger, workflow, {
			query: dlrQuery([report('1', '404'), report('2', '404', { username: 'mallory' })]),
		});
		expect(respondLikeN8n(theirs)).toEqual({ status: 403, body: 'Forbidden', executes: false });
	});
});

describe('bad input', () => {
	it('refuses delivery report parameters of different lengths with HTTP 400 and a log line', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const call = await callWebhook(trigger, workflow, { query: { MsgId: '1,2,3', status: '404,404', to: '1,2,3' } });
		expect(call.result.workflowData).toBeUndefined();
		const answer = respondLikeN8n(call);
		expect(answer.status).toBe(400);
		expect(answer.body).toContain('MsgId: 3, status: 2');
		expect(warnings()).toEqual([expect.stringContaining('HTTP 400')]);
	});

	it('keeps the valid reports of a request with a malformed one and logs the rest', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const call = await callWebhook(trigger, workflow, { query: { MsgId: '1,,3', status: '404,404,404' } });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
		expect(itemsOf(call).map((item) => item.MsgId)).toEqual(['1', '3']);
		expect(warnings().join('\n')).toContain('#2: MsgId is missing');
	});

	it('answers OK without an execution when nothing in the request is usable', async () => {
		const workflow = createWorkflow(trigger, { event: 'hlr', secret: '' });
		const call = await callWebhook(trigger, workflow, { method: 'POST', body: 'not a body' });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: false });
		const empty = await callWebhook(trigger, workflow, { method: 'POST', body: {} });
		expect(respondLikeN8n(empty)).toEqual({ status: 200, body: 'OK', executes: false });
	});

	it('turns a failure inside the node into HTTP 500 without an execution (the service calls again)', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const call = await callWebhook(trigger, workflow, {}, 'webhook', (req) => {
			req.rawBody = {
				length: 1,
				toString(): string {
					throw new Error('boom');
				},
			};
		});
		expect(respondLikeN8n(call)).toEqual({ status: 500, body: 'Internal Server Error', executes: false });
		expect(logs.some((line) => line.level === 'error' && line.message.includes('boom'))).toBe(true);
	});
});

describe('number lookups, inbound messages, clicks, bulk starts', () => {
	it('turns an HLR JSON array into one item per entry, leaving out a broken entry', async () => {
		const workflow = createWorkflow(trigger, { event: 'hlr', secret: SECRET });
		const body = [
			{ id: 'h1', number: '48500000001', status: 'OK', ported: '0', date: '1700000000' },
			{ mcc: '260' },
			{ id: 'h2', number: '48500000002', status: 'FAIL', info: 'Absent subscriber' },
		];
		const call = await callWebhook(trigger, workflow, { method: 'POST', query: { secret: SECRET }, body });
		expect(respondLikeN8n(call).body).toBe('OK');
		expect(itemsOf(call).map((item) => [item.id, item.status, item.ported])).toEqual([
			['h1', 'OK', false],
			['h2', 'FAIL', null],
		]);
		expect(warnings().join('\n')).toContain('left out 1 malformed report(s), kept 2');
	});

	it('reads HLR form-encoded arrays as n8n parses them', async () => {
		const workflow = createWorkflow(trigger, { event: 'hlr', secret: '' });
		const body = parseFormEncoded('0[id]=h1&0[number]=1&1[id]=h2&1[number]=2');
		const call = await callWebhook(trigger, workflow, { method: 'POST', body });
		expect(itemsOf(call).map((item) => item.id)).toEqual(['h1', 'h2']);
	});

	it('reads an inbound message and applies the keyword and sender filters', async () => {
		const workflow = createWorkflow(trigger, {
			event: 'mo',
			secret: '',
			filters: { keywords: 'STOP', senders: '+48 500 000 000' },
		});
		const message = (from: string, text: string) =>
			parseFormEncoded(`sms_to=48799&sms_from=${from}&sms_text=${encodeURIComponent(text)}&sms_date=1700000000&username=acme`);
		const stop = await callWebhook(trigger, workflow, { method: 'POST', body: message('48500000000', 'stop it') });
		expect(itemsOf(stop)).toEqual([
			expect.objectContaining({ sms_from: '48500000000', sms_text: 'stop it', sms_date_iso: '2023-11-14T22:13:20.000Z' }),
		]);
		for (const filteredOut of [message('48500000000', 'hello'), message('48600000000', 'STOP')]) {
			const call = await callWebhook(trigger, workflow, { method: 'POST', body: filteredOut });
			expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: false });
		}
	});

	it('passes only the selected delivery statuses; a request filtered out entirely starts nothing', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '', filters: { statuses: ['DELIVERED', 'UNDELIVERED'] } });
		const mixed = await callWebhook(trigger, workflow, { query: dlrQuery([report('1', '409'), report('2', '404'), report('3', '405')]) });
		expect(itemsOf(mixed).map((item) => item.MsgId)).toEqual(['2', '3']);
		const pending = await callWebhook(trigger, workflow, { query: dlrQuery([report('4', '409'), report('5', '410')]) });
		expect(respondLikeN8n(pending)).toEqual({ status: 200, body: 'OK', executes: false });
	});

	it('reads a click and a bulk start (GET and POST)', async () => {
		const clickFlow = createWorkflow(trigger, { event: 'click', secret: '' });
		const click = await callWebhook(trigger, clickFlow, { query: { MsgId: 'm1', suffix: 'ab', click_date: '1700000000', username: 'acme' } });
		expect(itemsOf(click)).toEqual([expect.objectContaining({ MsgId: 'm1', suffix: 'ab', click_date_iso: '2023-11-14T22:13:20.000Z' })]);

		const bulkFlow = createWorkflow(trigger, { event: 'bulk', secret: '' });
		const bulkGet = await callWebhook(trigger, bulkFlow, { query: { type: 'SMS', all: '10', points: '1.5', info: 'x', text: 'Hi' } });
		expect(itemsOf(bulkGet)).toEqual([{ type: 'SMS', all: 10, points: 1.5, info: 'x', text: 'Hi' }]);
		const bulkPost = await callWebhook(trigger, bulkFlow, { method: 'POST', body: { type: 'MMS', all: '3', points: '2', info: 'y', text: 'Yo' } });
		expect(itemsOf(bulkPost)).toEqual([{ type: 'MMS', all: 3, points: 2, info: 'y', text: 'Yo' }]);
	});
});

describe('deduplication', () => {
	it('does not start a second execution for a report already received, across requests', async () => {
		let workflow = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const query = dlrQuery([report('1', '404'), report('2', '404')]);

		const first = await callWebhook(trigger, workflow, { query });
		expect(itemsOf(first)).toHaveLength(2);
		// n8n saves static data after the answer only when it is marked as changed.
		expect((workflow.staticData as { __dataChanged?: boolean }).__dataChanged).toBe(true);
		expect(workflow.staticData[`node:${NODE_NAME}`]).toHaveProperty(DEDUPE_STATE_KEY);

		// The next request loads the workflow (and its static data) from the database again; it is
		// taken by another n8n process (or after a restart): only the stored memory knows the reports.
		workflow = reloadWorkflow(trigger, workflow, first);
		forgetProcessMemory();
		const repeat = await callWebhook(trigger, workflow, { query });
		expect(respondLikeN8n(repeat)).toEqual({ status: 200, body: 'OK', executes: false });

		workflow = reloadWorkflow(trigger, workflow, repeat);
		forgetProcessMemory();
		const partly = await callWebhook(trigger, workflow, { query: dlrQuery([report('2', '404'), report('3', '404'), report('2', '405')]) });
		expect(itemsOf(partly).map((item) => [item.MsgId, item.status])).toEqual([
			['3', 404],
			['2', 405],
		]);
	});

	it('two requests in flight at once (both read the static data before either was saved): the second copy starts nothing', async () => {
		const query = dlrQuery([report('1', '404')]);
		// n8n loaded the workflow for both requests before answering the first.
		const loadedForFirst = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const loadedForSecond = createWorkflow(trigger, { event: 'dlr', secret: '' });
		expect(respondLikeN8n(await callWebhook(trigger, loadedForFirst, { query })).executes).toBe(true);
		expect(respondLikeN8n(await callWebhook(trigger, loadedForSecond, { query }))).toEqual({ status: 200, body: 'OK', executes: false });
	});

	it('different reports in flight at once: the last save holds all of them (no report forgotten)', async () => {
		const loadedForFirst = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const loadedForSecond = createWorkflow(trigger, { event: 'dlr', secret: '' });
		const first = await callWebhook(trigger, loadedForFirst, { query: dlrQuery([report('1', '404')]) });
		const second = await callWebhook(trigger, loadedForSecond, { query: dlrQuery([report('2', '404')]) });
		expect([first, second].map((call) => respondLikeN8n(call).executes)).toEqual([true, true]);

		// n8n saved the first, then the second over it; later requests read that (in another process).
		let workflow = reloadWorkflow(trigger, loadedForSecond, second);
		for (const msgId of ['1', '2']) {
			forgetProcessMemory();
			const repeat = await callWebhook(trigger, workflow, { query: dlrQuery([report(msgId, '404')]) });
			expect(respondLikeN8n(repeat).executes).toBe(false);
			workflow = reloadWorkflow(trigger, workflow, repeat);
		}
	});

	it('the memory of this process is per workflow and per mode: another workflow or a test run is not affected', async () => {
		const query = dlrQuery([report('1', '404')]);
		expect(itemsOf(await callWebhook(trigger, createWorkflow(trigger, { event: 'dlr', secret: '' }), { query }))).toHaveLength(1);
		const other = createWorkflow(trigger, { event: 'dlr', secret: '' }, {}, 'wf-2');
		expect(itemsOf(await callWebhook(trigger, other, { query }))).toHaveLength(1);
		const testRun = createWorkflow(trigger, { event: 'dlr', secret: '' });
		expect(itemsOf(await callWebhook(trigger, testRun, { query }, 'manual'))).toHaveLength(1);
	});

	it('starts an execution for every copy when deduplication is off, and keeps no memory', async () => {
		let workflow = createWorkflow(trigger, { event: 'dlr', secret: '', deduplicate: false });
		const query = dlrQuery([report('1', '404')]);
		const first = await callWebhook(trigger, workflow, { query });
		expect(itemsOf(first)).toHaveLength(1);
		workflow = reloadWorkflow(trigger, workflow, first);
		expect(itemsOf(await callWebhook(trigger, workflow, { query }))).toHaveLength(1);
		expect(JSON.stringify(workflow.staticData)).not.toContain(DEDUPE_STATE_KEY);
	});

	it('does not remember refused or filtered reports', async () => {
		let workflow = createWorkflow(trigger, { event: 'dlr', secret: SECRET, filters: { statuses: ['DELIVERED'] } });
		const query = dlrQuery([report('1', '404')]);
		const refused = await callWebhook(trigger, workflow, { query }); // no secret: refused
		workflow = reloadWorkflow(trigger, workflow, refused);
		const filtered = await callWebhook(trigger, workflow, { query: dlrQuery([report('2', '409')], { secret: SECRET }) });
		workflow = reloadWorkflow(trigger, workflow, filtered);
		expect(itemsOf(await callWebhook(trigger, workflow, { query: { ...query, secret: SECRET } }))).toHaveLength(1);
	});
});

describe('description', () => {
	it('shows the chosen event as subtitle', () => {
		const names: Record<string, string> = {};
		for (const event of ['dlr', 'click', 'mo', 'hlr', 'bulk']) {
			const workflow = createWorkflow(trigger, { event });
			const value = workflow.expression.getSimpleParameterValue(workflow.getNode(NODE_NAME)!, trigger.description.subtitle!, 'internal', {});
			names[event] = String(value);
		}
		expect(names).toEqual({
			dlr: 'Delivery Report',
			click: 'Short-Link Click',
			mo: 'Inbound Message',
			hlr: 'Number Lookup Result',
			bulk: 'Bulk Start',
		});
	});

	it('keeps the public contract: type, display name, event values, secret, credentials', () => {
		const { description } = trigger;
		expect(description).toMatchObject({ name: 'smsapiTrigger', displayName: 'SMSAPI Trigger', group: ['trigger'], version: 1, inputs: [] });
		expect(description.credentials).toEqual([{ name: 'smsapiApi', required: true }]);
		const event = description.properties.find((property) => property.name === 'event')!;
		expect(event.options!.map((option) => (option as { value: string }).value).sort()).toEqual(['bulk', 'click', 'dlr', 'hlr', 'mmsDlr', 'mmsMo', 'mo', 'vmsDlr']);
		expect(description.properties.find((property) => property.name === 'secret')).toMatchObject({ type: 'string' });
	});
});
