import { control, emu, post, postJson, request, startReceiver, takeViolations, useTestEmulator } from './helpers';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;
const get = (path: string) => request(url(path));
const del = (path: string) => request(url(path), { method: 'DELETE' });
const put = (path: string, form: Record<string, string>) =>
	request(url(path), {
		method: 'PUT',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(form).toString(),
	});

describe('one-time codes (/mfa/codes)', () => {
	test('send (JSON) answers 201 with the code; verify answers 204 once, then 404; a wrong code 404', async () => {
		const sent = await postJson(url('/mfa/codes'), { phone_number: '48500000001', content: 'Code: [%code%]' });
		expect(sent.status).toBe(201);
		const { code } = sent.json();
		expect(code).toMatch(/^\d{6}$/);
		const wrong = code === '000000' ? '111111' : '000000';
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000001', code: wrong })).status).toBe(404);
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000001', code })).status).toBe(204);
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000001', code })).status).toBe(404);
	});

	test('an expired code answers 408; a landline 400; content without [%code%] 400; a form body 415', async () => {
		const { code } = (await postJson(url('/mfa/codes'), { phone_number: '48500000002' })).json();
		await control(emu, 'mfa/expire', { phoneNumber: '48500000002' });
		expect((await post(url('/mfa/codes/verifications'), { phone_number: '48500000002', code })).status).toBe(408);
		const landline = await postJson(url('/mfa/codes'), { phone_number: '48221234567' });
		expect(landline.status).toBe(400);
		expect(landline.json().error).toBe('invalid_phone_number');
		expect((await postJson(url('/mfa/codes'), { phone_number: '48500000001', content: 'no code' })).status).toBe(400);
		expect((await post(url('/mfa/codes'), { phone_number: '48500000001' })).status).toBe(415);
		takeViolations(emu);
	});
});

describe('blacklist', () => {
	test('add, conflict, search with paging, delete by id and by number, clear', async () => {
		const added = await post(url('/blacklist/phone_numbers'), { phone_number: '48500000001', expire_at: '2030-01-31' });
		expect(added.status).toBe(201);
		expect(added.json()).toMatchObject({ phone_number: '48500000001', expire_at: '2030-01-31', id: expect.any(String) });
		expect((await post(url('/blacklist/phone_numbers'), { phone_number: '48500000001' })).status).toBe(409);
		for (let i = 2; i <= 7; i++) await postJson(url('/blacklist/phone_numbers'), { phone_number: `4850000000${i}` });
		const page = (await get('/blacklist/phone_numbers')).json();
		expect(page.size).toBe(7);
		expect(page.collection).toHaveLength(5);
		expect((await get('/blacklist/phone_numbers?q=48500000007&offset=0&limit=10')).json().size).toBe(1);
		expect((await del(`/blacklist/phone_numbers/${added.json().id}`)).status).toBe(204);
		expect((await del(`/blacklist/phone_numbers/${added.json().id}`)).status).toBe(404);
		expect((await del('/blacklist/phone_numbers?phone_number=48500000002')).status).toBe(204);
		expect((await get('/blacklist/phone_numbers')).json().size).toBe(5);
		expect((await del('/blacklist/phone_numbers')).status).toBe(204);
		expect((await get('/blacklist/phone_numbers')).json().size).toBe(0);
	});
});

describe('short links', () => {
	test('create (named, expiring), 409 for the same name, get, update, clicks by day range and link, delete', async () => {
		const created = await post(url('/short_url/links'), { url: 'https://example.com/a', name: 'sale', expire_time: 7, expire_unit: 'days' });
		expect(created.status).toBe(201);
		const link = created.json();
		expect(link).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: 'sale', short_url: 'http://idz.do/sale', hits: 0 });
		expect((await post(url('/short_url/links'), { url: 'https://example.com/b', name: 'sale' })).status).toBe(409);
		expect((await put(`/short_url/links/${link.id}`, { url: 'https://example.com/c' })).json().url).toBe('https://example.com/c');
		await control(emu, 'short-link-click', { id: link.id, phoneNumber: '48500000001' });
		await control(emu, 'short-link-click', { id: link.id, phoneNumber: '48500000001' });
		expect((await get(`/short_url/links/${link.id}`)).json()).toMatchObject({ hits: 2, hits_unique: 1 });
		const today = new Date().toISOString().slice(0, 10);
		const clicks = (await get(`/short_url/clicks?date_from=${today}&date_to=${today}&links[]=${link.id}`)).json();
		expect(clicks.size).toBe(2);
		expect(clicks.collection[0]).toMatchObject({ phone_number: '48500000001', name: 'sale', short_url: 'http://idz.do/sale' });
		expect((await get('/short_url/clicks?date_from=2000-01-01&date_to=2000-01-02')).json().size).toBe(0);
		expect((await del(`/short_url/links/${link.id}`)).status).toBe(204);
		expect((await get(`/short_url/links/${link.id}`)).status).toBe(404);
	});
});

describe('templates and sub-users over REST', () => {
	test('template create, 409 for its name, update, delete', async () => {
		const created = await post(url('/sms/templates'), { name: 'shipping', template: 'Order [%1%] shipped', normalize: 1 });
		expect(created.status).toBe(201);
		expect(created.json()).toMatchObject({ name: 'shipping', normalize: true });
		expect((await post(url('/sms/templates'), { name: 'shipping', template: 'x' })).status).toBe(409);
		expect((await put(`/sms/templates/${created.json().id}`, { template: 'Order [%1%] sent' })).json().template).toBe('Order [%1%] sent');
		expect((await del(`/sms/templates/${created.json().id}`)).status).toBe(204);
		expect((await del(`/sms/templates/${created.json().id}`)).status).toBe(404);
	});

	test('sub-users are listed with ids, searched with q and deleted by id', async () => {
		const list = (await get('/subusers?q=SHOP')).json();
		expect(list.collection).toEqual([
			{ id: expect.stringMatching(/^[0-9a-f]{24}$/), username: 'demo_shop', active: true, description: 'Shop branch', points: { from_account: 50, per_month: 10 } },
		]);
		expect((await del(`/subusers/${list.collection[0].id}`)).status).toBe(204);
		expect((await get('/subusers')).json().size).toBe(0);
		expect((await del(`/subusers/${list.collection[0].id}`)).status).toBe(404);
	});
});

describe('mms.do and vms.do', () => {
	test('MMS: idx, check_idx (53 on a repeat), invalid numbers skipped, delivery reports to mms_dlr callbacks only', async () => {
		const receiver = await startReceiver();
		try {
			await postJson(url('/callbacks'), { type: 'mms_dlr', url: receiver.url });
			const smil = '<smil><body><par><img src="https://example.com/a.jpg"/></par></body></smil>';
			const params = { to: '48500000001,48221234567', subject: 'Hi', smil, idx: 'a|b', check_idx: 1, format: 'json' };
			const sent = (await post(url('/mms.do'), params)).json();
			expect(sent).toMatchObject({ count: 1, list: [{ number: '48500000001', points: 0.3, idx: 'a' }], invalid_numbers: [{ submitted_number: '48221234567' }] });
			expect((await post(url('/mms.do'), params)).json()).toMatchObject({ error: 53 });
			await control(emu, 'dlr', {});
			await control(emu, 'idle', {});
			const [report] = await receiver.waitFor(1);
			expect(report.url.searchParams.get('MsgId')).toBe(sent.list[0].id);
			const log = await control(emu, 'callbacks');
			expect(log.map((entry: { type: string }) => entry.type)).toEqual(['mms_dlr']);
			expect((await post(url('/mms.do'), { to: '48500000001', subject: 'Hi', smil: 'not smil', format: 'json' })).json()).toMatchObject({ error: 11 });
		} finally {
			await receiver.close();
		}
	});

	test('VMS: text to speech or a file, not both; an unknown lector is refused', async () => {
		expect((await post(url('/vms.do'), { to: '48500000001', tts: 'Hello', tts_lector: 'maja', format: 'json' })).json()).toMatchObject({
			count: 1,
			list: [{ points: 0.21 }],
		});
		expect((await post(url('/vms.do'), { to: '48500000001', file: 'https://example.com/a.wav', format: 'json' })).json()).toMatchObject({ count: 1 });
		expect((await post(url('/vms.do'), { to: '48500000001', tts: 'Hello', tts_lector: 'robot', format: 'json' })).json()).toMatchObject({ error: 11 });
		const both = await post(url('/vms.do'), { to: '48500000001', tts: 'Hello', file: 'https://example.com/a.wav', format: 'json' });
		expect(both.json()).toMatchObject({ error: expect.any(Number) });
		expect(takeViolations(emu).length).toBe(1);
	});

	test('inbound MMS goes to the mms_mo callbacks', async () => {
		const receiver = await startReceiver();
		try {
			await postJson(url('/callbacks'), { type: 'mms_mo', url: receiver.url, receiver_type: 'all' });
			await control(emu, 'inbound-mms', { from: '48500000001', subject: 'Photo', attachments: ['https://example.com/p.jpg'] });
			const [call] = await receiver.waitFor(1);
			const form = new URLSearchParams(call.body);
			expect(form.get('sms_from')).toBe('48500000001');
			expect(form.get('mms_subject')).toBe('Photo');
			expect(form.get('mms_attachments')).toBe('https://example.com/p.jpg');
		} finally {
			await receiver.close();
		}
	});
});
