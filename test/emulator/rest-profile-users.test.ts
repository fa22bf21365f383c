/**
 * The emulator's account interfaces: profile, ping and authentication, the control reset, user.do
 * (balance and sub-users) and the sub-users of the REST API (/subusers).
 */
import { md5 } from './index';
import { control, emu, post, request, takeViolations, useTestEmulator } from './helpers';

useTestEmulator();

const get = (path: string) => request(`${emu.primaryUrl}${path}`);
const del = (path: string) => request(`${emu.primaryUrl}${path}`, { method: 'DELETE' });

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

describe('sub-users over REST (/subusers)', () => {
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
