import type { Emulator } from './index';
import { control, post, request, sleep, startReceiver, startTestEmulator, waitFor, type Receiver } from './helpers';

const DLR_FIELDS = ['MsgId', 'status', 'status_name', 'idx', 'sent_at', 'donedate', 'username', 'points', 'to', 'mcc', 'mnc'];

let emu: Emulator;
let receiver: Receiver;

beforeAll(async () => {
	emu = await startTestEmulator();
});
afterAll(async () => {
	await emu.stop();
});
beforeEach(async () => {
	emu.reset();
	receiver = await startReceiver();
});
afterEach(async () => {
	await receiver.close();
});

const sendJson = async (params: Record<string, string | number>) =>
	(await post(`${emu.primaryUrl}/sms.do`, { format: 'json', ...params })).json();

/** Splits one delivery-report request into its reports, checking every field has the same count. */
function reportsOf(url: URL): Array<Record<string, string>> {
	const columns = DLR_FIELDS.map((f) => (url.searchParams.get(f) ?? '').split(','));
	const count = columns[0].length;
	for (const column of columns) expect(column).toHaveLength(count);
	return Array.from({ length: count }, (_, i) => Object.fromEntries(DLR_FIELDS.map((f, j) => [f, columns[j][i]])));
}

describe('delivery reports', () => {
	test('three messages with notify_url: GET with comma-separated values aligned by position', async () => {
		const body = await sendJson({
			to: '48500000001,48500000002,48500000003',
			message: 'Hello',
			idx: 'a1|b2|c3',
			notify_url: receiver.url,
		});
		await waitFor(() => (receiver.calls.flatMap((c) => reportsOf(c.url)).length >= 3 ? true : undefined));
		await sleep(100);
		const reports = receiver.calls.flatMap((call) => {
			expect(call.method).toBe('GET');
			const list = reportsOf(call.url);
			expect(list.length).toBeGreaterThanOrEqual(1);
			expect(list.length).toBeLessThanOrEqual(5);
			return list;
		});
		expect(reports).toHaveLength(3);
		for (const sent of body.list) {
			const report = reports.find((r) => r.MsgId === sent.id)!;
			expect(report).toEqual({
				MsgId: sent.id,
				status: '404',
				status_name: 'DELIVERED',
				idx: sent.idx,
				sent_at: expect.stringMatching(/^\d{10}$/),
				donedate: expect.stringMatching(/^\d{10}$/),
				username: 'demo',
				points: '0.165',
				to: sent.number,
				mcc: '260',
				mnc: expect.stringMatching(/^\d{2}$/),
			});
		}
		expect(emu.state.messages.every((m) => m.status === 404 && m.statusName === 'DELIVERED')).toBe(true);
	});

	test('seven reports leave as a batch of five and a batch of two', async () => {
		const numbers = Array.from({ length: 7 }, (_, i) => `4850000001${i}`);
		await sendJson({ to: numbers.join(','), message: 'x', notify_url: receiver.url });
		await receiver.waitFor(2);
		await sleep(100);
		expect(receiver.calls.map((c) => reportsOf(c.url).length).sort()).toEqual([2, 5]);
		expect(receiver.calls.flatMap((c) => reportsOf(c.url).map((r) => r.to)).sort()).toEqual(numbers);
	});

	test('a report is repeated until the receiver answers OK', async () => {
		receiver.answers = [
			{ status: 500, body: 'error' },
			{ status: 200, body: 'received' },
			{ status: 200, body: 'OK' },
		];
		await sendJson({ to: '48500000001', message: 'x', notify_url: receiver.url });
		await receiver.waitFor(3);
		await sleep(200);
		expect(receiver.calls).toHaveLength(3);
		expect(new Set(receiver.calls.map((c) => c.url.searchParams.get('MsgId'))).size).toBe(1);
		const log = await control(emu, 'callbacks?type=sms_dlr');
		expect(log.map((a: { attempt: number; ok: boolean }) => [a.attempt, a.ok])).toEqual([
			[1, false],
			[2, false],
			[3, true],
		]);
	});

	test('repeats are bounded by callbackMaxAttempts', async () => {
		receiver.answers = [{ status: 200, body: 'NO' }];
		await control(emu, 'account', { callbackMaxAttempts: 3 });
		await sendJson({ to: '48500000001', message: 'x', notify_url: receiver.url });
		await receiver.waitFor(3);
		await sleep(250);
		expect(receiver.calls).toHaveLength(3);
	});

	test('failed delivery: numbers ending in 405/406 by convention, or by a control rule; account DLR URL used', async () => {
		await control(emu, 'account', { callbackUrls: { dlr: receiver.url } });
		await control(emu, 'delivery', { suffix: '9', status: 407 });
		await control(emu, 'delivery', { number: '48500000002', status: 408 });
		const body = await sendJson({ to: '48500000405,48500000406,48500000009,48500000002,48500000001', message: 'x' });
		await waitFor(() => (receiver.calls.flatMap((c) => reportsOf(c.url)).length >= 5 ? true : undefined));
		const byNumber = Object.fromEntries(receiver.calls.flatMap((c) => reportsOf(c.url)).map((r) => [r.to, r.status_name]));
		expect(byNumber).toEqual({
			'48500000405': 'UNDELIVERED',
			'48500000406': 'FAILED',
			'48500000009': 'REJECTED',
			'48500000002': 'UNKNOWN',
			'48500000001': 'DELIVERED',
		});
		expect(body.count).toBe(5);
	});

	test('withheld final report: numbers ending in 409, or a "withhold" rule, get the intermediate report and nothing after it', async () => {
		await control(emu, 'account', { intermediateReports: true, callbackUrls: { dlr: receiver.url } });
		await control(emu, 'delivery', { number: '48500000002', status: 'withhold' });
		await sendJson({ to: '48500000409,48500000002,48500000001', message: 'x' });
		await waitFor(() => (receiver.calls.flatMap((c) => reportsOf(c.url)).some((r) => r.status_name === 'DELIVERED') ? true : undefined));
		// Well past the delivery time of the delivered one: the other two stay without a final report.
		await sleep(300);
		const byNumber = new Map<string, string[]>();
		for (const report of receiver.calls.flatMap((c) => reportsOf(c.url)))
			byNumber.set(report.to, [...(byNumber.get(report.to) ?? []), report.status_name]);
		expect(Object.fromEntries(byNumber)).toEqual({
			'48500000409': ['ACCEPTED'],
			'48500000002': ['ACCEPTED'],
			'48500000001': ['ACCEPTED', 'DELIVERED'],
		});
		expect((await request(`${emu.primaryUrl}/__control/delivery`, { method: 'POST', body: JSON.stringify({ number: '1', status: 'later' }), headers: { 'content-type': 'application/json' } })).status).toBe(400);
	});

	test('control /dlr reports now with a chosen status; intermediate ACCEPTED when enabled', async () => {
		await control(emu, 'account', { dlrDelayMs: 60000, callbackUrls: { dlr: receiver.url } });
		const body = await sendJson({ to: '48500000001', message: 'x' });
		await sleep(80);
		expect(receiver.calls).toHaveLength(0);
		const emitted = await control(emu, 'dlr', { ids: [body.list[0].id], status: 405 });
		expect(emitted).toEqual({ count: 1, ids: [body.list[0].id] });
		const [call] = await receiver.waitFor(1);
		expect(call.url.searchParams.get('status')).toBe('405');
		expect(call.url.searchParams.get('status_name')).toBe('UNDELIVERED');

		await control(emu, 'account', { dlrDelayMs: 20, intermediateReports: true });
		await sendJson({ to: '48500000002', message: 'x' });
		const later = () => receiver.calls.slice(1).flatMap((c) => reportsOf(c.url));
		await waitFor(() => (later().length >= 2 ? true : undefined));
		expect(later().map((r) => [r.to, r.status])).toEqual([
			['48500000002', '410'],
			['48500000002', '404'],
		]);
	});

	test('callbacks go to loopback only: other hosts are recorded as blocked', async () => {
		await sendJson({ to: '48500000001', message: 'x', notify_url: 'https://example.com/dlr' });
		const log = await waitFor(() => (emu.state.callbackLog.length > 0 ? emu.state.callbackLog : undefined));
		expect(log[0]).toMatchObject({ url: 'https://example.com/dlr', ok: false, responseStatus: null });
		expect(log[0].error).toMatch(/^blocked/);
		await sleep(100);
		expect(emu.state.callbackLog).toHaveLength(1);
	});

	test('stop() ends callback loops', async () => {
		const other = await startTestEmulator({ callbackMaxAttempts: 50 });
		receiver.answers = [{ status: 200, body: 'NO' }];
		await post(`${other.primaryUrl}/sms.do`, { to: '48500000001', message: 'x', notify_url: receiver.url });
		await receiver.waitFor(1);
		await other.stop();
		const seen = receiver.calls.length;
		await sleep(250);
		expect(receiver.calls.length).toBe(seen);
	});
});

describe('other events', () => {
	const registerMo = (url: string, receiver: Record<string, string>) =>
		request(`${emu.primaryUrl}/callbacks`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ type: 'sms_mo', url, ...receiver }),
		});

	test('inbound message: POST form UTF-8 to the sms_mo URL registered through /callbacks', async () => {
		const registered = await registerMo(receiver.url, { receiver_type: 'all' });
		expect(registered.status).toBe(201);
		const result = await control(emu, 'inbound', { from: '48500000001', text: 'Zażółć & co', date: 1700000000 });
		expect(result.results).toEqual([expect.objectContaining({ ok: true, attempts: 1, status: 200 })]);
		const [call] = receiver.calls;
		expect(call.method).toBe('POST');
		expect(call.contentType).toMatch(/^application\/x-www-form-urlencoded; charset=utf-8/);
		expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
			sms_to: '48799599599',
			sms_from: '48500000001',
			sms_text: 'Zażółć & co',
			sms_date: '1700000000',
			username: 'demo',
			MsgId: result.msgId,
		});
	});

	test('inbound message: only callbacks whose receiver takes the message are called (all, number, 2way)', async () => {
		await registerMo(`${receiver.url}?r=all`, { receiver_type: 'all' });
		await registerMo(`${receiver.url}?r=number`, { receiver_type: 'number', receiver_number: '48799599599' });
		await registerMo(`${receiver.url}?r=2way`, { receiver_type: '2way' });
		await control(emu, 'inbound', { from: '48500000001', text: 'to the main number' });
		await control(emu, 'inbound', { from: '48500000001', text: 'to another number', to: '48799000000' });
		const heard = receiver.calls.map((call) => `${call.url.searchParams.get('r')}: ${new URLSearchParams(call.body).get('sms_text')}`);
		expect(heard.sort()).toEqual(['all: to another number', 'all: to the main number', 'number: to the main number']);
	});

	test('short-link click: GET with the message id, idx and link suffix', async () => {
		await control(emu, 'account', { callbackUrls: { click: receiver.url } });
		const body = await sendJson({ to: '48500000001', message: 'Go [%goto:https://example.com%]', idx: 'promo1' });
		const id = body.list[0].id;
		const result = await control(emu, 'click', { msgId: id, device: 'desktop' });
		expect(result.results[0].ok).toBe(true);
		const call = receiver.calls.find((c) => c.url.searchParams.has('suffix'))!;
		const q = Object.fromEntries(call.url.searchParams);
		expect(q).toMatchObject({
			MsgId: id,
			MsgIdx: 'promo1',
			suffix: emu.state.messages[0].shortLinks[0].suffix,
			to: '48500000001',
			device: 'desktop',
			username: 'demo',
		});
		expect(q.click_date).toMatch(/^\d{10}$/);
		expect(Object.keys(q).sort()).toEqual(
			['MsgId', 'MsgIdx', 'suffix', 'to', 'click_date', 'device', 'operating_system', 'browser', 'username', 'ip'].sort(),
		);
		await expect(control(emu, 'click', { msgId: '1' })).rejects.toThrow(/404/);
	});

	test('hlr.do: one number -> object, several -> array with per-number errors, price string, callback JSON array', async () => {
		await control(emu, 'account', { callbackUrls: { hlr: receiver.url } });
		const single = (await request(`${emu.primaryUrl}/hlr.do?number=48500000001&format=json&idx=abc1`)).json();
		expect(single).toEqual({ status: 'OK', number: '48500000001', id: expect.any(String), price: '0.1000' });
		const several = (await post(`${emu.primaryUrl}/hlr.do`, { number: '48500000002,48500,48221234567', format: 'json' })).json();
		expect(Array.isArray(several)).toBe(true);
		expect(several[1]).toEqual({ error: 13, number: '48500', status: 'ERROR' });
		expect(several[0].status).toBe('OK');
		expect(emu.state.account.points).toBeCloseTo(100 - 0.3, 6);

		await receiver.waitFor(2);
		const first = JSON.parse(receiver.calls[0].body);
		expect(receiver.calls[0].method).toBe('POST');
		expect(receiver.calls[0].contentType).toMatch(/^application\/json/);
		expect(first).toEqual([
			{
				id: single.id,
				number: '48500000001',
				mcc: '260',
				mnc: expect.any(String),
				info: expect.any(String),
				status: 'OK',
				date: expect.any(Number),
				ported: 0,
				ported_from: null,
				idx: 'abc1',
			},
		]);
		const second = JSON.parse(receiver.calls[1].body);
		expect(second.map((e: { number: string; status: string }) => [e.number, e.status])).toEqual([
			['48500000002', 'OK'],
			['48221234567', 'FAIL'],
		]);
	});

	test('hlr.do text answers, limits and the form-encoded callback variant', async () => {
		await control(emu, 'account', { callbackUrls: { hlr: receiver.url }, hlrCallbackFormat: 'form' });
		const textReply = await request(`${emu.primaryUrl}/hlr.do?number=48500000001,123`);
		expect(textReply.text).toMatch(/^OK:48500000001:[0-9a-f]+:0\.1000;ERROR:123:13;$/);
		const tooMany = Array.from({ length: 21 }, (_, i) => `485000000${String(i).padStart(2, '0')}`).join(',');
		expect((await request(`${emu.primaryUrl}/hlr.do?number=${tooMany}`)).text).toBe('ERROR:19');
		expect((await request(`${emu.primaryUrl}/hlr.do?number=48500000001&idx=bad-idx!`)).text).toBe('ERROR:76');
		const [call] = await receiver.waitFor(1);
		const form = new URLSearchParams(call.body);
		expect(form.get('0[number]')).toBe('48500000001');
		expect(form.get('0[status]')).toBe('OK');
	});
});
