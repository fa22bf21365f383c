import type { Emulator } from './index';
import { md5 } from './index';
import { control, post, request, startTestEmulator, takeViolations } from './helpers';

let emu: Emulator;

beforeAll(async () => {
	emu = await startTestEmulator();
});
afterAll(async () => {
	await emu.stop();
});
beforeEach(() => emu.reset());
// Requests sent on purpose against the published API are taken where they are made; any other fails the file.
afterEach(() => expect(takeViolations(emu)).toEqual([]));

const get = (path: string) => request(`${emu.primaryUrl}${path}`);
const names = (collection: Array<{ first_name: string }>) => collection.map((c) => c.first_name);

describe('profile, ping and authentication', () => {
	test('GET /profile answers the profile; a bad token gets 401 authorization_failed', async () => {
		const profile = await get('/profile');
		expect(profile.status).toBe(200);
		expect(profile.json()).toEqual({
			name: 'Demo Company',
			email: 'demo@example.com',
			username: 'demo',
			phone_number: expect.any(String),
			payment_type: 'prepaid',
			user_type: 'native',
			points: 100,
		});
		const denied = await request(`${emu.primaryUrl}/profile`, { headers: { Authorization: 'Bearer wrong' } });
		expect(denied.status).toBe(401);
		expect(denied.json()).toEqual({
			message: expect.any(String),
			error: 'authorization_failed',
			developer_description: null,
			errors: null,
		});
	});

	test('GET /ping tells whether the credentials work', async () => {
		expect((await get('/ping')).json()).toEqual({ authorized: true, unavailable: [] });
		const anonymous = await request(`${emu.backupUrl}/ping`, { auth: false });
		expect(anonymous.status).toBe(200);
		expect(anonymous.json()).toEqual({ authorized: false, unavailable: [] });
	});
});

describe('contacts', () => {
	test('list: default limit 5, size is the total, offset and order_by (sort is not in the published API)', async () => {
		const first = (await get('/contacts')).json();
		expect(first.size).toBe(6);
		expect(first.collection).toHaveLength(5);
		const rest = (await get('/contacts?offset=5')).json();
		expect(names(rest.collection)).toEqual(['Eva']);
		const sorted = await get('/contacts?sort=-birthday_date&limit=3');
		expect(sorted.status).toBe(400);
		expect(sorted.json()).toMatchObject({ error: 'invalid_request_data', errors: [{ path: 'sort', error: 'unknown_field' }] });
		expect(takeViolations(emu)).toEqual(['GET /contacts: sort']);
		expect((await get('/contacts?order_by=birthday_date')).status).toBe(400);
		expect(takeViolations(emu)).toEqual(['GET /contacts: order_by']);
		const byName = (await get('/contacts?order_by=last_name&limit=10')).json();
		expect(byName.collection.map((c: { last_name: string }) => c.last_name)).toEqual([
			'Kowalska',
			'Nowak',
			'Smith',
			'Svensson',
			'Wisniewski',
			'Wojcik',
		]);
	});

	test('contact shape with groups', async () => {
		const anna = (await get('/contacts?phone_number=48500000001')).json().collection[0];
		expect(anna).toMatchObject({
			id: expect.stringMatching(/^[0-9a-f]{24}$/),
			first_name: 'Anna',
			last_name: 'Kowalska',
			birthday_date: '1990-04-12',
			phone_number: '48500000001',
			email: 'anna.kowalska@example.com',
			gender: 'female',
			city: 'Warszawa',
			country: 'Poland',
			date_created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
			loyalty_level: 'gold',
		});
		expect(anna.groups.map((g: { name: string }) => g.name)).toEqual(['customers', 'vip']);
		expect(anna.groups[0]).toMatchObject({ created_by: 'demo', idx: null, contacts_count: 3 });
		expect((await get(`/contacts/${anna.id}`)).json().id).toBe(anna.id);
		expect((await get('/contacts/ffffffffffffffffffffffff')).status).toBe(404);
	});

	test('q searches name, surname, phone, e-mail and city case-insensitively', async () => {
		expect(names((await get('/contacts?q=KRAKOW')).json().collection)).toEqual(['Jan']);
		expect(names((await get('/contacts?q=example.se')).json().collection)).toEqual(['Eva']);
		expect(names((await get('/contacts?q=447700')).json().collection)).toEqual(['John']);
	});

	test('filters: plain value contains; gender exact; operators gt lt gte lte eq like between', async () => {
		const q = async (query: string) => names((await get(`/contacts?limit=10&${query}`)).json().collection).sort();
		expect(await q('first_name=an')).toEqual(['Anna', 'Jan']);
		expect(await q('gender=male')).toEqual(['Jan', 'John', 'Piotr']);
		expect(await q('gender=female')).toEqual(['Anna', 'Eva', 'Maria']);
		expect(await q(`birthday_date=${encodeURIComponent('gt(1990-04-12)')}`)).toEqual(['John', 'Maria']);
		expect(await q(`birthday_date=${encodeURIComponent('gte(1990-04-12)')}`)).toEqual(['Anna', 'John', 'Maria']);
		expect(await q(`birthday_date=${encodeURIComponent('lt(1985-11-03)')}`)).toEqual(['Piotr']);
		expect(await q(`birthday_date=${encodeURIComponent('lte(1985-11-03)')}`)).toEqual(['Jan', 'Piotr']);
		expect(await q(`birthday_date=${encodeURIComponent('between(1985-01-01, 1990-12-31)')}`)).toEqual(['Anna', 'Eva', 'Jan']);
		expect(await q(`last_name=${encodeURIComponent('eq(nowak)')}`)).toEqual(['Jan']);
		expect(await q(`last_name=${encodeURIComponent('eq(nowa)')}`)).toEqual([]);
		expect(await q(`email=${encodeURIComponent('like(EXAMPLE.CO.UK)')}`)).toEqual(['John']);
		expect(await q('group_id=650000000000000000000002')).toEqual(['Anna']);
		expect(await q(`points_balance=${encodeURIComponent('gt(10)')}`)).toEqual(['Anna', 'Jan']);
		expect(await q('loyalty_level=silver')).toEqual(['Jan']);
		expect(await q('first_name=an&gender=male')).toEqual(['Jan']);
		expect((await get('/contacts?shoe_size=42')).status).toBe(400);
		expect(takeViolations(emu)).toEqual(['GET /contacts: shoe_size']);
	});

	test('create (form only): 201, 409 contact_conflict on a duplicate number, 415 for JSON, no groups field', async () => {
		const created = await post(`${emu.primaryUrl}/contacts`, {
			phone_number: '500111222',
			first_name: 'Ola',
			email: 'ola@example.com',
			gender: 'female',
			birthday_date: '1999-09-09',
		});
		expect(created.status).toBe(201);
		expect(created.json()).toMatchObject({ phone_number: '48500111222', first_name: 'Ola', groups: [] });
		const withGroups = await post(`${emu.primaryUrl}/contacts`, { phone_number: '500111223', groups: 'vip' });
		expect(withGroups.status).toBe(400);
		expect(withGroups.json()).toEqual({
			message: 'One or more of the given values is invalid.',
			error: 'invalid_request_data',
			developer_description: expect.stringContaining('groups'),
			errors: [{ message: expect.any(String), error: 'unknown_field', path: 'groups', value: 'vip' }],
		});
		expect(takeViolations(emu)).toEqual(['POST /contacts: groups']);
		const duplicate = await post(`${emu.primaryUrl}/contacts`, { phone_number: '48500111222', first_name: 'Other' });
		expect(duplicate.status).toBe(409);
		expect(duplicate.json()).toMatchObject({ error: 'contact_conflict', code: 409, message: expect.any(String) });
		const asJson = await request(`${emu.primaryUrl}/contacts`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ phone_number: '500333444' }),
		});
		expect(asJson.status).toBe(415);
		expect((await post(`${emu.primaryUrl}/contacts`, { phone_number: 'abc' })).status).toBe(400);
		expect((await post(`${emu.primaryUrl}/contacts`, { first_name: 'No number' })).status).toBe(400);
		expect(takeViolations(emu)).toEqual(['POST /contacts: content-type', 'POST /contacts: phone_number', 'POST /contacts: phone_number']);
		expect((await get('/contacts')).json().size).toBe(7);
		expect((await post(`${emu.primaryUrl}/contacts`, { phone_number: '500333444' }, { Authorization: 'Bearer x' })).status).toBe(401);
	});

	test('edit with PUT /contacts/{id} (form only)', async () => {
		const id = '640000000000000000000002';
		const edit = await request(`${emu.primaryUrl}/contacts/${id}`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'city=Lublin&description=moved&loyalty_level=gold',
		});
		expect(edit.status).toBe(200);
		expect(edit.json()).toMatchObject({ id, first_name: 'Jan', city: 'Lublin', description: 'moved', loyalty_level: 'gold' });
		expect((await get(`/contacts/${id}`)).json().city).toBe('Lublin');
		const conflict = await request(`${emu.primaryUrl}/contacts/${id}`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'phone_number=48500000001',
		});
		expect(conflict.status).toBe(409);
		const asJson = await request(`${emu.primaryUrl}/contacts/${id}`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/json' },
			body: '{"city":"X"}',
		});
		expect(asJson.status).toBe(415);
		expect(takeViolations(emu)).toEqual(['PUT /contacts/{id}: content-type']);
		expect((await get(`/contacts/${id}`)).json().phone_number).toBe('48500000002');
	});

	test('group membership through /contacts/{id}/groups/{groupId} and /contacts/groups/{groupId}/members/{id}', async () => {
		const jan = '640000000000000000000002';
		const vip = '650000000000000000000002';
		const empty = '650000000000000000000003';
		const put = (path: string) => request(`${emu.primaryUrl}${path}`, { method: 'PUT' });
		const del = (path: string) => request(`${emu.primaryUrl}${path}`, { method: 'DELETE' });
		const added = await put(`/contacts/${jan}/groups/${vip}`);
		expect(added.status).toBe(201);
		expect(added.json().collection.map((g: { name: string }) => g.name)).toEqual(['customers', 'vip']);
		expect((await put(`/contacts/${jan}/groups/${vip}`)).status).toBe(200);
		expect((await get(`/contacts/${jan}/groups/${vip}`)).json()).toMatchObject({ id: vip, contacts_count: 2 });
		expect((await get(`/contacts/${jan}`)).json().groups.map((g: { name: string }) => g.name)).toEqual(['customers', 'vip']);
		expect((await del(`/contacts/${jan}/groups/${vip}`)).status).toBe(204);
		expect((await del(`/contacts/${jan}/groups/${vip}`)).status).toBe(404);
		expect((await get(`/contacts/${jan}/groups/${vip}`)).status).toBe(404);
		expect((await put(`/contacts/${jan}/groups/ffffffffffffffffffffffff`)).status).toBe(404);
		expect((await put(`/contacts/ffffffffffffffffffffffff/groups/${vip}`)).status).toBe(404);
		expect((await put(`/contacts/groups/${empty}/members/${jan}`)).json()).toMatchObject({ id: jan });
		expect((await get(`/contacts/${jan}/groups`)).json().collection.map((g: { name: string }) => g.name)).toEqual(['customers', 'empty']);
		expect((await del(`/contacts/groups/${empty}/members/${jan}`)).status).toBe(204);
		const withBody = await request(`${emu.primaryUrl}/contacts/${jan}/groups/${vip}`, {
			method: 'PUT',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'name=vip',
		});
		expect(withBody.status).toBe(400);
		expect(takeViolations(emu)).toEqual(['PUT /contacts/{id}/groups/{id}: name']);
	});

	test('groups list with contact counts', async () => {
		const groups = (await get('/contacts/groups')).json();
		expect(groups.size).toBe(3);
		expect(groups.collection.map((g: { name: string; contacts_count: number }) => [g.name, g.contacts_count])).toEqual([
			['customers', 3],
			['vip', 1],
			['empty', 0],
		]);
		expect(groups.collection[0]).toMatchObject({ id: '650000000000000000000001', description: 'All customers', idx: null });
	});
});

describe('control reset', () => {
	test('POST /__control/reset brings the seeds back', async () => {
		await post(`${emu.primaryUrl}/contacts`, { phone_number: '500999888' });
		await post(`${emu.primaryUrl}/sms.do`, { to: '500000000', message: 'x' });
		await post(`${emu.primaryUrl}/sender.do`, { add: 'Extra' });
		await control(emu, 'account', { credits: 1, whitelist: ['10.0.0.1'] });
		expect(await control(emu, 'reset', {})).toEqual({ ok: true });
		expect((await get('/contacts')).json().size).toBe(6);
		expect((await get('/profile')).json().points).toBe(100);
		expect(emu.state.messages).toHaveLength(0);
		expect(emu.state.senders.map((s) => s.name)).toEqual(['Test', 'MyShop', 'NewBrand']);
	});
});

describe('templates, callbacks, sender names and prices', () => {
	test('GET /sms/templates lists the seeded templates', async () => {
		const templates = (await get('/sms/templates')).json();
		expect(templates.size).toBe(3);
		expect(templates.collection[0]).toEqual({
			id: '660000000000000000000001',
			name: 'welcome',
			template: 'Hello [%1%], welcome to [%2%]!',
		});
	});

	const callbacksJson = (path: string, body: unknown, method = 'POST') =>
		request(`${emu.primaryUrl}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

	test('/callbacks as published: JSON register, list as CallbackResponse, PUT url, delete; bad type 400; a form body 415', async () => {
		const created = await callbacksJson('/callbacks', { type: 'sms_dlr', url: 'http://127.0.0.1:9/dlr' });
		expect(created.status).toBe(201);
		const { id } = created.json();
		expect(id).toMatch(/^[0-9a-f]{24}$/);
		const entry = { id, url: 'http://127.0.0.1:9/dlr', api_version: 1, type: 'sms_dlr', receiver: null, active: true, invalid: false };
		expect((await get('/callbacks')).json()).toEqual({ size: 1, collection: [entry] });
		const moved = await callbacksJson(`/callbacks/${id}`, { url: 'http://127.0.0.1:9/dlr2' }, 'PUT');
		expect(moved.status).toBe(200);
		expect(moved.json()).toEqual({ ...entry, url: 'http://127.0.0.1:9/dlr2' });
		expect((await callbacksJson('/callbacks', { type: 'sms', url: 'http://127.0.0.1/x' })).status).toBe(400);
		const form = await post(`${emu.primaryUrl}/callbacks`, { type: 'sms_dlr', url: 'http://127.0.0.1:9/dlr' });
		expect(form.status).toBe(415);
		expect(takeViolations(emu)).toEqual(['POST /callbacks: type', 'POST /callbacks: content-type']);
		expect((await request(`${emu.primaryUrl}/callbacks/${id}`, { method: 'DELETE' })).status).toBe(204);
		expect((await request(`${emu.primaryUrl}/callbacks/${id}`, { method: 'DELETE' })).status).toBe(404);
		expect((await get('/callbacks')).json()).toEqual({ size: 0, collection: [] });
	});

	test('/callbacks sms_mo: receiver_type is required (400, as the service), receiver_number must be a receiving number of the account', async () => {
		const missing = await callbacksJson('/callbacks', { type: 'sms_mo', url: 'http://127.0.0.1:9/mo' });
		expect(missing.status).toBe(400);
		expect(missing.json().errors).toEqual([expect.objectContaining({ path: 'receiver_type' })]);
		expect((await callbacksJson('/callbacks', { type: 'sms_mo', url: 'http://127.0.0.1:9/mo', receiver_type: 'some' })).status).toBe(400);
		expect((await callbacksJson('/callbacks', { type: 'sms_mo', url: 'http://127.0.0.1:9/mo', receiver_type: 'number' })).status).toBe(400);
		expect(
			(await callbacksJson('/callbacks', { type: 'sms_mo', url: 'http://127.0.0.1:9/mo', receiver_type: 'number', receiver_number: '48111' })).status,
		).toBe(400);
		const one = await callbacksJson('/callbacks', { type: 'sms_mo', url: 'http://127.0.0.1:9/mo', receiver_type: 'number', receiver_number: '48799599599' });
		expect(one.status).toBe(201);
		expect(one.json().receiver).toEqual({ type: 'number', number: '48799599599' });
		const all = await callbacksJson('/callbacks', { type: 'sms_mo', url: 'http://127.0.0.1:9/mo2', receiver_type: '2way' });
		expect(all.json().receiver).toEqual({ type: '2way', number: null });
		// The missing and unknown receiver types and the number type without a number are refused by the published
		// description itself; a number that is not the account's is the account's answer (no violation).
		expect(takeViolations(emu)).toEqual(['POST /callbacks: receiver_type', 'POST /callbacks: receiver_type', 'POST /callbacks: receiver_number']);
	});

	test('OPTIONS /callbacks lists the types, receiver types and the account\'s receiving numbers', async () => {
		const options = await request(`${emu.primaryUrl}/callbacks`, { method: 'OPTIONS' });
		expect(options.status).toBe(200);
		expect(options.json()).toEqual({
			post: {
				type: expect.arrayContaining(['sms_dlr', 'sms_mo', 'bulk', 'hlr', 'short_url']),
				receiver_type: ['all', '2way', 'number'],
				receiver_number: ['48799599599'],
				receive_numbers: { sms: ['48799599599'] },
			},
		});
	});

	test('prices.do: array of entries with string prices; /profile/prices alias', async () => {
		const prices = (await get('/prices.do?format=json')).json();
		expect(Array.isArray(prices)).toBe(true);
		expect(prices[0]).toEqual({
			country: 'Poland',
			network: expect.any(String),
			mcc: '260',
			mnc: expect.stringMatching(/^\d{2}$/),
			date: expect.stringMatching(/^\d+$/),
			price: expect.stringMatching(/^\d+\.\d+$/),
		});
		const alias = (await get('/profile/prices')).json();
		expect(alias.collection).toEqual(prices);
	});

	test('sender.do lifecycle: add INACTIVE, unusable until activated, default must be active, delete', async () => {
		const sender = (params: Record<string, string>) => post(`${emu.primaryUrl}/sender.do`, params);
		expect((await sender({ add: 'Bakery' })).text).toBe('OK');
		expect((await sender({ add: 'Bakery', format: 'json' })).json().error).toBe(2002);
		expect((await sender({ add: 'x', format: 'json' })).json().error).toBe(2001);
		expect((await sender({ status: 'Bakery' })).text).toBe('OK:INACTIVE');
		expect((await sender({ default: 'Bakery', format: 'json' })).json().error).toBe(2004);
		expect((await post(`${emu.primaryUrl}/sms.do`, { to: '500000000', message: 'x', from: 'Bakery' })).text).toBe('ERROR:14');

		await control(emu, 'senders/activate', { name: 'Bakery' });
		expect((await sender({ status: 'Bakery', format: 'json' })).json()).toEqual({ sender: 'Bakery', status: 'ACTIVE', default: false });
		expect((await sender({ default: 'Bakery', format: 'json' })).json()).toEqual({ count: 1 });
		await post(`${emu.primaryUrl}/sms.do`, { to: '500000000', message: 'x' });
		expect(emu.state.messages[0].sender).toBe('Bakery');

		const list = (await sender({ list: '1', format: 'json' })).json();
		expect(list).toContainEqual({ sender: 'Bakery', status: 'ACTIVE', default: true });
		expect(list).toContainEqual({ sender: 'Test', status: 'ACTIVE', default: false });
		expect((await sender({ list: '1' })).text).toMatch(/^OK:Test,ACTIVE:MyShop,ACTIVE:NewBrand,INACTIVE:Bakery,ACTIVE$/);
		expect((await sender({ delete: 'Bakery', format: 'json' })).json().error).toBe(2005);
		expect((await sender({ delete: 'NewBrand' })).text).toBe('OK:NewBrand');
		expect((await sender({ status: 'NewBrand' })).text).toBe('ERROR:2003');

		const rest = (await get('/sms/sendernames')).json();
		expect(rest.collection).toContainEqual({ sender: 'Bakery', status: 'ACTIVE', is_default: true, created_at: expect.any(String) });
	});
});

describe('user.do', () => {
	const user = (params: Record<string, string>) => post(`${emu.primaryUrl}/user.do`, params);

	test('balance: text Points, JSON with details', async () => {
		expect((await user({ credits: '1' })).text).toBe('Points: 100.0000');
		expect((await user({ credits: '1', format: 'json' })).json()).toEqual({ points: 100 });
		expect((await user({ credits: '1', details: '1', format: 'json' })).json()).toEqual({
			points: 100,
			proCount: 606,
			ecoCount: 1428,
			mmsCount: 333,
			vmsGsmCount: 476,
			vmsLandCount: 714,
		});
	});

	test('sub-users: add with prefix or without, duplicates, get, set, list and errors', async () => {
		const added = await user({
			add_user: 'alice',
			pass: md5('alice-pass'),
			limit: '20',
			month_limit: '5',
			senders: '1',
			active: '1',
			info: 'Alice',
			format: 'json',
		});
		expect(added.json()).toEqual({
			username: 'demo_alice',
			limit: 20,
			month_limit: 5,
			senders: 1,
			phonebook: 0,
			active: true,
			info: 'Alice',
		});
		expect((await user({ add_user: 'bob', pass: md5('b'), without_prefix: '1' })).text).toBe('OK:bob');
		expect((await user({ add_user: 'alice', pass: md5('x'), format: 'json' })).json().error).toBe(1115);
		expect((await user({ add_user: 'carol', pass: 'plain' })).text).toBe('ERROR:1123');
		expect((await user({ add_user: 'carol', pass: md5('c'), pass_api: 'plain' })).text).toBe('ERROR:1193');
		expect((await user({ add_user: 'carol', pass: md5('c'), limit: 'lots' })).text).toBe('ERROR:1131');
		expect((await user({ add_user: 'carol', pass: md5('c'), active: '2' })).text).toBe('ERROR:1170');
		expect(takeViolations(emu)).toEqual(['POST /user.do: limit', 'POST /user.do: active']);
		expect((await user({ add_user: 'c!', pass: md5('c') })).text).toBe('ERROR:1112');

		expect((await user({ get_user: 'alice' })).text).toBe('OK:20:5:1:0:1:Alice');
		expect((await user({ set_user: 'demo_alice', limit: '30', info: 'Alice B', format: 'json' })).json()).toMatchObject({
			limit: 30,
			info: 'Alice B',
		});
		expect((await user({ get_user: 'demo_alice', format: 'json' })).json().limit).toBe(30);
		expect((await user({ get_user: 'nobody', format: 'json' })).json().error).toBe(1032);
		expect((await user({ set_user: 'alice' })).text).toBe('ERROR:1021');
		expect((await user({ list: '1' })).text).toBe('OK: demo_shop:demo_alice:bob');
		const list = (await user({ list: '1', format: 'json' })).json();
		expect(list.map((s: { username: string }) => s.username)).toEqual(['demo_shop', 'demo_alice', 'bob']);
		expect((await user({ nothing: '1' })).text).toBe('ERROR:1001');
		expect(takeViolations(emu)).toEqual(['POST /user.do: nothing']);
	});

	test('an active sub-user logs in with its md5 API password and is charged on its limit', async () => {
		await user({ add_user: 'dave', pass: md5('dave-pass'), limit: '1', active: '1' });
		const login = { username: 'demo_dave', password: md5('dave-pass') };
		const sent = await post(`${emu.primaryUrl}/sms.do`, { ...login, to: '500000000', message: 'x', format: 'json' }, {});
		expect(sent.json().count).toBe(1);
		expect(emu.state.messages[0].username).toBe('demo_dave');
		expect((await post(`${emu.primaryUrl}/user.do`, { ...login, credits: '1' }, {})).text).toBe('Points: 0.8350');
		expect(emu.state.account.points).toBe(100);
		expect((await post(`${emu.primaryUrl}/user.do`, { ...login, list: '1' }, {})).text).toBe('ERROR:1000');
		await user({ set_user: 'dave', active: '0' });
		expect((await post(`${emu.primaryUrl}/sms.do`, { ...login, to: '500000000', message: 'x' }, {})).text).toBe('ERROR:102');
	});
});
