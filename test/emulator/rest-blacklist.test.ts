/**
 * The emulator's blacklist (/blacklist/phone_numbers, rest-blacklist.ts): add, a conflict, search
 * with paging, delete by id and by number, clear.
 */
import { emu, post, postJson, request, useTestEmulator } from './helpers';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;
const get = (path: string) => request(url(path));
const del = (path: string) => request(url(path), { method: 'DELETE' });

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
