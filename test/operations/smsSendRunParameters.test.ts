/**
 * sms.send reads what is the same for every item once per run: Message and Options
 * without an expression are resolved once, only `to` (and what holds an expression) per item; the
 * checks of the constant part run once. A plain read of the item (`{{ $json.phone }}`) is rendered
 * by the node's fast path without asking n8n; other expressions are n8n's, per item, and in
 * Options per member. What the service receives is unchanged.
 */
import nock from 'nock';
import type { INodeParameters } from 'n8n-workflow';

import { Smsapi } from '../../nodes/Smsapi/Smsapi.node';
import { PRIMARY } from '../support/n8n-context';
import { nodeContext, smsSend, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const PHONES = Array.from({ length: 12 }, (_, i) => String(48500400000 + i));

function service(bodies: Array<Record<string, string>>): void {
	nock(PRIMARY)
		.persist()
		.post('/sms.do')
		.query(true)
		.reply((_uri, body) => {
			const form = Object.fromEntries(new URLSearchParams(String(body)));
			bodies.push(form);
			const idx = form.idx.split('|');
			const list = form.to.split(',').map((number, i) => ({ id: `id-${number}`, points: '0.1650', number, submitted_number: number, status: 'QUEUE', idx: idx[i] }));
			return [200, JSON.stringify({ count: list.length, list })];
		});
}

async function run(parameters: INodeParameters) {
	const bodies: Array<Record<string, string>> = [];
	service(bodies);
	const context = nodeContext({ parameters, items: PHONES.map((phone) => ({ phone })) });
	const read = jest.spyOn(context, 'getNodeParameter');
	const [output] = await new Smsapi().execute.call(context);
	const reads = (name: string) => read.mock.calls.filter(([path]) => path === name).length;
	return { output, bodies, reads };
}

describe('sms.send: parameters read once per run where they cannot differ', () => {
	it('constant Message and Options: read once; To (an expression) per item; one request with every number', async () => {
		const { output, bodies, reads } = await run(smsSend('={{ $json.phone }}', 'Hello', { from: 'Test', maxParts: 2 }));
		// {{ $json.phone }} is the fast path's: n8n is not asked.
		expect(reads('to')).toBe(0);
		expect(reads('message')).toBe(1);
		expect(reads('options')).toBe(1);
		expect(bodies).toHaveLength(1);
		expect(bodies[0]).toMatchObject({ to: PHONES.join(','), message: 'Hello', from: 'Test', max_parts: '2', check_idx: '1' });
		expect(output.map((item) => item.json.number)).toEqual(PHONES);
	});

	it('an expression in Options or Message: read per item, as before; the values per item reach the service', async () => {
		const { bodies, reads } = await run(smsSend('={{ $json.phone }}', '=Hi {{ $json.phone.slice(-2) }}', { from: 'Test', param1: '={{ $json.phone.slice(-4) }}' }));
		expect(reads('message')).toBe(PHONES.length);
		// Options member by member: the constant From once, the expression Param 1 per item.
		expect(reads('options.from')).toBe(1);
		expect(reads('options.param1')).toBe(PHONES.length);
		expect(reads('to')).toBe(0);
		// Different texts cannot share a request: one per item, each with its own param1.
		expect(bodies).toHaveLength(PHONES.length);
		const byNumber = Object.fromEntries(bodies.map((body) => [body.to, body]));
		for (const phone of PHONES) expect(byNumber[phone]).toMatchObject({ message: `Hi ${phone.slice(-2)}`, param1: phone.slice(-4) });
	});

	it('plain reads of the item in To, Message and Param 1: rendered by the node, n8n not asked; the same request as n8n renders', async () => {
		const { bodies, reads } = await run(smsSend('={{ $json.phone }}', '=Hi {{ $json["phone"] }}!', { param1: '={{ $json.phone }}' }));
		expect(reads('to') + reads('message') + reads('options.param1')).toBe(0);
		// Param 1 differs per recipient but the message does too: one request per item.
		const byNumber = Object.fromEntries(bodies.map((body) => [body.to, body]));
		for (const phone of PHONES) expect(byNumber[phone]).toMatchObject({ message: `Hi ${phone}!`, param1: phone });
	});

	it('a constant message too long for Max Parts fails every item with the same error, as when it was checked per item', async () => {
		const context = nodeContext({ parameters: smsSend('={{ $json.phone }}', 'x'.repeat(200), { maxParts: 1 }), items: PHONES.slice(0, 3).map((phone) => ({ phone })), continueOnFail: true });
		const [output] = await new Smsapi().execute.call(context);
		expect(output).toHaveLength(3);
		expect(new Set(output.map((item) => item.json.error)).size).toBe(1);
		expect(String(output[0].json.error)).toMatch(/needs 2 parts/);
	});
});
