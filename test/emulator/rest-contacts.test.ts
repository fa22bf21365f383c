/** The emulator's contacts REST interface: list, search, filters, create, edit, group membership and groups. */
import { emu, post, request, takeViolations, useTestEmulator } from './helpers';

useTestEmulator();

const get = (path: string) => request(`${emu.primaryUrl}${path}`);
const names = (collection: Array<{ first_name: string }>) => collection.map((c) => c.first_name);

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
