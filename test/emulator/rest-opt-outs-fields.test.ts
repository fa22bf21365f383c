/**
 * The emulator's opt-outs (`/opt_outs`, panel_com.yml) and custom contact fields
 * (`/contacts/fields`, contacts_com.yml): state, paging, refusals as the published API gives them.
 */
import { post, request, takeViolations, emu, useTestEmulator } from './helpers';
import { contactFieldState } from './rest-contact-fields';
import { optOutState } from './rest-opt-outs';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;
const get = (path: string) => request(url(path));
const del = (path: string) => request(url(path), { method: 'DELETE' });
const put = (path: string, body: string, contentType: string) =>
	request(url(path), { method: 'PUT', headers: { 'Content-Type': contentType }, body });
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

describe('opt-outs (/opt_outs)', () => {
	test('list with paging and the phone_number filter; delete by id, then 404', async () => {
		const first = (await get('/opt_outs')).json();
		expect(first.size).toBe(2);
		expect(first.collection[0]).toMatchObject({ id: '670000000000000000000001', phoneNumber: 48500000004, date: expect.any(String) });
		expect((await get('/opt_outs?offset=1&limit=1')).json().collection.map((e: { id: string }) => e.id)).toEqual(['670000000000000000000002']);
		expect((await get('/opt_outs?phone_number=447700900123')).json().size).toBe(1);
		expect((await del('/opt_outs/670000000000000000000001')).status).toBe(204);
		expect((await del('/opt_outs/670000000000000000000001')).status).toBe(404);
		expect((await get('/opt_outs')).json().size).toBe(1);
	});

	test('settings: GET, PUT with JSON only, brand up to 255 characters', async () => {
		expect((await get('/opt_outs/settings')).json()).toEqual({ brand: 'Demo Shop' });
		const changed = await put('/opt_outs/settings', JSON.stringify({ brand: 'My Shop' }), JSON_TYPE);
		expect(changed.json()).toEqual({ brand: 'My Shop' });
		expect((await put('/opt_outs/settings', 'brand=Form', FORM)).status).toBe(415);
		expect((await put('/opt_outs/settings', JSON.stringify({ brand: 'x'.repeat(256) }), JSON_TYPE)).status).toBe(400);
		expect((await put('/opt_outs/settings', JSON.stringify({ brand: 'x', color: 'red' }), JSON_TYPE)).status).toBe(400);
		expect((await get('/opt_outs/settings')).json()).toEqual({ brand: 'My Shop' });
		expect(takeViolations(emu)).toEqual(['PUT /opt_outs/settings: content-type', 'PUT /opt_outs/settings: brand', 'PUT /opt_outs/settings: color']);
	});

	test('the feature turned off: list and delete answer 403; an unknown query parameter 400; the legacy login 401', async () => {
		optOutState(emu.state).enabled = false;
		expect((await get('/opt_outs')).status).toBe(403);
		expect((await del('/opt_outs/670000000000000000000002')).status).toBe(403);
		optOutState(emu.state).enabled = true;
		expect((await get('/opt_outs?q=4850')).status).toBe(400);
		expect((await request(url('/opt_outs?username=demo&password=x'), { auth: false })).status).toBe(401);
		expect(takeViolations(emu)).toEqual(['GET /opt_outs: q', 'GET /opt_outs: username']);
	});
});

describe('contact fields (/contacts/fields)', () => {
	test('list the seeds; create (type default text), rename, delete; the field becomes a contact field', async () => {
		const list = (await get('/contacts/fields')).json();
		expect(list.collection.map((f: { name: string; type: string }) => `${f.name}:${f.type}`)).toEqual(['loyalty_level:text', 'points_balance:number']);
		const created = await post(url('/contacts/fields'), { name: 'shoe_size' });
		expect(created.status).toBe(201);
		const field = created.json();
		expect(field).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'shoe_size', type: 'text' });
		expect((await post(url('/contacts'), { phone_number: '48500000009', shoe_size: '42' })).status).toBe(201);
		const renamed = await put(`/contacts/fields/${field.id}`, 'name=size', FORM);
		expect(renamed.json()).toEqual({ ...field, name: 'size' });
		expect(emu.state.contacts.find((c) => c.phone_number === '48500000009')?.custom).toEqual({ size: '42' });
		expect((await del(`/contacts/fields/${field.id}`)).status).toBe(204);
		expect((await del(`/contacts/fields/${field.id}`)).status).toBe(404);
		expect(contactFieldState(emu.state).fields).toHaveLength(2);
	});

	test('contacts carry custom values as text, whatever the field type; a field not defined is refused (issue 32)', async () => {
		// Whether the service checks a value against its field's type is not published
		// (docs/service-differences.md C8): the emulator takes any text, the node checks the types.
		const anna = '640000000000000000000001';
		const changed = await put(`/contacts/${anna}`, 'points_balance=not%20a%20number&loyalty_level=platinum', FORM);
		expect(changed.status).toBe(200);
		expect(changed.json()).toMatchObject({ id: anna, points_balance: 'not a number', loyalty_level: 'platinum' });
		expect((await post(url('/contacts'), { phone_number: '48500000010', points_balance: '7' })).json()).toMatchObject({ points_balance: '7' });
		expect((await post(url('/contacts'), { phone_number: '48500000011', shoe_size: '42' })).status).toBe(400);
		expect(emu.state.contacts.some((c) => c.phone_number === '48500000011')).toBe(false);
		expect(takeViolations(emu)).toEqual(['POST /contacts: shoe_size']);
	});

	test('refusals: a name in use, a missing name, an unknown type, JSON, an unknown id', async () => {
		expect((await post(url('/contacts/fields'), { name: 'loyalty_level' })).status).toBe(400);
		expect((await post(url('/contacts/fields'), { type: 'text' })).status).toBe(400);
		expect((await post(url('/contacts/fields'), { name: 'a', type: 'list' })).status).toBe(400);
		expect((await put('/contacts/fields/660000000000000000000001', JSON.stringify({ name: 'x' }), JSON_TYPE)).status).toBe(415);
		expect((await put('/contacts/fields/660000000000000000000001', 'name=x&type=date', FORM)).status).toBe(400);
		expect((await put('/contacts/fields/670000000000000000000009', 'name=x', FORM)).status).toBe(404);
		expect(takeViolations(emu)).toEqual([
			'POST /contacts/fields: name',
			'POST /contacts/fields: type',
			'PUT /contacts/fields/{id}: content-type',
			'PUT /contacts/fields/{id}: type',
		]);
	});

	test('options: the choices of gender; 501 for a custom field; 404 for an unknown one', async () => {
		expect((await get('/contacts/fields/gender/options')).json().collection.map((o: { value: string }) => o.value)).toEqual(['female', 'male', 'undefined']);
		expect((await get('/contacts/fields/660000000000000000000001/options')).status).toBe(501);
		expect((await get('/contacts/fields/670000000000000000000009/options')).status).toBe(404);
	});
});
