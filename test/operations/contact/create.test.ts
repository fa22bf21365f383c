/**
 * Contact → Create against a mocked service (nock): a form body with the service's field names (no
 * groups field), groups by id (or by name, as older workflows have them) through PUT
 * /contacts/{id}/groups/{groupId}, an unknown group refused before the contact is created, a failed
 * membership after it, a number already in the database in plain words; phone numbers as people type
 * them, cleaned or refused. Custom Fields: customFields.create.test.ts. Its workflows in n8n's engine:
 * create.engine.test.ts.
 */
import { GROUPS, contact, groupsService } from '../support/contact-fixtures';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contact.create', () => {
	it('POSTs a form body with the service field names (no groups field) and outputs the contact', async () => {
		const created = { ...contact(1), city: 'Gdańsk', groups: [] };
		const service = mockService().on('POST', '/contacts', () => [201, created]);
		const output = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'create',
				phoneNumber: '48500000001',
				additionalFields: {
					firstName: 'First1',
					lastName: 'Last1',
					email: 'c1@example.com',
					gender: 'female',
					birthdayDate: '1990-12-31T00:00:00.000+01:00',
					city: 'Gdańsk',
					description: 'met at the fair',
					source: 'n8n',
				},
			},
		});
		expect(service.calls).toHaveLength(1);
		expect(service.calls[0].headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
		expect(service.calls[0].query).toEqual({});
		expect(service.calls[0].body).toEqual({
			first_name: 'First1',
			last_name: 'Last1',
			email: 'c1@example.com',
			gender: 'female',
			birthday_date: '1990-12-31',
			city: 'Gdańsk',
			description: 'met at the fair',
			source: 'n8n',
			phone_number: '48500000001',
		});
		expect(output).toEqual([{ json: created, pairedItem: { item: 0 } }]);
	});

	it('groups by id (or by name, as workflows saved with Group Names have them) go through PUT /contacts/{id}/groups/{groupId}', async () => {
		const created = { ...contact(1), groups: [] };
		const afterVip = [GROUPS[0]];
		const service = groupsService()
			.on('POST', '/contacts', () => [201, created])
			.on('PUT', `/contacts/${created.id}/groups/${GROUPS[0].id}`, () => [
				201,
				{ size: 1, collection: afterVip },
			])
			.on('PUT', `/contacts/${created.id}/groups/${GROUPS[1].id}`, () => [
				201,
				{ size: 2, collection: GROUPS },
			]);
		const output = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'create',
				phoneNumber: '48500000001',
				additionalFields: { groups: [GROUPS[0].id, 'Newsletter'] },
			},
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'GET /contacts/groups',
			'POST /contacts',
			`PUT /contacts/${created.id}/groups/${GROUPS[0].id}`,
			`PUT /contacts/${created.id}/groups/${GROUPS[1].id}`,
		]);
		expect(service.calls[1].body).toEqual({ phone_number: '48500000001' });
		expect(output[0].json).toEqual({ ...created, groups: GROUPS });
	});

	it('an unknown group is refused before the contact is created', async () => {
		const service = groupsService().on('POST', '/contacts', () => [201, contact(1)]);
		const run = runNode({
			parameters: {
				resource: 'contact',
				operation: 'create',
				phoneNumber: '48500000001',
				additionalFields: { groups: ['Nope'] },
			},
		});
		await expect(run).rejects.toThrow('No such contact group: "Nope"');
		await expect(run).rejects.toMatchObject({
			description: expect.stringContaining('VIP, Newsletter'),
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'GET /contacts/groups',
		]);
	});

	it('a failed membership after the contact was created says that it was created', async () => {
		groupsService()
			.on('POST', '/contacts', () => [201, contact(1)])
			.on('PUT', `/contacts/${contact(1).id}/groups/${GROUPS[0].id}`, () => [
				404,
				{ message: 'Group not found', error: 'not_found' },
			]);
		const run = runNode({
			parameters: {
				resource: 'contact',
				operation: 'create',
				phoneNumber: '48500000001',
				additionalFields: { groups: [GROUPS[0].id] },
			},
		});
		await expect(run).rejects.toMatchObject({
			description: expect.stringContaining(`The contact was created (ID ${contact(1).id})`),
		});
	});

	it('a duplicate number (409 contact_conflict) says so in plain words and points to Update', async () => {
		mockService().on('POST', '/contacts', () => [
			409,
			{
				message: 'Contact with this phone number already exists',
				error: 'contact_conflict',
				code: 409,
				errors: [],
				developer_description: null,
			},
		]);
		const run = runNode({
			parameters: { resource: 'contact', operation: 'create', phoneNumber: '48500000001' },
		});
		await expect(run).rejects.toThrow(
			'A contact with the phone number 48500000001 already exists in the contacts database',
		);
		await expect(run).rejects.toMatchObject({
			description: expect.stringContaining('use the Update operation'),
		});
	});

	it('with Continue On Fail the conflict becomes an error item of that input item', async () => {
		mockService().on('POST', '/contacts', (request) =>
			request.body.phone_number === '48500000002'
				? [409, { message: 'exists', error: 'contact_conflict', code: 409 }]
				: [201, contact(1)],
		);
		const output = await runNode({
			parameters: [
				{ resource: 'contact', operation: 'create', phoneNumber: '48500000001' },
				{ resource: 'contact', operation: 'create', phoneNumber: '48500000002' },
			],
			continueOnFail: true,
		});
		expect(output[0]).toEqual({ json: contact(1), pairedItem: { item: 0 } });
		expect(output[1].pairedItem).toEqual({ item: 1 });
		expect(output[1].json.error).toBe(
			'A contact with the phone number 48500000002 already exists in the contacts database',
		);
	});
});

describe('contact.create: phone numbers as people type them', () => {
	it('sends "+48 500-000-099" as 48500000099 (the service refuses spaces and a plus) and names it in a conflict', async () => {
		const service = mockService().on('POST', '/contacts', () => [
			409,
			{
				message: 'Contact with this phone number already exists',
				error: 'contact_conflict',
				code: 409,
			},
		]);
		const run = runNode({
			parameters: { resource: 'contact', operation: 'create', phoneNumber: ' +48 500-000-099 ' },
		});
		await expect(run).rejects.toThrow(
			'A contact with the phone number 48500000099 already exists in the contacts database',
		);
		expect(service.calls.map((call) => call.body)).toEqual([{ phone_number: '48500000099' }]);
	});

	it('a number with letters or too few digits is refused before any request, per item with Continue On Fail', async () => {
		const service = mockService().on('POST', '/contacts', () => [201, contact(1)]);
		const created = await runNode({
			parameters: [
				{ resource: 'contact', operation: 'create', phoneNumber: '48 500 ABC' },
				{ resource: 'contact', operation: 'create', phoneNumber: '12345' },
				{ resource: 'contact', operation: 'create', phoneNumber: '48500000001' },
			],
			continueOnFail: true,
		});
		expect(created.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(created[0].json.error).toMatch(/^Phone number "48 500 ABC" contains "A"/);
		expect(created[0].json.description).toMatch(/^Nothing was created\./);
		expect(created[1].json.error).toMatch(/^Phone number "12345" has 5 digits/);
		expect(created[2].json).toEqual(contact(1));
		expect(service.calls.map((call) => `${call.method} ${call.body.phone_number}`)).toEqual([
			'POST 48500000001',
		]);
	});
});
