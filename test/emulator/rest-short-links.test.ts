/**
 * The emulator's short links (/short_url, rest-short-links.ts): create (named, expiring), a name in
 * use, get, update, clicks by day range and link, delete.
 */
import { control, emu, post, request, useTestEmulator } from './helpers';

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
