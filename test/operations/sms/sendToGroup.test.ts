/**
 * SMS → Send to Group against a mocked service (nock): group and message posted to sms.do, one output
 * item per message with the group's name, a template instead of the message, one request per item in
 * parallel (at most 4 in flight, output in input order), the message's macros from expressions made
 * inert as in a send. In n8n's engine: sendToGroup.engine.test.ts.
 */
import nock from 'nock';
import { PRIMARY } from '../../support/n8n-context';
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
