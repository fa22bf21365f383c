/**
 * SMS → Send with a Message that gives each item its own text (`Hi {{ $json.name }}, …`), through
 * the node in n8n-core's ExecuteContext against `nock`: from node version 1.2 the texts travel as
 * one template with a value per recipient, 100 recipients a request (send/personalise.ts); each
 * recipient receives exactly its item's text; what cannot go that way goes as it is; a template
 * the service refuses as a whole goes again as the items' own texts (send/routing.ts).
 */
import type { INodeParameters } from 'n8n-workflow';

import { failure, mockService, runNode, useMockedNetwork, type WireRequest } from '../support/run-node';

useMockedNetwork();

let nextId = 9_000_000;

/** The service: each recipient's text as delivered (the parameters put in one after the other). */
function service(refuse?: (request: WireRequest) => number | undefined) {
	const delivered: Array<{ number: string; text: string; idx: string }> = [];
	const sms = mockService().on('POST', '/sms.do', (request) => {
		const code = refuse?.(request);
		if (code !== undefined) return [200, { error: code, message: 'refused' }];
		const p = request.body;
		const numbers = p.to.split(',');
		const params = [1, 2, 3, 4].map((n) => p[`param${n}`]?.split('|'));
		const idx = p.idx.split('|');
		if (params.some((list) => list && list.length !== numbers.length)) return [200, { error: 18, message: 'Invalid number of parameters' }];
		const list = numbers.map((number, i) => {
			let text = p.message;
			params.forEach((values, n) => {
				if (values) text = text.split(`[%${n + 1}%]`).join(values[i]);
			});
			delivered.push({ number, text, idx: idx[i] });
			return { id: String(++nextId), points: '0.16', number, date_sent: 1798000000, submitted_number: number, status: 'QUEUE', error: null, idx: idx[i] };
		});
		return [200, { count: list.length, list }];
	});
	return { sms, delivered };
}

const number = (i: number) => `48500${String(i).padStart(6, '0')}`;
const campaign = (options: INodeParameters = {}, message = '=Hi {{ $json.name }}, your code is {{ $json.code }}.'): INodeParameters => ({
	resource: 'sms',
	operation: 'send',
	to: '={{ $json.to }}',
	message,
	options,
});
const people = (count: number) => Array.from({ length: count }, (_, i) => ({ to: number(i), name: `Name${i}`, code: 1000 + i }));

describe('node version 1.2: a text per item goes as one template', () => {
	it('250 items in 3 requests of at most 100; each recipient gets its own text, once; each item its own message', async () => {
		const { sms, delivered } = service();
		const items = people(250);
		const output = await runNode({ parameters: campaign(), items, typeVersion: 1.2 });
		expect(sms.calls.map((call) => call.body.to.split(',').length)).toEqual([100, 100, 50]);
		expect(sms.calls[0].body).toMatchObject({ message: 'Hi [%1%], your code is [%2%].', check_idx: '1' });
		expect(delivered.map((d) => [d.number, d.text])).toEqual(items.map((item) => [item.to, `Hi ${item.name}, your code is ${item.code}.`]));
		expect(output).toHaveLength(250);
		output.forEach((item, i) => {
			expect(item.json).toMatchObject({ number: items[i].to, status: 'QUEUE', idx: delivered[i].idx });
			expect(item.pairedItem).toEqual({ item: i });
		});
	});

	it('a Message n8n evaluates itself (not a plain read) goes the same way', async () => {
		const { sms, delivered } = service();
		await runNode({ parameters: campaign({}, '=Hi {{ $json.name.toUpperCase() }}!'), items: people(5), typeVersion: 1.2 });
		expect(sms.calls).toHaveLength(1);
		expect(delivered.map((d) => d.text)).toEqual(people(5).map((p) => `Hi ${p.name.toUpperCase()}!`));
	});

	it('texts a parameter cannot carry go as they are, each in a request of its own; the rest as the template', async () => {
		const { sms, delivered } = service();
		const awkward = ['', 'a|b', 'two\nlines', '[%1%]', 'trailing ', 'Żaneta', '😀'];
		const items = [...people(4), ...awkward.map((name, i) => ({ to: number(100 + i), name, code: 7 }))];
		await runNode({ parameters: campaign(), items, typeVersion: 1.2 });
		const templated = sms.calls.filter((call) => call.body.param1 !== undefined);
		expect(templated).toHaveLength(1);
		expect(templated[0].body.to.split(',')).toEqual(people(4).map((p) => p.to));
		// Each awkward text alone, as it is (the service's macros in it untouched by us).
		expect(sms.calls.length).toBe(1 + awkward.length);
		expect(delivered.map((d) => d.text)).toEqual(items.map((item) => `Hi ${item.name}, your code is ${item.code}.`));
		expect(new Set(delivered.map((d) => d.number)).size).toBe(items.length);
	});

	it('Option off: a request per text, as before', async () => {
		const { sms } = service();
		await runNode({ parameters: campaign({ textsAsTemplate: false }), items: people(5), typeVersion: 1.2 });
		expect(sms.calls).toHaveLength(5);
		expect(sms.calls.every((call) => call.body.param1 === undefined)).toBe(true);
	});

	it('Item Batching off: a request per item, as before', async () => {
		const { sms } = service();
		await runNode({ parameters: campaign({ batching: false }), items: people(3), typeVersion: 1.2 });
		expect(sms.calls).toHaveLength(3);
		expect(sms.calls.every((call) => call.body.param1 === undefined)).toBe(true);
	});

	it('checks stay per recipient: an item whose own text is over Max Parts fails alone, nothing of it sent', async () => {
		const { delivered } = service();
		const items = [...people(3), { to: number(9), name: 'x'.repeat(400), code: 1 }];
		const output = await runNode({ parameters: campaign({ maxParts: 2 }), items, typeVersion: 1.2, continueOnFail: true });
		expect(delivered.map((d) => d.number)).toEqual(people(3).map((p) => p.to));
		expect(output[3].json.error).toMatch(/part/i);
	});
});

describe('saved workflows keep their wire', () => {
	it('node version 1.1: a request per text', async () => {
		const { sms } = service();
		await runNode({ parameters: campaign(), items: people(4), typeVersion: 1.1 });
		expect(sms.calls).toHaveLength(4);
		expect(sms.calls.every((call) => call.body.param1 === undefined)).toBe(true);
	});

	it('node version 1.1 with the option switched on: one template', async () => {
		const { sms } = service();
		await runNode({ parameters: campaign({ textsAsTemplate: true }), items: people(4), typeVersion: 1.1 });
		expect(sms.calls).toHaveLength(1);
		expect(sms.calls[0].body.param1).toBe('Name0|Name1|Name2|Name3');
	});
});

describe('a template the service refuses as a whole', () => {
	it.each([76, 18])('error %s: the items go again with their own texts; every recipient once, the same idx', async (code) => {
		const { sms, delivered } = service((request) => (request.body.param1 !== undefined ? code : undefined));
		const items = people(4);
		const output = await runNode({ parameters: campaign(), items, typeVersion: 1.2 });
		const templated = sms.calls.filter((call) => call.body.param1 !== undefined);
		expect(templated).toHaveLength(1);
		expect(sms.calls).toHaveLength(1 + 4);
		expect(delivered.map((d) => [d.number, d.text])).toEqual(items.map((p) => [p.to, `Hi ${p.name}, your code is ${p.code}.`]));
		// The same idx values as the refused template carried (check_idx guards the repeat).
		expect(delivered.map((d) => d.idx)).toEqual(templated[0].body.idx.split('|'));
		expect(output.map((item) => item.json.status)).toEqual(['QUEUE', 'QUEUE', 'QUEUE', 'QUEUE']);
	});

	it('another refusal (103, not enough credits) is not repeated: the run fails, nothing sent', async () => {
		const { sms, delivered } = service(() => 103);
		const error = await failure(runNode({ parameters: campaign(), items: people(4), typeVersion: 1.2 }));
		expect(error.message).toMatch(/credits|103/i);
		expect(sms.calls).toHaveLength(1);
		expect(delivered).toHaveLength(0);
	});
});
