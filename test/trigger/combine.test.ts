/**
 * Version 2 of the trigger: callbacks close together start one execution (trigger/combine.ts).
 * Every callback is answered OK at once; the first of a window starts the execution with every
 * report of the window, in the order they came; the others start nothing. Version 1, a window of 0
 * and the Test URL keep one execution per callback.
 */
import { sleep, type IDataObject } from 'n8n-workflow';

import {
	combineCallbacks,
	combineWindows,
	DEFAULT_COMBINE_MS,
	LONGEST_WAIT_FACTOR,
	MAX_COMBINE_WINDOW_MS,
	MAX_COMBINED_ITEMS,
	openBatchCount,
} from '../../nodes/Smsapi/trigger/combine';
import { callWebhook, createWorkflow, dlrQuery, FakeResponse, forgetProcessMemory, itemsOf, NODE_NAME, pathSecretUrlPath, reloadWorkflow, respondLikeN8n } from './support/webhook-calls';
import { report, SECRET, trigger, useTriggerNode } from './support/webhook-setup';

useTriggerNode();

afterEach(() => jest.restoreAllMocks());

const v2 = (parameters: IDataObject = {}) => createWorkflow(trigger, { event: 'dlr', secret: SECRET, ...parameters }, {}, 'wf-1', 2);
const v3 = (parameters: IDataObject = {}) => createWorkflow(trigger, { event: 'dlr', secret: SECRET, ...parameters }, {}, 'wf-1', 3);

/** Callbacks of two reports each, one after the other `gapMs` apart (each started after the gap, not awaited). */
async function spaced(workflow: ReturnType<typeof v2>, count: number, gapMs: number, tag = '') {
	const path = pathSecretUrlPath(workflow);
	const calls = [];
	for (let n = 0; n < count; n++) {
		if (n > 0) await sleep(gapMs);
		calls.push(callWebhook(trigger, workflow, { path, query: dlrQuery([report(`${tag}${n}-a`, '404'), report(`${tag}${n}-b`, '404')]) }));
	}
	return await Promise.all(calls);
}

/** `count` callbacks of two reports each, all sent before any answer is awaited. */
async function burst(workflow: ReturnType<typeof v2>, count: number, mode: 'webhook' | 'manual' = 'webhook', tag = '') {
	const path = pathSecretUrlPath(workflow);
	const calls = Array.from({ length: count }, (_, n) =>
		callWebhook(trigger, workflow, { path, query: dlrQuery([report(`${tag}${n}-a`, '404'), report(`${tag}${n}-b`, '404')]) }, mode),
	);
	return await Promise.all(calls);
}

describe('Combine Callbacks Within (version 2)', () => {
	it('is on by default for a new node, off for version 1; versions 2 and 3 each have their own field', () => {
		expect(DEFAULT_COMBINE_MS).toBe(200);
		const properties = (trigger.description.properties ?? []).filter((property) => property.name === 'combineWithin');
		expect(properties.map((property) => [property.default, property.displayOptions])).toEqual([
			[DEFAULT_COMBINE_MS, { show: { '@version': [2] } }],
			[DEFAULT_COMBINE_MS, { show: { '@version': [{ _cnd: { gte: 3 } }] } }],
		]);
		expect(properties[0].description).toMatch(/within this time of the first one/);
		expect(properties[1].description).toMatch(new RegExp(`no callback has come for this long, at the latest ${LONGEST_WAIT_FACTOR} times this after the first`));
		expect(trigger.description.version).toEqual([1, 2, 3]);
		expect(trigger.description.defaultVersion).toBe(3);
	});

	it('callbacks of one window: every one answered OK, one execution with all reports in the order they came', async () => {
		const calls = await burst(v2({ combineWithin: 100 }), 4);
		expect(calls.map(respondLikeN8n)).toEqual([
			{ status: 200, body: 'OK', executes: true },
			...Array.from({ length: 3 }, () => ({ status: 200, body: 'OK', executes: false })),
		]);
		expect(itemsOf(calls[0]).map((item) => item.MsgId)).toEqual(['0-a', '0-b', '1-a', '1-b', '2-a', '2-b', '3-a', '3-b']);
		expect(openBatchCount()).toBe(0);
	});

	it('answers OK before it waits out the window, and starts the execution after it', async () => {
		const answeredAt: number[] = [];
		const end = FakeResponse.prototype.end;
		jest.spyOn(FakeResponse.prototype, 'end').mockImplementation(function (this: FakeResponse, ...args) {
			answeredAt.push(Date.now());
			return end.apply(this, args as Parameters<typeof end>);
		});
		const workflow = v2({ combineWithin: 300 });
		const [call] = await burst(workflow, 1);
		const returned = Date.now();
		expect(answeredAt).toHaveLength(1);
		// The whole window lies between the answer and the execution's start, however loaded the machine.
		expect(returned - answeredAt[0]).toBeGreaterThanOrEqual(295);
		expect(itemsOf(call)).toHaveLength(2);
	});

	it('a callback after the window opens the next execution', async () => {
		const workflow = v2({ combineWithin: 20 });
		const first = await burst(workflow, 2);
		const second = await burst(workflow, 2, 'webhook', 'next-');
		expect([...first, ...second].map((call) => itemsOf(call).length)).toEqual([4, 0, 4, 0]);
	});

	it.each([
		['version 1', createWorkflow(trigger, { event: 'dlr', secret: SECRET, combineWithin: 10_000 }), 'webhook'],
		['a window of 0', v2({ combineWithin: 0 }), 'webhook'],
		['the Test URL', v2({ combineWithin: 10_000 }), 'manual'],
	] as const)('%s: one execution per callback, started at once', async (_, workflow, mode) => {
		const started = Date.now();
		const calls = await burst(workflow, 3, mode);
		// Far below the 10 s a combined callback would wait.
		expect(Date.now() - started).toBeLessThan(5_000);
		expect(calls.map((call) => itemsOf(call).length)).toEqual([2, 2, 2]);
	});

	it('repeats and filtered reports do not join a batch; a callback with none left starts nothing', async () => {
		const workflow = v2({ combineWithin: 50, filters: { statuses: ['DELIVERED'] } });
		const path = pathSecretUrlPath(workflow);
		const calls = await Promise.all([
			callWebhook(trigger, workflow, { path, query: dlrQuery([report('1', '404'), report('2', '406')]) }),
			callWebhook(trigger, workflow, { path, query: dlrQuery([report('3', '406')]) }),
			callWebhook(trigger, workflow, { path, query: dlrQuery([report('1', '404'), report('4', '404')]) }),
		]);
		expect(calls.map(respondLikeN8n).map((answer) => answer.status)).toEqual([200, 200, 200]);
		expect(itemsOf(calls[0]).map((item) => item.MsgId)).toEqual(['1', '4']);
		expect(calls.slice(1).map((call) => call.result.workflowData)).toEqual([undefined, undefined]);
	});

	it('refused callbacks do not join', async () => {
		const workflow = v2({ combineWithin: 50 });
		const path = pathSecretUrlPath(workflow);
		const calls = await Promise.all([
			callWebhook(trigger, workflow, { path, query: dlrQuery([report('1', '404')]) }),
			callWebhook(trigger, workflow, { path: path.replace(/[^/]+$/, 'wrong'), query: dlrQuery([report('2', '404')]) }).catch(() => undefined),
			callWebhook(trigger, workflow, { path, query: dlrQuery([report('3', '404')]) }),
		]);
		expect(itemsOf(calls[0]).map((item) => item.MsgId)).toEqual(['1', '3']);
	});
});

describe('Combine Callbacks Within (version 3): a quiet time after the latest callback', () => {
	// Gaps of 700 ms against a window of 1,000: a late timer on a loaded machine has 300 ms either way.
	it('callbacks that keep coming within the window are one execution; version 2 counts from the first and makes two', async () => {
		const three = await spaced(v3({ combineWithin: 1000 }), 3, 700);
		expect(three.map((call) => itemsOf(call).length)).toEqual([6, 0, 0]);
		expect(itemsOf(three[0]).map((item) => item.MsgId)).toEqual(['0-a', '0-b', '1-a', '1-b', '2-a', '2-b']);
		const two = await spaced(v2({ combineWithin: 1000 }), 3, 700, 'v2-');
		expect(two.map((call) => itemsOf(call).length)).toEqual([4, 0, 2]);
		expect(openBatchCount()).toBe(0);
	});

	it('a lone callback starts its execution one window after it came, not the longest wait', async () => {
		const started = Date.now();
		const [call] = await spaced(v3({ combineWithin: 300 }), 1, 0);
		expect(itemsOf(call)).toHaveLength(2);
		expect(Date.now() - started).toBeGreaterThanOrEqual(295);
		expect(Date.now() - started).toBeLessThan(300 * LONGEST_WAIT_FACTOR - 100);
	});

	it('the default Secret of version 3 is empty: the URL n8n shows ends with the event', async () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' }, {}, 'wf-1', 3);
		expect(workflow.getNode(NODE_NAME)?.parameters.secret).toBe('');
		expect(pathSecretUrlPath(workflow)).toMatch(/\/dlr$/);
		const [call] = await spaced(workflow, 1, 0);
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
	});
});

describe('the dedupe memory of combined callbacks', () => {
	it('only the callback that starts the execution changes the static data, once per window; what it stores knows every report of the window', async () => {
		const parameters = { event: 'dlr', secret: SECRET, combineWithin: 100 };
		// n8n loads the workflow, with its static data, for every call.
		const loaded = Array.from({ length: 4 }, () => createWorkflow(trigger, parameters, {}, 'wf-1', 2));
		const path = pathSecretUrlPath(loaded[0]);
		const calls = await Promise.all(
			loaded.map((workflow, n) => callWebhook(trigger, workflow, { path, query: dlrQuery([report(`${n}-a`, '404'), report(`${n}-b`, '404')]) })),
		);
		expect(calls.map((call) => respondLikeN8n(call).executes)).toEqual([true, false, false, false]);
		// n8n saves a call's static data (holding the call, and its isolate, until it is in the database) only when it changed.
		expect(loaded.map((workflow) => (workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true)).toEqual([true, false, false, false]);

		// Another n8n process (or this one after a restart) reads what the first call stored: every report is known.
		const workflow = reloadWorkflow(trigger, loaded[0], calls[0]);
		forgetProcessMemory();
		const repeats = dlrQuery([0, 1, 2, 3].flatMap((n) => [report(`${n}-a`, '404'), report(`${n}-b`, '404')]));
		expect(respondLikeN8n(await callWebhook(trigger, workflow, { path, query: repeats }))).toEqual({ status: 200, body: 'OK', executes: false });
	});

	it('every window reaches the database, not only the first: a later window is saved on top of what this n8n stored before', async () => {
		const parameters = { event: 'dlr', secret: SECRET, combineWithin: 50 };
		let database: IDataObject = {};
		const sent: Array<Record<string, string>> = [];
		for (const window of [1, 2, 3]) {
			// Each callback loads the static data as the database holds it when the window opens.
			const loaded = Array.from({ length: 3 }, () => createWorkflow(trigger, parameters, JSON.parse(JSON.stringify(database)) as IDataObject, 'wf-1', 2));
			const path = pathSecretUrlPath(loaded[0]);
			const reports = loaded.map((_, n) => [report(`w${window}-${n}-a`, '404'), report(`w${window}-${n}-b`, '404')]);
			sent.push(...reports.flat());
			const calls = await Promise.all(loaded.map((workflow, n) => callWebhook(trigger, workflow, { path, query: dlrQuery(reports[n]) })));
			expect(calls.map((call) => respondLikeN8n(call).executes)).toEqual([true, false, false]);
			expect(loaded.map((workflow) => (workflow.staticData as { __dataChanged?: boolean }).__dataChanged === true)).toEqual([true, false, false]);
			database = reloadWorkflow(trigger, loaded[0], calls[0]).staticData as IDataObject;

			// Another n8n process reading the database now knows every report sent so far (another
			// workflow id: no memory of this process for it; this one keeps its memory for the next window).
			const elsewhere = createWorkflow(trigger, parameters, JSON.parse(JSON.stringify(database)) as IDataObject, `elsewhere-${window}`, 1);
			const repeats = await callWebhook(trigger, elsewhere, { path, query: dlrQuery(sent) });
			expect(respondLikeN8n(repeats)).toEqual({ status: 200, body: 'OK', executes: false });
		}
	});
});

describe('combineCallbacks', () => {
	it('separate nodes and workflows are separate batches', async () => {
		const item = (n: number) => ({ json: { n } });
		const [a1, b1, a2] = await Promise.all([
			combineCallbacks('wf\u0000A', 30, [item(1)]),
			combineCallbacks('wf\u0000B', 30, [item(2)]),
			combineCallbacks('wf\u0000A', 30, [item(3)]),
		]);
		expect(a1?.map((entry) => entry.json.n)).toEqual([1, 3]);
		expect(b1?.map((entry) => entry.json.n)).toEqual([2]);
		expect(a2).toBeUndefined();
	});

	it(`a batch takes at most ${MAX_COMBINED_ITEMS} items: the callback that would overflow it opens the next`, async () => {
		const items = (count: number, tag: string) => Array.from({ length: count }, (_, n) => ({ json: { tag, n } }));
		const results = await Promise.all([
			combineCallbacks('s', 30, items(MAX_COMBINED_ITEMS - 1, 'a')),
			combineCallbacks('s', 30, items(1, 'b')),
			combineCallbacks('s', 30, items(1, 'c')),
			combineCallbacks('s', 30, items(1, 'd')),
		]);
		expect(results.map((result) => result?.length)).toEqual([MAX_COMBINED_ITEMS, undefined, 2, undefined]);
		expect(results[2]?.map((entry) => entry.json.tag)).toEqual(['c', 'd']);
		expect(openBatchCount()).toBe(0);
	});

	it('with a longest wait (version 3), a burst that never pauses for a window is cut at the longest wait', async () => {
		const results: Array<Promise<number[] | undefined>> = [];
		const opened = Date.now();
		let closedAt = 0;
		// A callback every 50 ms for 2 s against a window of 400 ms and a longest wait of 1,200 ms
		// (a late timer on a loaded machine has 350 ms before it ends a batch early).
		for (let n = 0; n < 40; n++) {
			if (n > 0) await sleep(50);
			const result = combineCallbacks('burst', 400, [n], 1200);
			if (n === 0) void result.then(() => (closedAt = Date.now()));
			results.push(result);
		}
		const batches = (await Promise.all(results)).filter((batch) => batch !== undefined);
		expect(closedAt - opened).toBeGreaterThanOrEqual(1195);
		expect(batches.length).toBeGreaterThanOrEqual(2);
		// Every callback in exactly one batch, in the order they came.
		expect(batches.flat()).toEqual(Array.from({ length: 40 }, (_, n) => n));
		expect(openBatchCount()).toBe(0);
	});

	it('without a longest wait (version 2) the window is counted from the first callback; with one, from the latest', async () => {
		const callbacks = async (scope: string, longestMs?: number) => {
			const results: Array<Promise<number[] | undefined>> = [];
			for (let n = 0; n < 3; n++) {
				if (n > 0) await sleep(700);
				results.push(combineCallbacks(scope, 1000, [n], longestMs));
			}
			return (await Promise.all(results)).map((batch) => batch?.length);
		};
		const [fixed, quiet] = await Promise.all([callbacks('fixed'), callbacks('quiet', 5000)]);
		expect(fixed).toEqual([2, undefined, 1]);
		expect(quiet).toEqual([3, undefined, undefined]);
	});

	it.each([
		[200, 200],
		[0, 0],
		[-5, 0],
		['150', 150],
		[12.6, 13],
		[Number.NaN, 0],
		['x', 0],
		[undefined, 0],
		[MAX_COMBINE_WINDOW_MS * 10, MAX_COMBINE_WINDOW_MS],
	])('window of the setting %p: %p ms', (setting, ms) => {
		expect(combineWindows(2, false, () => setting)).toEqual({ windowMs: ms, longestMs: ms });
		expect(combineWindows(3, false, () => setting)).toEqual({ windowMs: ms, longestMs: ms * LONGEST_WAIT_FACTOR });
		// Version 1 and the Test URL: no window, and the setting is not read.
		const unread = () => {
			throw new Error('read');
		};
		expect([combineWindows(1, false, unread), combineWindows(3, true, unread)]).toEqual([{ windowMs: 0, longestMs: 0 }, { windowMs: 0, longestMs: 0 }]);
	});
});
