/**
 * Contact → Create in n8n's engine in-process (support/engine.ts) against the emulator: Create then
 * Update by the new id (the `res-contact-create-update` fixture; Update in it is its as much as
 * Create's), and a number already in the database stopping the workflow. Its tests against a mocked
 * service: create.test.ts.
 */
import { headerOf } from '../../e2e/harness/smsapi';
import { FORM, HEX_ID, recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf, nodeJson as jsonOf } from '../../workflow/run-result';
import { useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("contact.create in n8n's engine against the emulator", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'contact.create then contact.update by the new id: form bodies without groups; groups (a name from an older workflow and an id) through the membership calls',
		async () => {
			const run = await suite.run('res-contact-create-update');
			expect(run.error).toBeUndefined();
			const vip = '650000000000000000000002';
			const empty = '650000000000000000000003';

			const requests = await recorded(emulator());
			const [created] = jsonOf(run, 'Create Contact');
			const id = String(created.id);
			expect(summary(requests)).toEqual([
				'GET /contacts/groups',
				'POST /contacts',
				`PUT /contacts/${id}/groups/${vip}`,
				`PUT /contacts/${id}/groups/${empty}`,
				'GET /contacts/groups',
				`PUT /contacts/${id}`,
				`DELETE /contacts/${id}/groups/${vip}`,
			]);
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'bearer', address: 'primary' });
			expect(requests.map((request) => request.responseStatus)).toEqual([200, 201, 201, 201, 200, 200, 204]);
			const create = requests[1];
			expect(headerOf(create, 'content-type')).toMatch(FORM);
			expect(create.body).toEqual({
				phone_number: '48500000099',
				first_name: 'Ola',
				last_name: 'Zielinska',
				email: 'ola.zielinska@example.com',
				gender: 'female',
				birthday_date: '1995-05-05',
				city: 'Wroclaw',
				description: 'Met at the fair',
				source: 'n8n',
			});
			expect(created).toMatchObject({
				id: expect.stringMatching(HEX_ID),
				phone_number: '48500000099',
				first_name: 'Ola',
				last_name: 'Zielinska',
				groups: [expect.objectContaining({ id: vip, name: 'vip' }), expect.objectContaining({ id: empty, name: 'empty' })],
			});

			const update = requests[5];
			expect(headerOf(update, 'content-type')).toMatch(FORM);
			expect(update.body).toEqual({ city: 'Lodz', last_name: 'Zielinska-Nowak', email: 'ola@example.com' });
			expect(jsonOf(run, 'Update Contact')).toEqual([
				expect.objectContaining({
					id,
					first_name: 'Ola',
					last_name: 'Zielinska-Nowak',
					city: 'Lodz',
					email: 'ola@example.com',
					phone_number: '48500000099',
					groups: [expect.objectContaining({ id: empty, name: 'empty' })],
				}),
			]);
			expect(emulator().state.contacts.find((contact) => contact.id === id)).toMatchObject({
				city: 'Lodz',
				last_name: 'Zielinska-Nowak',
				groupIds: [empty],
			});
		},
	);

	it(
		'contact.create of a number already in the database: one request (409, not repeated), an error in plain words',
		async () => {
			const run = await suite.run('res-contact-duplicate');
			expect(run.status).toBe('error');

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['POST /contacts']);
			expect(requests[0]).toMatchObject({ address: 'primary', responseStatus: 409 });
			expect(requests[0].body).toEqual({ phone_number: '48500000001', first_name: 'Anna' });

			const error = errorOf(run, 'Create Contact');
			expect(error.message).toBe('A contact with the phone number 48500000001 already exists in the contacts database');
			expect(error.description).toMatch(/^Nothing was created\. To change that contact, use the Update operation/);
			expect(emulator().state.contacts).toHaveLength(6);
		}
	);
});
