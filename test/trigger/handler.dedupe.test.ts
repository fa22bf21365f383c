/**
 * The trigger's webhook (trigger/handler.ts, trigger/dedupe.ts), called as n8n calls it
 * (support/webhook-calls.ts): a report already received starts no second execution.
 */
import { DEDUPE_STATE_KEY } from '../../nodes/Smsapi/trigger/handler';
import { callWebhook, createWorkflow, forgetProcessMemory, dlrQuery, itemsOf, NODE_NAME, reloadWorkflow, respondLikeN8n } from './support/webhook-calls';
import { SECRET, report, trigger, useTriggerNode } from './support/webhook-setup';

useTriggerNode();

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
