/**
 * SMS → Send in n8n's engine in-process: the `sms-send-*` fixtures run on n8n-core's WorkflowExecute
 * against the emulator; each test checks what the emulator received on the wire (the sms.do form
 * body), what it did (its messages, credits) and what the node output: a single send, several
 * numbers, a template with params, personalised items in one request, a scheduled send then
 * deleted (Delete Scheduled's run in a workflow), every option, an invalid number with and without
 * Continue On Fail, error 103. Real n8n runs one of them as a smoke test:
 * test/e2e/installed-package.test.ts. Retries: send.failover.engine.test.ts; 1,000 items:
 * send.batching.engine.test.ts.
 */
import { headerOf } from '../../e2e/harness/smsapi';
import {
	credits,
	GENERATED_IDX,
	messages,
	requestWith,
	responseOf,
	setCredits,
	smsDoRequests,
	type EmulatedMessage,
	type SmsDoRequest,
} from '../../e2e/sms/support';
import { nodeError, nodeItems, pairedIndex, type WorkflowRun } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every send is safe to repeat: an idx per message and check_idx=1. */
function expectSafeSend(body: Record<string, string>, recipients: number) {
	expect(body.check_idx).toBe('1');
	const idx = body.idx.split('|');
	expect(idx).toHaveLength(recipients);
	for (const value of idx) expect(value).toMatch(GENERATED_IDX);
	expect(new Set(idx).size).toBe(recipients);
}

describe("sms.send in n8n's engine against the emulator", () => {
	// Delivery reports are not part of these tests: useEngine keeps them from firing while a test runs.
	const suite = useEngine();
	const emulator = () => suite.emulator();

	it('single: one POST sms.do (bearer, form body, sender, idx, check_idx=1); one output item with the id, points as a number', async () => {
		const run = await suite.run('sms-send-single');
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		const [request] = requests;
		expect(request).toMatchObject({ address: 'primary', method: 'POST', authMethod: 'bearer', responseStatus: 200 });
		expect(headerOf(request, 'content-type')).toMatch(/^application\/x-www-form-urlencoded/);
		expect(headerOf(request, 'user-agent')).toMatch(/^n8n-nodes-smsapi-plus\//);
		expect(request.body).toEqual({
			format: 'json',
			to: '48500000001',
			message: 'Your parcel is on its way.',
			from: 'MyShop',
			idx: expect.stringMatching(GENERATED_IDX),
			check_idx: '1',
		});

		expect(items).toHaveLength(1);
		expect(pairedIndex(items[0])).toBe(0);
		expect(items[0].json).toMatchObject({
			id: expect.stringMatching(/^\d{19}$/),
			points: 0.165,
			number: '48500000001',
			status: 'QUEUE',
			idx: request.body.idx,
		});

		const sent = await messages(emulator());
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({
			id: items[0].json.id,
			number: '48500000001',
			sender: 'MyShop',
			text: 'Your parcel is on its way.',
			idx: request.body.idx,
		});
	});

	it('bulk: several numbers (any notation) in one request, one idx each; one output item per message', async () => {
		const run = await suite.run('sms-send-bulk');
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].body.to).toBe('48500000001,48500000002,447700900123');
		expectSafeSend(requests[0].body, 3);

		const idx = requests[0].body.idx.split('|');
		expect(items.map((item) => [pairedIndex(item), item.json.number, item.json.points, item.json.idx])).toEqual([
			[0, '48500000001', 0.165, idx[0]],
			[0, '48500000002', 0.165, idx[1]],
			[0, '447700900123', 0.3, idx[2]],
		]);
		expect((await messages(emulator())).map((m) => m.number).sort()).toEqual(['447700900123', '48500000001', '48500000002']);
	});

	it('template with params: no Message needed; template and pipe-separated params on the wire; the texts are filled in', async () => {
		const run = await suite.run('sms-send-template');
		expect(run.error).toBeUndefined();
		const items = nodeItems(run, 'SMSAPI');

		const [request] = await smsDoRequests(emulator());
		expect(request.body).toEqual({
			format: 'json',
			to: '48500000001,48500000002',
			template: 'welcome',
			param1: 'Anna|Jan',
			param2: 'MyShop|MyShop',
			idx: expect.any(String),
			check_idx: '1',
		});
		expectSafeSend(request.body, 2);
		expect(items.map((item) => item.json.number)).toEqual(['48500000001', '48500000002']);
		const texts = Object.fromEntries((await messages(emulator())).map((m) => [m.number, m.text]));
		expect(texts).toEqual({
			'48500000001': 'Hello Anna, welcome to MyShop!',
			'48500000002': 'Hello Jan, welcome to MyShop!',
		});
	});

	it('personalised batch: three items with param1/param2 from expressions travel in one request; each output item answers its input', async () => {
		const run = await suite.run('sms-send-personalised');
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toMatchObject({
			to: '48500000001,48500000002,48500000003',
			message: 'Hi [%1%], order [%2%] is ready.',
			param1: 'Anna|Jan|Piotr',
			param2: 'A-1|A-2|A-3',
		});
		expectSafeSend(requests[0].body, 3);

		expect(items.map((item) => [pairedIndex(item), item.json.number])).toEqual([
			[0, '48500000001'],
			[1, '48500000002'],
			[2, '48500000003'],
		]);
		const texts = Object.fromEntries((await messages(emulator())).map((m) => [m.number, m.text]));
		expect(texts).toEqual({
			'48500000001': 'Hi Anna, order A-1 is ready.',
			'48500000002': 'Hi Jan, order A-2 is ready.',
			'48500000003': 'Hi Piotr, order A-3 is ready.',
		});
	});

	it("scheduled then deleted: the date (wall time in the workflow's time zone) goes as UNIX seconds with date_validate=1; deleteScheduled with the returned id removes it", async () => {
		const before = nowSeconds();
		const run = await suite.run('sms-send-scheduled');
		const scheduled = nodeItems(run, 'Schedule');
		const deleted = nodeItems(run, 'Delete');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(2);
		const [send, remove] = requests;
		// The workflow runs in America/New_York and gives "now + 2 h" as a wall time without an
		// offset: read in the wrong zone it would be hours off.
		expect(Math.abs(Number(send.body.date) - (before + 2 * 3600))).toBeLessThan(120);
		expect(Math.abs(Number(send.body.expiration_date) - (before + 5 * 3600))).toBeLessThan(120);
		expect(send.body.date_validate).toBe('1');
		expectSafeSend(send.body, 1);

		expect(scheduled).toHaveLength(1);
		expect(scheduled[0].json).toMatchObject({ number: '48500000003', date_sent: Number(send.body.date) });
		const id = scheduled[0].json.id as string;
		expect(remove.body).toEqual({ format: 'json', sch_del: id });
		expect(responseOf(remove)).toEqual({ count: 1, list: [{ id }] });
		expect(deleted.map((item) => item.json)).toEqual([{ id, deleted: true }]);

		expect(await messages(emulator())).toEqual([]);
		expect(await credits(emulator())).toBe(100);
	});

	describe('options: fast, flash, test, details, datacoding=bin with udh, notify_url (one workflow, one node each)', () => {
		let run: WorkflowRun;
		let requests: SmsDoRequest[];
		let charged: EmulatedMessage[];
		let all: EmulatedMessage[];
		const requestOf = (message: string) => requestWith(requests, message);
		const messageTo = (list: EmulatedMessage[], number: string) => list.find((m) => m.number === number);

		beforeAll(async () => {
			emulator().reset();
			run = await suite.run('sms-send-options');
			requests = await smsDoRequests(emulator());
			charged = await messages(emulator());
			all = await messages(emulator(), { test: true });
		});

		it('every option node sent one safe request', () => {
			expect(run.error).toBeUndefined();
			expect(requests).toHaveLength(6);
			for (const request of requests) expectSafeSend(request.body, 1);
		});

		it('fast=1: the message is sent fast and costs 150%', () => {
			expect(requestOf('Fast: your code is 1234').body).toMatchObject({ to: '48500000011', fast: '1' });
			expect(messageTo(charged, '48500000011')).toMatchObject({ fast: true, points: 0.2475 });
			expect(nodeItems(run, 'Fast')[0].json).toMatchObject({ number: '48500000011', points: 0.2475 });
		});

		it('flash=1: a flash message', () => {
			expect(requestOf('Flash: gate opens now').body).toMatchObject({ to: '48500000012', flash: '1' });
			expect(messageTo(charged, '48500000012')).toMatchObject({ flash: true, fast: false });
		});

		it('test=1: answered like a send, but nothing is sent or charged', () => {
			expect(requestOf('Test: not really sent').body).toMatchObject({ to: '48500000013', test: '1' });
			expect(messageTo(charged, '48500000013')).toBeUndefined();
			expect(messageTo(all, '48500000013')).toMatchObject({ test: true });
			expect(nodeItems(run, 'Test')[0].json).toMatchObject({ number: '48500000013', status: 'QUEUE' });
		});

		it('details=1: the output item carries the message, its length and parts', () => {
			expect(requestOf('Details: show me the numbers').body).toMatchObject({ to: '48500000014', details: '1' });
			expect(nodeItems(run, 'Details')[0].json).toMatchObject({
				number: '48500000014',
				message: 'Details: show me the numbers',
				length: 28,
				parts: 1,
			});
		});

		it('datacoding=bin with udh: a binary message with a hex body', () => {
			expect(requestOf('48656C6C6F').body).toMatchObject({ to: '48500000015', datacoding: 'bin', udh: '0605040B8423F0' });
			expect(messageTo(charged, '48500000015')).toMatchObject({ encoding: 'bin', text: '48656C6C6F' });
		});

		it('notify_url: the per-message callback address', () => {
			const url = 'http://127.0.0.1:9/smsapi/dlr?secret=s3cr3t';
			expect(requestOf('Notify: report to my URL').body).toMatchObject({ to: '48500000016', notify_url: url });
			expect(messageTo(charged, '48500000016')).toMatchObject({ notifyUrl: url });
		});
	});

	it('an invalid number among valid ones, Continue On Fail: that item is an error item, the others are sent', async () => {
		const run = await suite.run('sms-send-invalid-continue');
		expect(run.error).toBeUndefined();
		const items = nodeItems(run, 'SMSAPI');

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].body.to).toBe('48500000021,48123456789,48500000023');
		expect(responseOf(requests[0]).invalid_numbers).toEqual([expect.objectContaining({ submitted_number: '48123456789' })]);

		expect(items).toHaveLength(3);
		expect(items.map(pairedIndex)).toEqual([0, 1, 2]);
		expect(items[0].json).toMatchObject({ number: '48500000021', status: 'QUEUE' });
		expect(items[1].json).toEqual({ error: expect.stringMatching(/48123456789/), description: expect.any(String) });
		expect(items[2].json).toMatchObject({ number: '48500000023', status: 'QUEUE' });
		expect((await messages(emulator())).map((m) => m.number)).toEqual(['48500000021', '48500000023']);
	});

	it('an invalid number among valid ones, no Continue On Fail: the node fails naming it, and lists the messages sent without it', async () => {
		const run = await suite.run('sms-send-invalid-stop');
		expect(run.status).toBe('error');
		expect(run.error).toBeDefined();
		const error = nodeError(run, 'SMSAPI');
		expect(error.message).toMatch(/No message for 48123456789/);
		const description = String(error.description);
		expect(description).toMatch(/Messages already sent in this run: .*48500000021.*48500000023/);
		expect(description).not.toMatch(/→ 48123456789/);
		expect((await messages(emulator())).map((m) => m.number)).toEqual(['48500000021', '48500000023']);
	});

	it('error 103 (not enough credits): the node fails with the code and its meaning; nothing is sent, repeated or charged', async () => {
		await setCredits(emulator(), 0.2);
		const run = await suite.run('sms-send-credits');
		expect(run.status).toBe('error');
		const error = nodeError(run, 'SMSAPI');
		expect(`${error.message} ${String(error.description)}`).toMatch(/103/);
		expect(`${error.message} ${String(error.description)}`).toMatch(/credits|points/i);

		const requests = await smsDoRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0].address).toBe('primary');
		expect(responseOf(requests[0])).toMatchObject({ error: 103 });
		expect(await messages(emulator(), { test: true })).toEqual([]);
		expect(await credits(emulator())).toBe(0.2);
	});
});
