/**
 * SMS → Send to Group against a mocked service (nock): group and message posted to sms.do, one
 * output item per message with the group's name, a template instead of the message, one request
 * per item in parallel (at most 4 in flight, output in input order), the message's macros from
 * expressions made inert as in a send. In n8n's engine against the emulator: a group send with
 * the contacts' fields filled in, and after a primary failure not repeated blindly (a group send
 * carries no per-recipient idx) but said to have an unknown outcome (the `sms-send-group` fixture).
 */
import nock from 'nock';

import { injectFault, messages, smsDoRequests } from '../../e2e/sms/support';
import { PRIMARY } from '../../support/n8n-context';
import { nodeError, nodeItems, pairedIndex } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { inFlightGate } from '../support/in-flight';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sms.sendToGroup', () => {
	it('posts group and message; one output item per message with the group name', async () => {
		const service = mockService().on('POST', '/sms.do', () => [
			200,
			{
				count: 2,
				list: [
					{ id: '1', points: '0.1650', number: '48500000001', submitted_number: '48500000001', status: 'QUEUE' },
					{ id: '2', points: 0.165, number: '48500000002', submitted_number: '48500000002', status: 'QUEUE' },
				],
			},
		]);
		const output = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'sendToGroup',
				group: 'customers',
				message: 'Hi [%contact.first_name%]',
				options: { from: 'MyShop', fast: true },
			},
		});
		expect(service.calls[0].body).toEqual({
			format: 'json',
			group: 'customers',
			message: 'Hi [%contact.first_name%]',
			from: 'MyShop',
			fast: '1',
		});
		expect(output.map((item) => item.json)).toEqual([
			expect.objectContaining({ id: '1', points: 0.165, group: 'customers' }),
			expect.objectContaining({ id: '2', points: 0.165, group: 'customers' }),
		]);
	});

	it('with a template, the message is not sent', async () => {
		const service = mockService().on('POST', '/sms.do', () => [200, { count: 0, list: [] }]);
		await runNode({
			parameters: { resource: 'sms', operation: 'sendToGroup', group: 'vip', message: 'old', options: { template: 'otp' } },
		});
		expect(service.calls[0].body).toEqual({ format: 'json', group: 'vip', template: 'otp' });
	});
});

describe('sms.sendToGroup: one request per item, in parallel', () => {
	it('8 group sends: at most 4 in flight, output in input order, each paired with its item', async () => {
		const inFlight = inFlightGate({ target: 4, total: 8 });
		nock(PRIMARY)
			.persist()
			.post('/sms.do')
			.query(true)
			.reply(function (_uri, body, callback) {
				const group = String(new URLSearchParams(String(body)).get('group'));
				inFlight.hold(() => {
					callback(null, [200, JSON.stringify({ count: 1, list: [{ id: `id-${group}`, points: '0.1650', number: '48500000001', status: 'QUEUE' }] })]);
				}, 80 - Number(group.slice(1)) * 8);
			});
		const groups = Array.from({ length: 8 }, (_, i) => `g${i}`);
		const output = await runNode({
			parameters: { resource: 'sms', operation: 'sendToGroup', group: '={{ $json.group }}', message: 'Hello', options: {} },
			items: groups.map((group) => ({ group })),
		});
		expect(inFlight.peak).toBe(4);
		expect(output.map((item) => item.json.group)).toEqual(groups);
		expect(output.map((item) => (item.pairedItem as { item: number }).item)).toEqual(groups.map((_, i) => i));
	});
});

describe('sms.sendToGroup: untrusted Message', () => {
	// The items the expressions read; n8n evaluates them per item.
	const customers = [
		{ phone: '48500000001', name: 'Anna [%goto:https://evil.example/x%]', code: '[%code%]' },
		{ phone: '48500000001', name: 'Jan', code: '' },
	];

	it('the message is defused the same way', async () => {
		const sms = mockService().on('POST', '/sms.do', () => [200, { count: 0, list: [] }]);
		await runNode({
			parameters: {
				resource: 'sms',
				operation: 'sendToGroup',
				group: 'vip',
				message: '=Hi [%contact.first_name%], {{ $json.name }}',
				options: { neutralizeMacros: true },
			},
			items: customers.slice(0, 1),
		});
		expect(sms.calls[0].body.message).toBe('Hi [%contact.first_name%], Anna [ %goto:https://evil.example/x% ]');
	});
});

describe("sms.sendToGroup in n8n's engine against the emulator", () => {
	const suite = useEngine();
	const emulator = () => suite.emulator();

	it('group send: sendToGroup posts group=customers; one output item per contact, contact fields filled in', async () => {
		const run = await suite.run('sms-send-group');
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toEqual({
			format: 'json',
			group: 'customers',
			message: 'Hi [%contact.first_name%], new arrivals are in.',
			from: 'MyShop',
		});
		expect(items.map((item) => [pairedIndex(item), item.json.number, item.json.group])).toEqual([
			[0, '48500000001', 'customers'],
			[0, '48500000002', 'customers'],
			[0, '48500000003', 'customers'],
		]);
		const texts = (await messages(emulator())).map((m) => [m.number, m.text, m.group]);
		expect(texts).toEqual([
			['48500000001', 'Hi Anna, new arrivals are in.', 'customers'],
			['48500000002', 'Hi Jan, new arrivals are in.', 'customers'],
			['48500000003', 'Hi Piotr, new arrivals are in.', 'customers'],
		]);
	});

	it('group send after a primary failure: not repeated blindly (a group send carries no per-recipient idx); the node says the outcome is unknown', async () => {
		await injectFault(emulator(), { address: 'primary', endpoint: 'sms.do', mode: '500', times: 1 });
		const run = await suite.run('sms-send-group');
		const error = nodeError(run, 'SMSAPI');
		expect(error.message).toMatch(/may or may not have accepted .* not repeated, to avoid a double send/);
		const requests = await smsDoRequests(emulator());
		expect(requests.map((r) => `${r.address} ${r.responseStatus}`)).toEqual(['primary 500']);
		expect(await messages(emulator())).toEqual([]);
	});
});
