/**
 * How the emulator answers a duplicate (issue 29, finding 10): 409 as so far (`conflict`), or only
 * what the published API documents (`published`): a blacklist POST's 400 with a field error, a
 * template POST's 201 (a second template of the same name). A reset goes back to `conflict`.
 */
import { control, emu, post, request, useTestEmulator } from './helpers';

useTestEmulator();

const url = (path: string) => `${emu.primaryUrl}${path}`;

describe('duplicates', () => {
	test('conflict (the default): 409 for a listed number and a template name in use', async () => {
		expect((await control(emu, 'more-state')).duplicates).toBe('conflict');
		expect((await post(url('/blacklist/phone_numbers'), { phone_number: '48500000001' })).status).toBe(201);
		const number = await post(url('/blacklist/phone_numbers'), { phone_number: '48500000001' });
		expect([number.status, number.json().error]).toEqual([409, 'blacklist_conflict']);
		expect((await post(url('/sms/templates'), { name: 'shipping', template: 'a' })).status).toBe(201);
		expect((await post(url('/sms/templates'), { name: 'shipping', template: 'b' })).status).toBe(409);
	});

	test('published: a listed number is a 400 whose field error says it exists; a template name in use is created again (201)', async () => {
		await control(emu, 'duplicates', { answer: 'published' });
		expect((await post(url('/blacklist/phone_numbers'), { phone_number: '48500000001' })).status).toBe(201);
		const number = await post(url('/blacklist/phone_numbers'), { phone_number: '48500000001' });
		expect(number.status).toBe(400);
		expect(number.json()).toMatchObject({
			error: 'invalid_request_data',
			errors: [{ error: 'already_exists', path: 'phone_number', value: '48500000001', message: expect.stringMatching(/already exists/) }],
		});
		expect((await post(url('/sms/templates'), { name: 'shipping', template: 'a' })).status).toBe(201);
		expect((await post(url('/sms/templates'), { name: 'shipping', template: 'b' })).status).toBe(201);
		const templates = (await request(url('/sms/templates'))).json();
		expect(templates.collection.filter((t: { name: string }) => t.name === 'shipping')).toHaveLength(2);

		emu.reset();
		expect((await control(emu, 'more-state')).duplicates).toBe('conflict');
		await expect(control(emu, 'duplicates', { answer: 'maybe' })).rejects.toThrow(/answer must be conflict or published/);
	});
});
