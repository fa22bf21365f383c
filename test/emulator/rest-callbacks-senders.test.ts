/** The emulator's templates (list, create, a name in use, update, delete), callback registry (/callbacks), price list and sender names. */
import { control, emu, post, request, takeViolations, useTestEmulator } from './helpers';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;
const get = (path: string) => request(url(path));
const del = (path: string) => request(`${emu.primaryUrl}${path}`, { method: 'DELETE' });
const put = (path: string, form: Record<string, string>) =>
	request(`${emu.primaryUrl}${path}`, {
		method: 'PUT',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(form).toString(),
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

	test('prices.do: array of entries with string prices; GET /profile/prices: the same as Price entries', async () => {
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
		// The REST list: the same prices as amounts with their currency, MCC and MNC as numbers, the tariff type.
		const rest = (await get('/profile/prices')).json();
		expect(rest.size).toBe(prices.length);
		expect(rest.collection[0]).toEqual({
			type: 'pro',
			price: { amount: Number(prices[0].price), currency: 'EUR' },
			country: { name: 'Poland', mcc: 260 },
			network: { name: prices[0].network, mnc: Number(prices[0].mnc) },
			changed_at: '2024-01-01',
		});
		expect((await get('/profile/prices?type=eco')).json().collection[0].type).toBe('eco');
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

	test('template create, 409 for its name, update, delete', async () => {
		const created = await post(url('/sms/templates'), { name: 'shipping', template: 'Order [%1%] shipped', normalize: 1 });
		expect(created.status).toBe(201);
		expect(created.json()).toMatchObject({ name: 'shipping', normalize: true });
		expect((await post(url('/sms/templates'), { name: 'shipping', template: 'x' })).status).toBe(409);
		expect((await put(`/sms/templates/${created.json().id}`, { template: 'Order [%1%] sent' })).json().template).toBe('Order [%1%] sent');
		expect((await del(`/sms/templates/${created.json().id}`)).status).toBe(204);
		expect((await del(`/sms/templates/${created.json().id}`)).status).toBe(404);
	});
});
