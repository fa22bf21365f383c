import type { Emulator } from './index';
import { control, PASSWORD_MD5, post, request, startReceiver, startTestEmulator, TOKEN, waitFor } from './helpers';

let emu: Emulator;

beforeAll(async () => {
	emu = await startTestEmulator();
});
afterAll(async () => {
	await emu.stop();
});
beforeEach(() => emu.reset());

const sms = (params: Record<string, string | number>, url = emu.primaryUrl) => post(`${url}/sms.do`, params);
const sendJson = async (params: Record<string, string | number>, url = emu.primaryUrl) =>
	(await sms({ format: 'json', ...params }, url)).json();
const nowS = () => Math.floor(Date.now() / 1000);

describe('sms.do success answers', () => {
	test('text answer for one recipient is OK:<19-digit id>:<points> and charges the account', async () => {
		const reply = await sms({ to: '500000000', message: 'Hello' });
		expect(reply.status).toBe(200);
		expect(reply.text).toMatch(/^OK:\d{19}:0\.165$/);
		expect(emu.state.messages).toHaveLength(1);
		expect(emu.state.messages[0]).toMatchObject({ number: '48500000000', submittedNumber: '500000000', sender: 'Test' });
		expect(emu.state.account.points).toBeCloseTo(100 - 0.165, 6);
	});

	test('text answer for several recipients ends every entry with a semicolon', async () => {
		const reply = await sms({ to: '48500000001,48500000002', message: 'Hello' });
		expect(reply.text).toMatch(/^OK:\d{19}:0\.165:48500000001;OK:\d{19}:0\.165:48500000002;$/);
	});

	test('JSON answer carries the documented fields with points as numbers', async () => {
		const body = await sendJson({ to: '500000000,48500000001', message: 'Hello', idx: 'a|b' });
		expect(body.count).toBe(2);
		expect(body.list[0]).toEqual({
			id: expect.stringMatching(/^\d{19}$/),
			points: 0.165,
			number: '48500000000',
			date_sent: expect.any(Number),
			submitted_number: '500000000',
			status: 'QUEUE',
			error: null,
			idx: 'a',
			parts: 1,
		});
		expect(body.list[1].idx).toBe('b');
		expect(body.message).toBeUndefined();
	});

	test('details=1 adds message, length and parts of the first message', async () => {
		const body = await sendJson({ to: '500000000', message: 'Zażółć', details: 1 });
		expect(body).toMatchObject({ message: 'Zażółć', length: 6, parts: 1 });
	});

	test('a JSON body is accepted on sms.do', async () => {
		const reply = await request(`${emu.primaryUrl}/sms.do`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ to: '500000000,500000001', message: 'From JSON', format: 'json', fast: true }),
		});
		const body = reply.json();
		expect(body.count).toBe(2);
		expect(body.list[0].points).toBeCloseTo(0.2475, 6);
	});

	test('GET with access_token and a legacy md5 login are accepted; wrong ones give 101/102', async () => {
		const ok = await request(`${emu.primaryUrl}/sms.do?access_token=${TOKEN}&to=500000000&message=x`, { auth: false });
		expect(ok.text).toMatch(/^OK:/);
		const legacy = await post(`${emu.backupUrl}/sms.do`, { username: 'demo', password: PASSWORD_MD5, to: '500000000', message: 'x' }, {});
		expect(legacy.text).toMatch(/^OK:/);
		const plain = await post(`${emu.primaryUrl}/sms.do`, { username: 'demo', password: 'demo-password', to: '500000000', message: 'x' }, {});
		expect(plain.text).toBe('ERROR:102');
		const none = await post(`${emu.primaryUrl}/sms.do`, { to: '500000000', message: 'x', format: 'json' }, {});
		expect(none.status).toBe(200);
		expect(none.json()).toEqual({ error: 101, message: 'Authorization failed' });
		const wrong = await post(`${emu.primaryUrl}/sms.do`, { to: '500000000', message: 'x' }, { Authorization: 'Bearer nope' });
		expect(wrong.text).toBe('ERROR:101');
		expect(emu.state.messages).toHaveLength(2);
	});
});

describe('sms.do errors of the service', () => {
	test('no valid number: HTTP 200 with error 13 and invalid_numbers', async () => {
		const reply = await sms({ to: '123,48221234567,4850000000a', message: 'x', format: 'json' });
		expect(reply.status).toBe(200);
		const body = reply.json();
		expect(body.error).toBe(13);
		expect(body.message).toBe('No correct phone numbers');
		expect(body.invalid_numbers.map((n: { submitted_number: string }) => n.submitted_number)).toEqual([
			'123',
			'48221234567',
			'4850000000a',
		]);
		expect(body.invalid_numbers[0]).toMatchObject({ number: '123', message: expect.any(String) });
		expect((await sms({ to: '123', message: 'x' })).text).toBe('ERROR:13');
		expect(emu.state.messages).toHaveLength(0);
	});

	test('invalid numbers are skipped when others are valid', async () => {
		const body = await sendJson({ to: '123,500000000,48221234567', message: 'x' });
		expect(body.count).toBe(1);
		expect(body.list[0].number).toBe('48500000000');
		expect(body.invalid_numbers).toHaveLength(2);
	});

	test('103 when the total exceeds the credits: nothing sent, credits unchanged', async () => {
		await control(emu, 'account', { credits: 0.3 });
		const reply = await sms({ to: '500000001,500000002', message: 'x', format: 'json' });
		expect(reply.json()).toEqual({ error: 103, message: expect.any(String) });
		expect(emu.state.messages).toHaveLength(0);
		const profile = (await request(`${emu.primaryUrl}/profile`)).json();
		expect(profile.points).toBe(0.3);
		expect((await sms({ to: '500000001', message: 'x' })).text).toMatch(/^OK:/);
	});

	test('53 on a repeated idx with check_idx=1, also from primary to backup', async () => {
		expect((await sms({ to: '500000001', message: 'x', idx: 'order-1', check_idx: 1 })).text).toMatch(/^OK:/);
		expect((await sms({ to: '500000001', message: 'x', idx: 'order-1', check_idx: 1 }, emu.backupUrl)).text).toBe('ERROR:53');
		expect((await sms({ to: '500000001', message: 'x', idx: 'order-1', check_idx: 1, format: 'json' })).json().error).toBe(53);
		// without check_idx the repeat is allowed; primary and backup share one state
		expect((await sms({ to: '500000001', message: 'x', idx: 'order-1' }, emu.backupUrl)).text).toMatch(/^OK:/);
		expect(emu.state.messages.map((m) => m.address)).toEqual(['primary', 'backup']);
	});

	test('105 from an address outside the whitelist', async () => {
		await control(emu, 'account', { whitelist: ['10.1.2.3'] });
		expect((await sms({ to: '500000001', message: 'x' })).text).toBe('ERROR:105');
		expect((await sms({ to: '500000001', message: 'x', format: 'json' }, emu.backupUrl)).json().error).toBe(105);
		expect((await request(`${emu.primaryUrl}/profile`)).status).toBe(403);
		expect(emu.state.messages).toHaveLength(0);
		await control(emu, 'account', { whitelist: '10.1.2.3;127.0.0.1' });
		expect((await sms({ to: '500000001', message: 'x' })).text).toMatch(/^OK:/);
	});
});

describe('parts and cost', () => {
	const cases: Array<[string, number, string]> = [
		['160 GSM-7 characters', 1, 'a'.repeat(160)],
		['161 GSM-7 characters', 2, 'a'.repeat(161)],
		['306 GSM-7 characters', 2, 'a'.repeat(306)],
		['307 GSM-7 characters', 3, 'a'.repeat(307)],
		['159 + an extension character (counts twice)', 2, `${'a'.repeat(159)}€`],
		['918 GSM-7 characters', 6, 'a'.repeat(918)],
		['70 UCS-2 characters', 1, `ż${'a'.repeat(69)}`],
		['71 UCS-2 characters', 2, `ż${'a'.repeat(70)}`],
		['134 UCS-2 characters', 2, `ż${'a'.repeat(133)}`],
		['135 UCS-2 characters', 3, `ż${'a'.repeat(134)}`],
		['402 UCS-2 characters', 6, `ż${'a'.repeat(401)}`],
	];
	test.each(cases)('%s -> %i part(s), 0.165 per part', async (_, parts, message) => {
		const body = await sendJson({ to: '500000000', message });
		expect(body.list[0].parts).toBe(parts);
		expect(body.list[0].points).toBeCloseTo(0.165 * parts, 6);
		expect(emu.state.account.points).toBeCloseTo(100 - 0.165 * parts, 6);
	});

	test("more parts than the account's max_parts (6 unless set) is error 12; a request's max_parts up to 10 applies instead", async () => {
		expect(emu.state.account.defaultMaxParts).toBe(6);
		expect((await sms({ to: '500000000', message: 'a'.repeat(919) })).text).toBe('ERROR:12');
		expect((await sms({ to: '500000000', message: 'a'.repeat(918) })).text).toMatch(/^OK:/);
		const seven = await sendJson({ to: '500000000', message: 'a'.repeat(919), max_parts: 7 });
		expect(seven.list[0].parts).toBe(7);
		const ten = await sendJson({ to: '500000000', message: `ż${'a'.repeat(669)}`, max_parts: 10 });
		expect(ten.list[0].parts).toBe(10);
		expect((await sms({ to: '500000000', message: 'a'.repeat(307), max_parts: 2 })).text).toBe('ERROR:12');
		expect((await sms({ to: '500000000', message: 'a'.repeat(306), max_parts: 2 })).text).toMatch(/^OK:/);
		expect((await sms({ to: '500000000', message: 'a'.repeat(161), single: 1 })).text).toBe('ERROR:12');
	});

	test('the account setting: raised to 10 in the portal, 10 parts go without max_parts; 0 or 11 is refused', async () => {
		await expect(control(emu, 'account', { defaultMaxParts: 11 })).rejects.toThrow(/400/);
		await control(emu, 'account', { defaultMaxParts: 10 });
		const body = await sendJson({ to: '500000000', message: 'a'.repeat(1530) });
		expect(body.list[0].parts).toBe(10);
		await control(emu, 'account', { defaultMaxParts: 2 });
		expect((await sms({ to: '500000000', message: 'a'.repeat(307) })).text).toBe('ERROR:12');
	});

	test('more than 10 parts is too long (error 11), whatever max_parts says', async () => {
		expect((await sms({ to: '500000000', message: 'a'.repeat(1531), max_parts: 10 })).text).toBe('ERROR:11');
		expect((await sms({ to: '500000000', message: `ż${'a'.repeat(670)}`, max_parts: 10 })).text).toBe('ERROR:11');
	});

	test('nounicode refuses special characters (11); normalize replaces them; flash refuses them (17)', async () => {
		expect((await sms({ to: '500000000', message: 'Zażółć', nounicode: 1 })).text).toBe('ERROR:11');
		expect((await sms({ to: '500000000', message: 'Zażółć', flash: 1 })).text).toBe('ERROR:17');
		const body = await sendJson({ to: '500000000', message: 'Zażółć gęślą jaźń Łódź', normalize: 1, nounicode: 1 });
		expect(emu.state.messages[0].text).toBe('Zazolc gesla jazn Lodz');
		expect(emu.state.messages[0].encoding).toBe('gsm');
		expect(body.list[0].parts).toBe(1);
	});

	test('fast=1 costs 150%', async () => {
		const body = await sendJson({ to: '500000000,500000001', message: 'a'.repeat(200), fast: 1 });
		expect(body.list[0].points).toBeCloseTo(0.165 * 2 * 1.5, 6);
		expect(emu.state.account.points).toBeCloseTo(100 - 2 * 0.495, 6);
		expect(emu.state.messages[0].fast).toBe(true);
	});

	test('test=1 answers but creates no message and charges nothing', async () => {
		const reply = await sms({ to: '500000000', message: 'x', test: 1, idx: 'x1', check_idx: 1 });
		expect(reply.text).toMatch(/^OK:\d{19}:0\.165$/);
		expect(emu.state.messages).toHaveLength(0);
		expect(emu.state.account.points).toBe(100);
		expect(emu.state.testSends).toHaveLength(1);
		// the idx of a test send is not used up
		expect((await sms({ to: '500000000', message: 'x', idx: 'x1', check_idx: 1 })).text).toMatch(/^OK:/);
	});

	test('binary messages need a hex UDH (30)', async () => {
		expect((await sms({ to: '500000000', message: '48656c6c6f', datacoding: 'bin' })).text).toBe('ERROR:30');
		expect((await sms({ to: '500000000', message: '48656c6c6f', datacoding: 'bin', udh: '050003010201' })).text).toMatch(/^OK:/);
		expect(emu.state.messages[0].encoding).toBe('bin');
		expect((await sms({ to: '500000000', message: 'aa', datacoding: 'bin', udh: '0500', normalize: 1 })).text).toBe('ERROR:25');
	});
});

describe('the encoding of a send with parameters (templateEncoding)', () => {
	// 100 GSM-7 characters of fixed text, then the value: a Polish name makes the expanded text 106
	// characters, 2 parts in UCS-2; the template alone needs GSM-7 only (1 part).
	const fixed = `${'a'.repeat(99)} `;
	const send = () => sendJson({ to: '48500000001,48500000002', message: `${fixed}[%1%]`, param1: 'Łucja|Lucja', details: 1, test: 1 });

	test('expandedText (the default): each message in the encoding its own text needs', async () => {
		expect(emu.state.account.templateEncoding).toBe('expandedText');
		const body = await send();
		expect(body.list.map((entry: { parts: number }) => entry.parts)).toEqual([2, 1]);
		expect(body.message).toBe(`${fixed}Łucja`);
	});

	test('template: by the message as sent, a plain template in GSM-7, the values\' other characters as ?', async () => {
		await control(emu, 'account', { templateEncoding: 'template' });
		const body = await send();
		expect(body.list.map((entry: { parts: number }) => entry.parts)).toEqual([1, 1]);
		expect(body.message).toBe(`${fixed}?ucja`);
		// A template that needs Unicode itself: every message in UCS-2, as it is.
		const unicode = await sendJson({ to: '48500000001', message: 'Cześć [%1%]', param1: 'Łucja', details: 1, test: 1 });
		expect(unicode.message).toBe('Cześć Łucja');
		// Without parameters nothing changes.
		expect((await sendJson({ to: '48500000001', message: 'Hi Łucja', details: 1, test: 1 })).message).toBe('Hi Łucja');
		await expect(control(emu, 'account', { templateEncoding: 'utf8' })).rejects.toThrow(/400/);
	});
});

describe('parameters and their errors', () => {
	test('sender: inactive 14, active accepted, default Test', async () => {
		expect((await sms({ to: '500000000', message: 'x', from: 'NewBrand' })).text).toBe('ERROR:14');
		expect((await sms({ to: '500000000', message: 'x', from: 'Unknown' })).text).toBe('ERROR:14');
		expect((await sms({ to: '500000000', message: 'x', from: 'MyShop' })).text).toMatch(/^OK:/);
		await control(emu, 'senders/activate', { name: 'NewBrand' });
		expect((await sms({ to: '500000000', message: 'x', from: 'NewBrand' })).text).toMatch(/^OK:/);
		expect(emu.state.messages.map((m) => m.sender)).toEqual(['MyShop', 'NewBrand']);
	});

	test('personalisation with pipe-separated params; count mismatch 18; idx mismatch 20; long idx 27', async () => {
		const body = await sendJson({ to: '500000001,500000002', message: 'Hi [%1%], code [%2%]', param1: 'Anna|Jan', param2: '11|22' });
		expect(body.count).toBe(2);
		expect(emu.state.messages.map((m) => m.text)).toEqual(['Hi Anna, code 11', 'Hi Jan, code 22']);
		expect((await sms({ to: '500000001,500000002', message: 'Hi [%1%]', param1: 'Anna' })).text).toBe('ERROR:18');
		expect((await sms({ to: '500000001,500000002', message: 'Hi', idx: 'only-one' })).text).toBe('ERROR:20');
		expect((await sms({ to: '500000001', message: 'Hi', idx: 'x'.repeat(256) })).text).toBe('ERROR:27');
		const many = Array.from({ length: 101 }, (_, i) => `5000001${String(i).padStart(2, '0')}`);
		expect((await sms({ to: many.join(','), message: 'Hi [%1%]', param1: many.join('|') })).text).toBe('ERROR:19');
		expect(emu.state.messages).toHaveLength(2);
	});

	test('templates with params; unknown template 104', async () => {
		await sendJson({ to: '500000001', template: 'welcome', param1: 'Anna', param2: 'Our Shop' });
		expect(emu.state.messages[0].text).toBe('Hello Anna, welcome to Our Shop!');
		expect((await sms({ to: '500000001', template: 'missing' })).text).toBe('ERROR:104');
	});

	test('group sends use contacts and their fields; missing 40, empty 41, params with group 93', async () => {
		const body = await sendJson({ group: 'customers', message: 'Hi [%contact.first_name%] ([%contact.loyalty_level%])' });
		expect(body.count).toBe(3);
		expect(emu.state.messages.map((m) => m.text)).toEqual(['Hi Anna (gold)', 'Hi Jan (silver)', 'Hi Piotr (bronze)']);
		expect((await sms({ group: 'nope', message: 'x' })).text).toBe('ERROR:40');
		expect((await sms({ group: 'empty', message: 'x' })).text).toBe('ERROR:41');
		expect((await sms({ group: 'customers', message: '[%1%]', param1: 'a' })).text).toBe('ERROR:93');
	});

	test('discount codes: one code per recipient; 60 missing, 61 expired, 62 none left', async () => {
		await sendJson({ to: '500000001,500000002', message: 'Code [%code%]', discount_group: 'spring-sale' });
		expect(emu.state.messages.map((m) => m.text)).toEqual(['Code SPRING01', 'Code SPRING02']);
		await sendJson({ to: '500000003', message: 'Code [%code%]', discount_group: 'spring-sale' });
		expect(emu.state.messages[2].text).toBe('Code SPRING03');
		expect((await sms({ to: '500000001', message: '[%code%]', discount_group: 'nope' })).text).toBe('ERROR:60');
		expect((await sms({ to: '500000001', message: '[%code%]', discount_group: 'winter-sale' })).text).toBe('ERROR:61');
		expect((await sms({ to: '500000001', message: '[%code%]', discount_group: 'sold-out' })).text).toBe('ERROR:62');
	});

	test('short links become unique idz.do links; more than 100 recipients is 19', async () => {
		await sendJson({ to: '500000001,500000002', message: 'See [%goto:https://example.com/offer%]' });
		const [a, b] = emu.state.messages;
		expect(a.text).toMatch(/^See http:\/\/idz\.do\/\S{5}$/);
		expect(a.text).not.toBe(b.text);
		expect(a.shortLinks[0].url).toBe('https://example.com/offer');
		const many = Array.from({ length: 101 }, (_, i) => `5000002${String(i).padStart(2, '0')}`);
		expect((await sms({ to: many.join(','), message: '[%goto:https://example.com%]' })).text).toBe('ERROR:19');
	});

	test('duplicates get one message unless allow_duplicates=1', async () => {
		expect((await sendJson({ to: '500000000,48500000000', message: 'x' })).count).toBe(1);
		expect((await sendJson({ to: '500000000,48500000000', message: 'x', allow_duplicates: 1 })).count).toBe(2);
	});

	test('date, date_validate, expiration_date, time_restriction and notify_url checks', async () => {
		expect((await sms({ to: '500000000', message: 'x', date: 'tomorrow', date_validate: 1 })).text).toBe('ERROR:54');
		expect((await sms({ to: '500000000', message: 'x', date: nowS() + 100 * 86400 })).text).toBe('ERROR:50');
		expect((await sms({ to: '500000000', message: 'x', expiration_date: nowS() + 300 })).text).toBe('ERROR:56');
		expect((await sms({ to: '500000000', message: 'x', expiration_date: nowS() + 73 * 3600 })).text).toBe('ERROR:56');
		expect((await sms({ to: '500000000', message: 'x', expiration_date: nowS() + 3600 })).text).toMatch(/^OK:/);
		expect((await sms({ to: '500000000', message: 'x', time_restriction: 'sometimes' })).text).toBe('ERROR:28');
		expect(emu.takeViolations().map((v) => v.problems[0].path)).toEqual(['time_restriction']);
		expect((await sms({ to: '500000000', message: 'x', time_restriction: 'ignore' })).text).toMatch(/^OK:/);
		expect((await sms({ to: '500000000', message: 'x', notify_url: 'ftp://example.com/x' })).text).toBe('ERROR:70');
		// a past date sends at once
		const past = await sendJson({ to: '500000000', message: 'x', date: new Date(Date.now() - 3600e3).toISOString(), date_validate: 1 });
		expect(emu.state.messages.find((m) => m.id === past.list[0].id)?.scheduled).toBe(false);
	});
});

describe('scheduled messages', () => {
	test('a future date (ISO or UNIX) schedules; sch_del deletes and refunds; unknown id 301', async () => {
		const at = nowS() + 3600;
		const body = await sendJson({ to: '500000001,500000002', message: 'later', date: new Date(at * 1000).toISOString(), date_validate: 1 });
		expect(body.list[0].date_sent).toBe(at);
		expect(emu.state.messages.every((m) => m.scheduled && m.scheduledAt === at)).toBe(true);
		expect(emu.state.account.points).toBeCloseTo(100 - 0.33, 6);

		const del = await sendJson({ sch_del: body.list[0].id });
		expect(del).toEqual({ count: 1, list: [{ id: body.list[0].id }] });
		expect(emu.state.messages).toHaveLength(1);
		expect(emu.state.account.points).toBeCloseTo(100 - 0.165, 6);
		expect(await sendJson({ sch_del: body.list[0].id })).toEqual({ error: 301, message: 'Not exists ID message' });
		expect((await sms({ sch_del: body.list[1].id })).text).toBe('OK');
		expect((await sms({ sch_del: '123' })).text).toBe('ERROR:301');
	});

	test('scheduled messages go out on their own when the time comes', async () => {
		const body = await sendJson({ to: '500000001', message: 'soon', date: nowS() + 1 });
		const id = body.list[0].id;
		expect(emu.state.messages[0].status).toBe(409);
		await waitFor(() => (emu.state.messages.find((m) => m.id === id)?.status === 404 ? true : undefined), 4000);
		// once sent it can no longer be deleted
		expect((await sms({ sch_del: id })).text).toBe('ERROR:301');
	});

	test('release through the control API emits bulk start, then delivery reports', async () => {
		const receiver = await startReceiver();
		try {
			await control(emu, 'account', { callbackUrls: { bulk: receiver.url, dlr: receiver.url } });
			await sendJson({ to: '500000001,500000002', message: 'bulk text', date: nowS() + 3600 });
			await new Promise((r) => setTimeout(r, 100));
			expect(receiver.calls).toHaveLength(0);
			const released = await control(emu, 'scheduled/release', {});
			expect(released.count).toBe(2);
			const calls = await receiver.waitFor(2);
			const bulk = calls.find((c) => c.url.searchParams.get('type') === 'SMS');
			expect(Object.fromEntries(bulk!.url.searchParams)).toEqual({
				type: 'SMS',
				all: '2',
				points: '0.33',
				info: 'numbers',
				text: 'bulk text',
			});
			const dlr = calls.find((c) => c.url.searchParams.has('MsgId'));
			expect(dlr!.url.searchParams.get('MsgId')!.split(',')).toHaveLength(2);
		} finally {
			await receiver.close();
		}
	});
});
