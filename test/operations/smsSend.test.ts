/**
 * sms.send at the operations level: the real node (description, router, operation, transport,
 * credential) against a mocked service (nock). What the service receives and what the node
 * outputs; checks that must stop a send before anything reaches the wire; failover of a batched
 * send (backup, same idx, check_idx=1) and a request the primary had accepted before its answer
 * was lost.
 */
import nock from 'nock';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { wallTimeToDate } from '../../nodes/Smsapi/helpers/serviceDates';
import { BACKUP, PRIMARY, tokenCredentials } from '../helpers/n8n-context';
import { type RunOptions, type WireRequest, backupSmsDo, failure, mockService, runNode, smsSend, useMockedNetwork } from './run-node';

useMockedNetwork();

const GENERATED_IDX = /^[0-9a-f]{32}$/;
const send = smsSend;

let nextId = 7074294081650020000n;

/**
 * A small sms.do: one message per valid number (numbers starting 481 are landlines: skipped and
 * listed in invalid_numbers, as the service does), [%1%]..[%4%] filled from param1..4, idx
 * echoed; with details=1 the first message's text, length and parts at the top level.
 */
function smsDo(request: WireRequest): [number, unknown] {
	const p = request.body;
	const numbers = p.to.split(',');
	const idx = p.idx?.split('|');
	const params = [1, 2, 3, 4].map((n) => p[`param${n}`]?.split('|'));
	const list: IDataObject[] = [];
	const texts: string[] = [];
	const invalid: IDataObject[] = [];
	numbers.forEach((number, i) => {
		if (number.startsWith('481')) {
			invalid.push({ number, submitted_number: number, message: 'Invalid phone number', error_code: 13 });
			return;
		}
		texts.push((p.message ?? '').replace(/\[%([1-4])%\]/g, (_, n: string) => params[Number(n) - 1]?.[i] ?? ''));
		nextId += 1n;
		list.push({
			id: String(nextId),
			points: '0.1650',
			number,
			date_sent: 1798000000,
			submitted_number: number,
			status: 'QUEUE',
			error: null,
			idx: idx?.[i] ?? null,
			parts: 1,
		});
	});
	if (list.length === 0) return [200, { error: 13, message: 'No correct phone numbers', invalid_numbers: invalid }];
	const body: IDataObject = { count: list.length, list };
	if (invalid.length) body.invalid_numbers = invalid;
	if (p.details === '1') Object.assign(body, { message: texts[0], length: texts[0].length, parts: 1 });
	return [200, body];
}

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

describe('sms.send: batching and output items', () => {
	it('items with the same message travel in one request; each output item answers its own input', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({
			parameters: [send('48500000001', 'Sale'), send('48500000002, 48500000003', 'Sale'), send('48500000004', 'Sale')],
		});
		expect(service.calls).toHaveLength(1);
		expect(service.calls[0].body.to).toBe('48500000001,48500000002,48500000003,48500000004');
		expect(output.map((item) => [item.pairedItem, item.json.number])).toEqual([
			[{ item: 0 }, '48500000001'],
			[{ item: 1 }, '48500000002'],
			[{ item: 1 }, '48500000003'],
			[{ item: 2 }, '48500000004'],
		]);
	});

	it('personalised items: param1 values aligned with the numbers, at most 100 recipients per request', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const parameters = Array.from({ length: 250 }, (_, i) => send(String(48500000000 + i), 'Hi [%1%]', { param1: `C${i}` }));
		const output = await runNode({ parameters });
		expect(service.calls.map((call) => call.body.to.split(',').length)).toEqual([100, 100, 50]);
		for (const call of service.calls) {
			const to = call.body.to.split(',');
			expect(call.body.param1.split('|')).toEqual(to.map((n) => `C${Number(n) - 48500000000}`));
		}
		expect(output).toHaveLength(250);
		output.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.number).toBe(String(48500000000 + i));
		});
	});

	it('batching off: one request per item', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({ parameters: [send('48500000001', 'A', { batching: false }), send('48500000002', 'A', { batching: false })] });
		expect(service.calls.map((call) => call.body.to)).toEqual(['48500000001', '48500000002']);
	});

	it("details=1 in a personalised batch: each item shows only its own message's text, never another recipient's", async () => {
		mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({
			parameters: [
				send('48500000001', 'Hi [%1%]', { details: true, param1: 'Anna' }),
				send('48500000002', 'Hi [%1%]', { details: true, param1: 'Jan' }),
			],
		});
		expect(output[0].json).toMatchObject({ number: '48500000001', message: 'Hi Anna', length: 7 });
		expect(output[1].json.number).toBe('48500000002');
		expect(output[1].json.message).not.toBe('Hi Anna');
	});

	it('details=1 with the same text for all: every item shows the message, length and parts', async () => {
		mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({ parameters: send('48500000001,48500000002', 'Same text', { details: true }) });
		for (const item of output) expect(item.json).toMatchObject({ message: 'Same text', length: 9, parts: 1 });
	});

	it('an invalid number among valid ones: with Continue On Fail that item fails, the others are sent', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		const output = await runNode({
			parameters: [send('48500000001', 'A'), send('48123456789', 'A'), send('48500000003', 'A')],
			continueOnFail: true,
		});
		expect(service.calls).toHaveLength(1);
		expect(output.map((item) => [item.pairedItem, item.json.number ?? item.json.error])).toEqual([
			[{ item: 0 }, '48500000001'],
			[{ item: 1 }, expect.stringContaining('48123456789')],
			[{ item: 2 }, '48500000003'],
		]);
	});

	it('an invalid number without Continue On Fail: the node fails after sending the others, naming what was sent', async () => {
		mockService().on('POST', '/sms.do', smsDo);
		const error = await failure(
			runNode({ parameters: [send('48500000001', 'A'), send('48123456789', 'A'), send('48500000003', 'A')] }),
		);
		expect(error.message).toMatch(/No message for 48123456789/);
		expect(error.context.itemIndex).toBe(1);
		expect(error.description).toMatch(/item 0 → 48500000001/);
		expect(error.description).toMatch(/item 2 → 48500000003/);
		expect(error.description).not.toMatch(/→ 48123456789/);
	});

	it('error 103 (not enough credits): the node fails with the meaning, and nothing is repeated', async () => {
		const service = mockService().on('POST', '/sms.do', () => [200, { error: 103, message: 'Not enough points' }]);
		await expect(runNode({ parameters: send('48500000001', 'A') })).rejects.toThrow(/103|credits|points/i);
		expect(service.calls).toHaveLength(1);
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

describe('sms.send: failover of a batched send', () => {
	const credentials = tokenCredentials({ backupUrl: BACKUP });

	const backup = backupSmsDo;

	it('the primary answers 500: the same request (same idx, check_idx=1) goes to the backup once; every item is answered', async () => {
		const primary: Array<Record<string, string>> = [];
		nock(PRIMARY)
			.post('/sms.do')
			.reply((_uri, body) => {
				primary.push(Object.fromEntries(new URLSearchParams(String(body))));
				return [500, '<html>500</html>'];
			});
		const backupCalls = backup((body) => smsDo({ body } as WireRequest));
		const output = await runNode({
			parameters: [send('48500000001', 'Sale'), send('48500000002', 'Sale'), send('48500000003', 'Sale')],
			credentials,
		});
		expect(primary).toHaveLength(1);
		expect(backupCalls).toEqual([primary[0]]);
		expect(backupCalls[0].check_idx).toBe('1');
		expect(backupCalls[0].idx.split('|')).toHaveLength(3);
		expect(output.map((item) => [item.pairedItem, item.json.number, item.json.idx])).toEqual(
			backupCalls[0].idx.split('|').map((idx, i) => [{ item: i }, `4850000000${i + 1}`, idx]),
		);
	});

	it('the primary accepted the request but its answer was lost: the backup answers 53, the items are reported as accepted', async () => {
		// The primary processed the request, then the connection broke before its answer arrived.
		const primary: Array<Record<string, string>> = [];
		nock(PRIMARY)
			.post('/sms.do', (body: Record<string, string>) => {
				primary.push(body);
				return true;
			})
			.replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
		const backupCalls = backup(() => [200, { error: 53, message: 'idx already used' }]);

		const output = await runNode({
			parameters: [send('48500000001', 'Sale'), send('48500000002', 'Sale')],
			credentials,
		});
		expect(primary).toHaveLength(1);
		expect(backupCalls).toEqual(primary);
		expect(backupCalls[0].check_idx).toBe('1');
		const idx = backupCalls[0].idx.split('|');
		expect(output).toEqual([
			{
				json: { id: null, number: '48500000001', idx: idx[0], status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 0 },
			},
			{
				json: { id: null, number: '48500000002', idx: idx[1], status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 1 },
			},
		]);
	});

	it("a send with the user's own idx and no Check Idx is not repeated after a 500 (it might double)", async () => {
		nock(PRIMARY).post('/sms.do').reply(500, 'oops');
		const backupCalls = backup((body) => smsDo({ body } as WireRequest));
		const error = await failure(runNode({ parameters: send('48500000001', 'Sale', { idx: 'order-1' }), credentials }));
		expect(error.message).toMatch(/may or may not have accepted .* not repeated, to avoid a double send/);
		expect(backupCalls).toHaveLength(0);
	});
});

describe("sms.send: n8n's Retry On Fail never sends twice", () => {
	const twoItems = [send('48500000001', 'Order shipped'), send('48500000002', 'Order shipped')];

	it('generated idx values are the same for a repeat of the same execution and node run, new otherwise', async () => {
		const service = mockService().on('POST', '/sms.do', smsDo);
		await runNode({ parameters: twoItems, executionId: 'exec-7' });
		await runNode({ parameters: twoItems, executionId: 'exec-7' });
		await runNode({ parameters: twoItems, executionId: 'exec-8' });
		await runNode({ parameters: twoItems, executionId: 'exec-7', runIndex: 1 });
		const idx = service.calls.map((call) => call.body.idx);
		expect(idx[0]).toMatch(/^[0-9a-f]{32}\|[0-9a-f]{32}$/);
		expect(idx[1]).toBe(idx[0]);
		expect(idx[2]).not.toBe(idx[0]);
		expect(idx[3]).not.toBe(idx[0]);
		expect(new Set(idx[0].split('|')).size).toBe(2);
	});

	it('a retry whose request the service already accepted (53 for the generated idx) reports the messages as accepted', async () => {
		const used = new Set<string>();
		const service = mockService().on('POST', '/sms.do', (request) => {
			if (request.body.idx.split('|').some((value) => used.has(value))) {
				return [200, { error: 53, message: 'Idx already used' }];
			}
			for (const value of request.body.idx.split('|')) used.add(value);
			return smsDo(request);
		});
		const first = await runNode({ parameters: twoItems, executionId: 'exec-9' });
		const retry = await runNode({ parameters: twoItems, executionId: 'exec-9' });

		expect(service.calls).toHaveLength(2);
		expect(first.map((item) => item.json.status)).toEqual(['QUEUE', 'QUEUE']);
		expect(retry).toEqual([
			{
				json: { id: null, number: '48500000001', idx: first[0].json.idx, status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 0 },
			},
			{
				json: { id: null, number: '48500000002', idx: first[1].json.idx, status: 'ACCEPTED', accepted_earlier: true },
				pairedItem: { item: 1 },
			},
		]);
	});

	it("53 for the user's own idx stays an error: that idx was used before, by something else", async () => {
		mockService().on('POST', '/sms.do', () => [200, { error: 53, message: 'Idx already used' }]);
		const error = await failure(runNode({ parameters: send('48500000001', 'Hi', { idx: 'order42' }), executionId: 'exec-10' }));
		expect(error.message).toMatch(/53|idx/i);
	});
});
