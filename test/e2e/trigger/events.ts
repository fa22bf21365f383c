/**
 * The SMSAPI Trigger in real n8n, each event as the service sends it: delivery reports (also of an
 * SMS the SMSAPI node sent with notify_url), inbound messages, number lookup results and bulk starts.
 */
import { E2E_TEST_TIMEOUT_MS, nodeOutput } from '../harness';
import { control, messages } from '../sms/support';
import { call, dlr, dlrQuery, serviceRequest } from './support/callbacks';
import { expectNoNewExecutions, triggerItems, waitForNewExecutions } from './support/executions';
import { callbackAttempts, waitForCallbacks } from './support/registry';
import { callbackUrlOf } from './support/workflows';
import { SEND_PATH, type TriggerSuite } from './suite';

export function registerEventTests(ctx: TriggerSuite): void {
	const { triggers } = ctx;

	it(
		'an SMS sent by the SMSAPI node with notify_url = the trigger URL: its delivery report is an execution with ' +
			'its MsgId and status; the same report repeated by the service is not',
		async () => {
			const { n8n, emulator, sendWorkflowId } = ctx;
			const before = await n8n.lastExecutionId();
			const run = await n8n.runViaWebhook(sendWorkflowId, SEND_PATH);
			expect(run.error).toBeUndefined();
			const [sent] = nodeOutput(run.runData, 'SMSAPI');
			const messageId = String(sent.id);
			expect(messageId).toMatch(/^\d+$/);
			const [message] = (await messages(emulator)).filter((m) => m.id === messageId);
			expect(message.notifyUrl).toBe(callbackUrlOf(n8n, triggers.dlr));

			const [execution] = await waitForNewExecutions(n8n, before, 1, { workflowId: triggers.dlr.id });
			expect(triggerItems(execution)).toEqual([
				expect.objectContaining({
					MsgId: messageId,
					status: 404,
					status_name: 'DELIVERED',
					final: true,
					to: '48500000001',
					username: 'demo',
					points: 0.165,
					idx: message.idx,
				}),
			]);
			const [attempt] = await waitForCallbacks(emulator, 'sms_dlr', (attempts) => attempts.length >= 1);
			expect(attempt).toMatchObject({ method: 'GET', ok: true, responseStatus: 200, responseBody: 'OK', attempt: 1 });
			expect(attempt.query).toMatchObject({ MsgId: messageId, status: '404' });
			expect(attempt.query).not.toHaveProperty('secret');

			// The service calls again with the same report (as after a lost OK): answered OK, no execution.
			const afterFirst = await n8n.lastExecutionId();
			await control(emulator, 'POST', 'dlr', { ids: [messageId], status: 404 });
			const attempts = await waitForCallbacks(emulator, 'sms_dlr', (all) => all.length >= 2);
			expect(attempts[1]).toMatchObject({ ok: true, responseStatus: 200, responseBody: 'OK' });
			expect(attempts[1].query).toMatchObject({ MsgId: messageId, status: '404' });
			await expectNoNewExecutions(n8n, afterFirst, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a delivery report with three values is one execution with three items, in order, answered OK',
		async () => {
			const { n8n } = ctx;
			const reports = [
				dlr({ status: '404', status_name: 'DELIVERED', idx: 'order-1', to: '48500000001' }),
				dlr({ status: '405', status_name: 'UNDELIVERED', idx: 'order-2', to: '48500000002' }),
				dlr({ status: '410', status_name: 'ACCEPTED', idx: 'order-3', to: '48500000003' }),
			];
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const answer = await call(callbackUrlOf(n8n, triggers.dlr), { query: dlrQuery(reports) });
			expect(answer).toEqual({ status: 200, body: 'OK' });

			const executions = await waitForNewExecutions(n8n, before, 1, { since });
			expect(executions).toHaveLength(1);
			expect(executions[0].workflowId).toBe(triggers.dlr.id);
			const items = triggerItems(executions[0]);
			expect(items).toHaveLength(3);
			expect(items.map((item) => [item.MsgId, item.status, item.status_name, item.final, item.idx, item.to])).toEqual([
				[reports[0].MsgId, 404, 'DELIVERED', true, 'order-1', '48500000001'],
				[reports[1].MsgId, 405, 'UNDELIVERED', true, 'order-2', '48500000002'],
				[reports[2].MsgId, 410, 'ACCEPTED', false, 'order-3', '48500000003'],
			]);
			expect(items[0]).toMatchObject({
				username: 'demo',
				points: 0.165,
				mcc: '260',
				mnc: '2',
				sent_at: Number(reports[0].sent_at),
				sent_at_iso: new Date(Number(reports[0].sent_at) * 1000).toISOString(),
				donedate_iso: new Date(Number(reports[0].donedate) * 1000).toISOString(),
			});
			expect(items[0]).not.toHaveProperty('secret');

			// The answer goes out as the two bytes it is, also to a caller that accepts gzip (n8n's
			// compression would otherwise wrap it: 22 bytes, and work on every call). The report is a
			// repeat of the first, so that no execution starts after this test.
			const url = new URL(callbackUrlOf(n8n, triggers.dlr));
			for (const [key, value] of Object.entries(dlrQuery([reports[0]]))) url.searchParams.append(key, value);
			const raw = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate' }, signal: AbortSignal.timeout(10_000) });
			expect(await raw.text()).toBe('OK');
			expect(raw.headers.get('content-encoding')).toBeNull();
			expect(raw.headers.get('content-length')).toBe('2');
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'delivery report parameters with different numbers of values are refused with 400 and start nothing',
		async () => {
			const { n8n } = ctx;
			const reports = [dlr(), dlr(), dlr()];
			const query = { ...dlrQuery(reports), status: '404,404' };
			const before = await n8n.lastExecutionId();
			const answer = await call(callbackUrlOf(n8n, triggers.dlr), { query });
			expect(answer.status).toBe(400);
			expect(answer.body).toMatch(/different numbers of values/);
			await expectNoNewExecutions(n8n, before, triggers.dlr);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'an inbound message from the emulator (POST form) is an item with sender, text and time',
		async () => {
			const { n8n, emulator } = ctx;
			const text = 'Zażółć gęślą jaźń: STOP 100%';
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const result = await control<{ msgId: string; results: Array<{ ok: boolean; status: number; body: string }> }>(
				emulator,
				'POST',
				'inbound',
				{ from: '48500000123', text, date: 1700000000, url: callbackUrlOf(n8n, triggers.mo) },
			);
			expect(result.results).toEqual([expect.objectContaining({ ok: true, status: 200, body: 'OK', attempts: 1 })]);

			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(execution.workflowId).toBe(triggers.mo.id);
			expect(triggerItems(execution)).toEqual([
				{
					sms_to: '48799599599',
					sms_from: '48500000123',
					sms_text: text,
					sms_date: 1700000000,
					sms_date_iso: '2023-11-14T22:13:20.000Z',
					username: 'demo',
					MsgId: result.msgId,
				},
			]);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it.each(['json', 'form'] as const)(
		'number lookup results posted as a %s array are one item per entry',
		async (format) => {
			const { n8n, emulator } = ctx;
			await control(emulator, 'POST', 'account', { hlrCallbackFormat: format, callbackUrls: { hlr: callbackUrlOf(n8n, triggers.hlr) } });
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const { body: looked } = await serviceRequest<Array<{ id: string; number: string; status: string }>>(emulator, 'POST', 'hlr.do', {
				number: '48500000001,48500000007,48600000003',
				format: 'json',
			});
			expect(looked.map((entry) => entry.status)).toEqual(['OK', 'OK', 'OK']);

			const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(execution.workflowId).toBe(triggers.hlr.id);
			const items = triggerItems(execution);
			expect(items.map((item) => [item.id, item.number, item.status])).toEqual(
				looked.map((entry) => [entry.id, entry.number, 'OK']),
			);
			expect(items[1]).toMatchObject({ ported: true, ported_from: 'Orange', mcc: expect.any(String), info: expect.any(String) });
			expect(items[0]).toMatchObject({ ported: false, ported_from: null, idx: null });
			expect(items[0].date_iso).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));

			// The emulator really sent the variant under test, and got OK.
			const [attempt] = await callbackAttempts(emulator, 'hlr');
			expect(attempt).toMatchObject({ method: 'POST', ok: true, responseBody: 'OK' });
			expect(attempt.body).toMatch(format === 'json' ? /^\[\{"id":/ : /^0%5Bid%5D=/);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a bulk start arrives by GET or POST (one webhook per method) and is one item each',
		async () => {
			const { n8n } = ctx;
			const url = callbackUrlOf(n8n, triggers.bulk);
			const before = await n8n.lastExecutionId();
			const since = Date.now();
			const fields = { type: 'SMS', all: '3', points: '0.495', info: 'numbers', text: 'Spring sale' };
			expect(await call(url, { query: fields })).toEqual({ status: 200, body: 'OK' });
			expect(await call(url, { form: { ...fields, text: 'Spring sale (POST)' } })).toEqual({ status: 200, body: 'OK' });

			const executions = await waitForNewExecutions(n8n, before, 2, { since });
			const items = executions.map((execution) => triggerItems(execution)[0]);
			expect(items).toEqual(
				expect.arrayContaining([
					{ type: 'SMS', all: 3, points: 0.495, info: 'numbers', text: 'Spring sale' },
					{ type: 'SMS', all: 3, points: 0.495, info: 'numbers', text: 'Spring sale (POST)' },
				]),
			);
		},
		E2E_TEST_TIMEOUT_MS,
	);

}
