/**
 * SMS → Send at the operation level: the real node (description, router, operation, transport,
 * credential) against a mocked service (nock, with the small sms.do of support/sms-do.ts).
 *
 * What the service receives: the request, every option under its service name (and the dropdowns
 * that fill Sender Name and Template), idx values, templates and dates (a date-picker value in the
 * workflow time zone); the checks that stop a send before anything reaches the wire; and what is
 * the same for every item read once per run: Message and Options without an expression resolved
 * once, only To (and what holds an expression) per item, a plain read of the item
 * (`{{ $json.phone }}`) rendered by the node's fast path without asking n8n, the rest n8n's, per
 * item; what the service receives unchanged. The other topics of the send: send.<topic>.test.ts
 * beside this file (batching, failover, idx, parallel, personalised, safety, workflow).
 */
import nock from 'nock';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { wallTimeToDate } from '../../../nodes/Smsapi/helpers/serviceDates';
import { PRIMARY } from '../../support/n8n-context';
import { type RunOptions, failure, mockService, nodeContext, runNode, smsSend, useMockedNetwork } from '../support/run-node';
import { smsDo } from '../support/sms-do';

useMockedNetwork();

const GENERATED_IDX = /^[0-9a-f]{32}$/;
const send = smsSend;

async function runWithTimezone(options: RunOptions, timezone: string): Promise<INodeExecutionData[]> {
	return await runNode({ ...options, timezone });
}

describe('sms.send: what the service receives', () => {
	it('single: POST sms.do, form-encoded, format=json first, a generated idx and check_idx=1', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({ parameters: send('+48 500 000 001', 'Hello', { from: 'MyShop' }) });

		expect(service.calls).toHaveLength(1);
		const [call] = service.calls;
		expect(call.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
		expect(Object.keys(call.body)[0]).toBe('format');
		expect(call.body).toEqual({
			format: 'json',
			to: '48500000001',
			message: 'Hello',
			from: 'MyShop',
			idx: expect.stringMatching(GENERATED_IDX),
			check_idx: '1',
		});
		expect(output).toEqual([
			{
				json: expect.objectContaining({ number: '48500000001', points: 0.165, status: 'QUEUE', idx: call.body.idx }),
				pairedItem: { item: 0 },
			},
		]);
	});

	it("every message of every send gets its own idx; the user's idx is kept", async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({
			parameters: [
				send('48500000001,48500000002,48500000003', 'A'),
				send('48500000004', 'A'),
				send('48500000005,48500000006', 'B', { idx: 'order5|order6' }),
			],
		});
		expect(service.calls).toHaveLength(2);
		const generated = service.calls[0].body.idx.split('|');
		expect(generated).toHaveLength(4);
		generated.forEach((idx) => expect(idx).toMatch(GENERATED_IDX));
		expect(new Set(generated).size).toBe(4);
		expect(service.calls[1].body.idx).toBe('order5|order6');
		expect(service.calls[0].body.check_idx).toBe('1');
		// A user's own idx follows the user's Check Idx, off unless set.
		expect(service.calls[1].body.check_idx).toBeUndefined();
	});

	it('every option reaches the wire under its service name', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({
			parameters: send('48500000001', 'Hi [%1%]', {
				allowDuplicates: true,
				checkIdx: true,
				date: '2099-01-01T10:00:00+01:00',
				dateValidate: true,
				details: true,
				discountGroup: 'spring-sale',
				encoding: 'utf-8',
				expirationDate: '2099-01-01T12:00:00+01:00',
				fast: true,
				flash: true,
				from: 'MyShop',
				idx: 'ref1',
				maxParts: 3,
				normalize: true,
				notifyUrl: 'https://example.com/dlr',
				nounicode: true,
				param1: 'Anna',
				param2: 'b',
				param3: 'c',
				param4: 'd',
				single: true,
				test: true,
				timeRestriction: 'nearest_available',
			}),
		});
		expect(service.calls[0].body).toEqual({
			format: 'json',
			to: '48500000001',
			message: 'Hi [%1%]',
			allow_duplicates: '1',
			check_idx: '1',
			date: String(Date.UTC(2099, 0, 1, 9) / 1000),
			date_validate: '1',
			details: '1',
			discount_group: 'spring-sale',
			encoding: 'utf-8',
			expiration_date: String(Date.UTC(2099, 0, 1, 11) / 1000),
			fast: '1',
			flash: '1',
			from: 'MyShop',
			idx: 'ref1',
			max_parts: '3',
			normalize: '1',
			notify_url: 'https://example.com/dlr',
			nounicode: '1',
			param1: 'Anna',
			param2: 'b',
			param3: 'c',
			param4: 'd',
			single: '1',
			test: '1',
			time_restriction: 'nearest_available',
		});
	});

	it('binary: datacoding=bin with a hex message and udh', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({ parameters: send('48500000001', '48656C6C6F', { datacoding: 'bin', udh: '0605040B8423F0' }) });
		expect(service.calls[0].body).toMatchObject({ datacoding: 'bin', udh: '0605040B8423F0', message: '48656C6C6F' });
	});

	it('a template replaces the message: template and params are sent, a leftover message is not', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({
			parameters: send('48500000001,48500000002', 'left over from before', {
				template: 'welcome',
				param1: 'Anna|Jan',
				param2: 'MyShop|MyShop',
			}),
		});
		expect(service.calls[0].body).toEqual({
			format: 'json',
			to: '48500000001,48500000002',
			template: 'welcome',
			param1: 'Anna|Jan',
			param2: 'MyShop|MyShop',
			idx: expect.any(String),
			check_idx: '1',
		});
	});

	it('a date without an offset (n8n date picker) is read in the workflow time zone', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runWithTimezone(
			{ parameters: send('48500000001', 'Later', { date: '2099-07-01T09:30:00', expirationDate: '2099-07-01T12:00:00' }) },
			'Europe/Warsaw',
		);
		// Warsaw is UTC+2 in July.
		expect(service.calls[0].body).toMatchObject({
			date: String(Date.UTC(2099, 6, 1, 7, 30) / 1000),
			date_validate: '1',
			expiration_date: String(Date.UTC(2099, 6, 1, 10) / 1000),
		});
	});

	it('a date with an offset or as UNIX seconds is taken as it is, whatever the time zone', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runWithTimezone(
			{
				parameters: [
					send('48500000001', 'A', { date: '2099-07-01T09:30:00Z' }),
					send('48500000002', 'B', { date: '4086576000' }),
				],
				continueOnFail: false,
			},
			'America/New_York',
		);
		expect(service.calls.map((call) => call.body.date)).toEqual([String(Date.UTC(2099, 6, 1, 9, 30) / 1000), '4086576000']);
	});
});

describe('wallTimeToDate: a date-picker value in the workflow time zone', () => {
	it.each([
		['2099-07-01T09:30:00', 'Europe/Warsaw', '2099-07-01T07:30:00.000Z'],
		['2099-01-15 09:30', 'Europe/Warsaw', '2099-01-15T08:30:00.000Z'],
		['2099-07-01', 'America/New_York', '2099-07-01T04:00:00.000Z'],
		['2099-07-01T09:30:00.250', 'Asia/Kolkata', '2099-07-01T04:00:00.250Z'],
		// 02:30 does not exist on the spring-forward night: the same instant as 03:30 CEST.
		['2026-03-29T02:30:00', 'Europe/Warsaw', '2026-03-29T01:30:00.000Z'],
	])('%s in %s is %s', (text, zone, iso) => {
		expect(wallTimeToDate(text, zone)?.toISOString()).toBe(iso);
	});

	it('leaves values with an offset, other formats and unknown zones to the caller', () => {
		expect(wallTimeToDate('2099-07-01T09:30:00Z', 'Europe/Warsaw')).toBeNull();
		expect(wallTimeToDate('2099-07-01T09:30:00+02:00', 'Europe/Warsaw')).toBeNull();
		expect(wallTimeToDate('4086576000', 'Europe/Warsaw')).toBeNull();
		expect(wallTimeToDate('2099-07-01T09:30:00', 'Not/AZone')).toBeNull();
	});
});

describe('sms.send: checks before anything is sent', () => {
	const rejects = async (parameters: INodeParameters | INodeParameters[], pattern: RegExp) => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const error = await failure(runNode({ parameters }));
		expect(error.message).toMatch(pattern);
		expect(service.calls).toHaveLength(0);
		return error;
	};

	it('too many parts: 1531 plain characters need 11 parts, more than any message can have', async () => {
		await rejects(send('48500000001', 'a'.repeat(1531)), /1531 characters \(GSM-7\).*11 parts, more than the 10 a message can have/);
	});

	it('more parts than Max Parts', async () => {
		await rejects(send('48500000001', 'a'.repeat(400), { maxParts: 2 }), /needs 3 parts, more than the 2 Max Parts allows/);
		await rejects(send('48500000001', 'a'.repeat(1377), { maxParts: 8 }), /needs 9 parts, more than the 8 Max Parts allows/);
	});

	it('Polish letters cut a part to 70 characters, and the error says so', async () => {
		await rejects(send('48500000001', 'ż'.repeat(671)), /UCS-2.*11 parts.*special characters \(ż\)/s);
	});

	it('single with more than 160 characters', async () => {
		await rejects(send('48500000001', 'a'.repeat(161), { single: true }), /Single is on and the message is 161 characters, more than 160/);
	});

	it('nounicode with special characters lists them', async () => {
		await rejects(send('48500000001', 'Zażółć gęślą jaźń', { nounicode: true }), /No Unicode is on .*special characters: ż ó ł ć ę ś ą ź ń/);
	});

	it('expiration less than 15 minutes after the send time', async () => {
		const soon = new Date(Date.now() + 10 * 60000).toISOString();
		await rejects(send('48500000001', 'A', { expirationDate: soon }), /15 minutes to 72 hours after the send time/);
	});

	it('expiration more than 72 hours after the send date', async () => {
		await rejects(
			send('48500000001', 'A', { date: '2099-01-01T00:00:00Z', expirationDate: '2099-01-04T00:01:00Z' }),
			/72.* hours after the send date.*15 minutes to 72 hours/,
		);
	});

	it('param1 values that do not match the recipients', async () => {
		await rejects(send('48500000001,48500000002', 'Hi [%1%]', { param1: 'Anna' }), /param1 has 1 value for 2 recipients/);
	});

	it('idx values that do not match the recipients', async () => {
		await rejects(send('48500000001,48500000002', 'A', { idx: 'a|b|c' }), /idx has 3 values for 2 recipients/);
	});

	it('idx longer than 255 characters', async () => {
		await rejects(send('48500000001', 'A', { idx: 'x'.repeat(256) }), /idx .* longer than 255 characters/);
	});

	it('a malformed number', async () => {
		await rejects(send('48500abc', 'A'), /Not a valid phone number/);
	});

	it('one bad item stops the run before any item is sent, even items before it', async () => {
		const error = await rejects([send('48500000001', 'fine'), send('48500000002', 'a'.repeat(161), { single: true })], /Single is on/);
		expect(error.context.itemIndex).toBe(1);
	});

	it('with Continue On Fail a bad item becomes an error item and the good ones are sent', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({
			parameters: [send('48500000001', 'fine'), send('48500000002', 'a'.repeat(161), { single: true })],
			continueOnFail: true,
		});
		expect(service.calls.map((call) => call.body.to)).toEqual(['48500000001']);
		expect(output[1]).toEqual({ json: expect.objectContaining({ error: expect.stringMatching(/Single is on/) }), pairedItem: { item: 1 } });
	});
});

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

describe('sms.send: the dropdowns of its options', () => {
	it('the send options name these methods', () => {
		const send = new Smsapi().description.properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('send'),
		);
		const byName = Object.fromEntries(
			((send?.options ?? []) as Array<{ name: string; typeOptions?: { loadOptionsMethod?: string } }>).map((o) => [
				o.name,
				o.typeOptions?.loadOptionsMethod,
			]),
		);
		expect(byName.from).toBe('getSenderNames');
		expect(byName.template).toBe('getTemplates');
	});
});
