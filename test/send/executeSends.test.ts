/**
 * The sending core (send/executeSends.ts) with a channel of its own, in n8n-core's ExecuteContext
 * against a mocked service (nock): each item read once by the channel, given an idx under
 * check_idx=1 before the channel's last changes, batched into one request to the channel's
 * endpoint (a request per item with Item Batching off), the answer handed back to the items in
 * input order; an item the channel refuses fails alone under Continue On Fail and stops the run
 * before anything is sent without it; a request the service refuses is its items' error, or stops
 * the run naming what was sent before it. Through the node: test/operations/sms/send*.test.ts.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { PlannedSend } from '../../nodes/Smsapi/send/batching';
import type { SendChannel } from '../../nodes/Smsapi/send/channel';
import { executeSends } from '../../nodes/Smsapi/send/executeSends';
import { guardWithGeneratedIdx, parseSendParameters } from '../../nodes/Smsapi/send/request';
import { executeContext, PRIMARY, smsapiNode } from '../support/n8n-context';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

/** The service's sms.do: every request's parameters; each number sent, unless `refuse` gives an error code. */
function service(refuse: (params: Record<string, string>) => number | undefined = () => undefined) {
	const requests: Array<Record<string, string>> = [];
	nock(PRIMARY)
		.persist()
		.post('/sms.do')
		.reply((_uri, body) => {
			const params = Object.fromEntries(new URLSearchParams(body as string));
			requests.push(params);
			const code = refuse(params);
			if (code !== undefined) return [200, { error: code, message: 'refused' }];
			const list = params.to.split(',').map((number, i) => ({ id: `${requests.length}-${i}`, points: 0.16, number, date_sent: 1700000000, submitted_number: number, status: 'QUEUE', idx: params.idx.split('|')[i] }));
			return [200, { count: list.length, list }];
		});
	return requests;
}

/** A channel that sends each item's `to` the text "Hi"; `refuses` items fail at reading. */
function channel(extra: Partial<SendChannel> = {}, refuses: number[] = []): SendChannel & { read: number[] } {
	const read: number[] = [];
	return {
		endpoint: 'sms.do',
		read,
		readItem(itemIndex) {
			read.push(itemIndex);
			if (refuses.includes(itemIndex)) throw new Error(`item ${itemIndex} is wrong`);
			const request = parseSendParameters({ to: (this.getInputData()[itemIndex].json.to as string).split(','), message: 'Hi' });
			return { request, generateIdx: guardWithGeneratedIdx(request) };
		},
		...extra,
	};
}

/** executeSends over items to these numbers, as SMSAPI → Send with these Options would run it. */
async function run(numbers: string[], sends: SendChannel, options: IDataObject = {}, continueOnFail = false): Promise<INodeExecutionData[]> {
	const items = numbers.map((to) => ({ json: { to } }));
	const node = smsapiNode({ resource: 'sms', operation: 'send', options: options as never }, continueOnFail ? { onError: 'continueRegularOutput' } : {});
	const context = executeContext({ node, items });
	return await executeSends.call(context, items, sends);
}

const failure = async (promise: Promise<unknown>) => (await promise.then(() => undefined, (error: unknown) => error)) as { message: string; description?: string };

describe('executeSends', () => {
	it('reads each item once, sends them in one request under generated idx with check_idx=1, answers in input order', async () => {
		const requests = service();
		const sends = channel();
		const output = await run(['48500000001', '48500000002,48500000003', '48500000004'], sends);
		expect(sends.read).toEqual([0, 1, 2]);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ to: '48500000001,48500000002,48500000003,48500000004', message: 'Hi', check_idx: '1' });
		expect(requests[0].idx.split('|')).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.any(String), expect.any(String), expect.any(String)]);
		expect(output.map((item) => [item.json.number, item.pairedItem])).toEqual([
			['48500000001', { item: 0 }],
			['48500000002', { item: 1 }],
			['48500000003', { item: 1 }],
			['48500000004', { item: 2 }],
		]);
	});

	it("the channel's last changes come after the idx values, and travel on the wire", async () => {
		const requests = service();
		const seen: string[] = [];
		const finishSend = (send: PlannedSend) => {
			seen.push(send.wire.idx);
			send.wire.notify_url = `https://n8n.example.com/dlr?item=${send.itemIndex}`;
		};
		await run(['48500000001'], channel({ finishSend }), { batching: false });
		expect(seen).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
		expect(requests[0]).toMatchObject({ idx: seen[0], notify_url: 'https://n8n.example.com/dlr?item=0' });
	});

	it('Item Batching off: a request per item', async () => {
		const requests = service();
		await run(['48500000001', '48500000002'], channel(), { batching: false });
		expect(requests.map((params) => params.to)).toEqual(['48500000001', '48500000002']);
	});

	it('an item the channel refuses: without Continue On Fail nothing is sent; with it, the item fails alone', async () => {
		const requests = service();
		expect((await failure(run(['48500000001', '48500000002'], channel({}, [1]))))?.message).toBe('item 1 is wrong');
		expect(requests).toEqual([]);
		const output = await run(['48500000001', '48500000002', '48500000003'], channel({}, [1]), {}, true);
		expect(requests.map((params) => params.to)).toEqual(['48500000001,48500000003']);
		expect(output.map((item) => item.json.number ?? item.json.error)).toEqual(['48500000001', 'item 1 is wrong', '48500000003']);
	});

	it("a request the service refuses: its items' error under Continue On Fail; without it the run stops, naming what was sent", async () => {
		service((params) => (params.to === '48500000002' ? 103 : undefined));
		const output = await run(['48500000001', '48500000002', '48500000003'], channel(), { batching: false, maxParallelRequests: 1 }, true);
		expect(output.map((item) => (item.json.error === undefined ? item.json.number : 'error'))).toEqual(['48500000001', 'error', '48500000003']);
		nock.cleanAll();
		const requests = service((params) => (params.to === '48500000002' ? 103 : undefined));
		const error = await failure(run(['48500000001', '48500000002', '48500000003'], channel(), { batching: false, maxParallelRequests: 1 }));
		expect(error.message).toMatch(/103/);
		expect(error.description).toMatch(/Messages already sent in this run: item 0 → 48500000001 \(id 1-0\)\./);
		expect(requests.map((params) => params.to)).toEqual(['48500000001', '48500000002']);
	});
});
