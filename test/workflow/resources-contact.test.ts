/**
 * The contact resource through n8n's engine in-process: list, create, update, group membership
 * and a number already in the database.
 *
 * The `res-*` fixtures run on n8n-core's WorkflowExecute against the in-process emulator. Each test
 * checks the requests the emulator recorded (method, path, query and form body; secrets are
 * redacted there), what the emulator did (its state) and the node's output items.
 */
import { headerOf } from '../e2e/harness/smsapi';
import { nodeError as errorOf, nodeItems as itemsOf, nodeJson as jsonOf, pairedIndex } from './run-result';
import { FORM, HEX_ID, recorded, summary } from './resource-fixtures';
import { useResourcesSuite } from './suite';

describe('in-process n8n: resources', () => {
	const suite = useResourcesSuite();
	const emulator = () => suite.emulator();

	// ------------------------------------------------------------------------------ contact

	it(
		'contact.getMany: search (q), filters with operators and order_by, Return All paging and a limit over one page',
		async () => {
			// 205 more contacts: 211 in all, more than two pages of 100.
			for (let n = 1; n <= 205; n++) {
				emulator().state.contacts.push({
					...emulator().state.contacts[5],
					id: `6400000000000000001${String(n).padStart(5, '0')}`,
					first_name: 'Extra',
					last_name: `Contact ${n}`,
					phone_number: String(48600000000 + n),
					email: '',
					birthday_date: '',
					groupIds: [],
					custom: {},
				});
			}
			const run = await suite.run('res-contact-list');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/contacts');
			for (const request of requests) {
				expect(request).toMatchObject({ method: 'GET', address: 'primary', authMethod: 'bearer', responseStatus: 200 });
			}
			// Branches run top to bottom: Search, Filter and Sort, All Contacts (3 pages), First 150 (2 pages).
			expect(requests.map((request) => request.query)).toEqual([
				{ q: 'NOWAK', offset: '0', limit: '50' },
				// The custom-field filter (points_balance ≥ 40) is applied by the node: the service gets
				// only the published filters, and pages of 100 until enough contacts matched.
				{ birthday_date: 'between(1980-01-01, 1995-12-31)', order_by: 'last_name', offset: '0', limit: '100' },
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '100' },
				{ offset: '200', limit: '100' },
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '50' },
			]);

			expect(jsonOf(run, 'Search')).toEqual([
				expect.objectContaining({ id: '640000000000000000000002', first_name: 'Jan', last_name: 'Nowak', phone_number: '48500000002' }),
			]);
			expect(jsonOf(run, 'Filter and Sort').map((contact) => [contact.last_name, contact.points_balance])).toEqual([
				['Kowalska', '120'],
				['Nowak', '40'],
			]);
			const all = jsonOf(run, 'All Contacts');
			expect(all).toHaveLength(211);
			expect(new Set(all.map((contact) => contact.id)).size).toBe(211);
			const first = jsonOf(run, 'First 150');
			expect(first.map((contact) => contact.id)).toEqual(all.slice(0, 150).map((contact) => contact.id));
			expect(itemsOf(run, 'All Contacts').every((item) => pairedIndex(item) === 0)).toBe(true);
		},
	);

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
		'contact.addToGroup and contact.removeFromGroup: PUT and DELETE /contacts/{id}/groups/{groupId}',
		async () => {
			const jan = '640000000000000000000002';
			const customers = '650000000000000000000001';
			const vip = '650000000000000000000002';
			const run = await suite.run('res-contact-membership');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual([`PUT /contacts/${jan}/groups/${vip}`, `DELETE /contacts/${jan}/groups/${customers}`]);
			// No body on either: the membership is the path.
			expect(requests.map((request) => [request.responseStatus, request.body])).toEqual([
				[201, ''],
				[204, ''],
			]);
			expect(jsonOf(run, 'Add to Group')).toEqual([
				{
					contact_id: jan,
					group_id: vip,
					groups: [expect.objectContaining({ id: customers }), expect.objectContaining({ id: vip, name: 'vip', contacts_count: 2 })],
				},
			]);
			expect(jsonOf(run, 'Remove from Group')).toEqual([{ contact_id: jan, group_id: customers, removed: true }]);
			expect(emulator().state.contacts.find((contact) => contact.id === jan)?.groupIds).toEqual([vip]);
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
