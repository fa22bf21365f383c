/**
 * The trigger's webhook (trigger/handler.ts), called as n8n calls it (support/webhook-calls.ts):
 * how it answers the service, input it cannot use, and the items it makes of each event.
 */
import { parseFormEncoded } from '../../nodes/Smsapi/callbacks/formDecoding';
import { callWebhook, createWorkflow, dlrQuery, itemsOf, logs, NODE_ID, NODE_NAME, respondLikeN8n } from './support/webhook-calls';
import { SECRET, report, trigger, useTriggerNode, warnings } from './support/webhook-setup';

useTriggerNode();

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
