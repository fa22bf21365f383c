import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type WireRequest, failure, mockService, runNode, useMockedNetwork } from './run-node';

useMockedNetwork();

const contact = (i: number) => ({
	id: `5b80${String(i).padStart(20, '0')}`,
	first_name: `First${i}`,
	last_name: `Last${i}`,
	phone_number: String(48500000000 + i),
	email: `c${i}@example.com`,
	groups: [] as IDataObject[],
});

/** A contacts list of `total` entries, paged by offset/limit as the service pages it. */
function contactList(total: number) {
	return (request: WireRequest): [number, unknown] => {
		const offset = Number(request.query.offset ?? 0);
		const limit = Number(request.query.limit ?? 5);
		const collection = Array.from(
			{ length: Math.max(0, Math.min(limit, total - offset)) },
			(_, i) => contact(offset + i),
		);
		return [200, { size: total, collection }];
	};
}

const getMany = (extra: IDataObject = {}) => ({
	resource: 'contact',
	operation: 'getMany',
	...extra,
});

const GROUPS = [
	{ id: '650000000000000000000011', name: 'VIP', contacts_count: 1 },
	{ id: '650000000000000000000012', name: 'Newsletter', contacts_count: 4 },
];

/** A service that lists the account's groups (GROUPS) at GET /contacts/groups. */
const groupsService = () =>
	mockService().on('GET', '/contacts/groups', () => [
		200,
		{ size: GROUPS.length, collection: GROUPS },
	]);

describe('contact.getMany', () => {
	it('Return All pages through offset/limit 100 until the collection is exhausted', async () => {
		const service = mockService().on('GET', '/contacts', contactList(250));
		const output = await runNode({ parameters: getMany({ returnAll: true }) });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '100', limit: '100' },
			{ offset: '200', limit: '100' },
		]);
		expect(service.calls.every((call) => call.method === 'GET' && call.path === '/contacts')).toBe(
			true,
		);
		expect(output).toHaveLength(250);
		expect(output[249]).toEqual({ json: contact(249), pairedItem: { item: 0 } });
	});

	it('Limit (default 50) is always sent, since the service would return only 5', async () => {
		const service = mockService().on('GET', '/contacts', contactList(500));
		const output = await runNode({ parameters: getMany() });
		expect(service.calls.map((call) => call.query)).toEqual([{ offset: '0', limit: '50' }]);
		expect(output).toHaveLength(50);
	});

	it('a limit above the page size takes several pages and stops at the limit', async () => {
		const service = mockService().on('GET', '/contacts', contactList(500));
		const output = await runNode({ parameters: getMany({ limit: 130 }) });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '100', limit: '30' },
		]);
		expect(output).toHaveLength(130);
	});

	it('Return All keeps paging up to size when the service caps limit below the page size', async () => {
		const capped = contactList(130);
		const service = mockService().on('GET', '/contacts', (request) =>
			capped({
				...request,
				query: { ...request.query, limit: String(Math.min(50, Number(request.query.limit))) },
			}),
		);
		const output = await runNode({ parameters: getMany({ returnAll: true }) });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '50', limit: '100' },
			{ offset: '100', limit: '100' },
		]);
		expect(output.map((item) => item.json.id)).toEqual(
			Array.from({ length: 130 }, (_, i) => contact(i).id),
		);
	});

	it('without size in the answer a short page ends the list', async () => {
		const service = mockService().on('GET', '/contacts', (request) => {
			const offset = Number(request.query.offset);
			return [
				200,
				{
					collection:
						offset === 0 ? Array.from({ length: 100 }, (_, i) => contact(i)) : [contact(100)],
				},
			];
		});
		const output = await runNode({ parameters: getMany({ returnAll: true }) });
		expect(service.calls.map((call) => call.query.offset)).toEqual(['0', '100']);
		expect(output).toHaveLength(101);
	});

	it('an empty page ends the list even when size promises more', async () => {
		const empty = mockService().on('GET', '/contacts', () => [200, { size: 7, collection: [] }]);
		expect(await runNode({ parameters: getMany({ returnAll: true }) })).toEqual([]);
		expect(empty.calls).toHaveLength(1);
	});

	it('search, the published filters and Order By become the service query (order_by, not sort)', async () => {
		const service = mockService().on('GET', '/contacts', contactList(3));
		await runNode({
			parameters: getMany({
				limit: 10,
				q: 'smith',
				filters: {
					filter: [
						{ field: 'first_name', operator: 'contains', value: 'Ann' },
						{
							field: 'birthday_date',
							operator: 'between',
							value: '1980-01-01',
							valueTo: '1989-12-31',
						},
						{ field: 'group_id', groupId: '5b8000000000000000000001' },
						{ field: 'gender', gender: 'female' },
					],
				},
				options: { sort: 'last_name' },
			}),
		});
		expect(service.calls[0].query).toEqual({
			first_name: 'Ann',
			birthday_date: 'between(1980-01-01, 1989-12-31)',
			group_id: '5b8000000000000000000001',
			gender: 'female',
			q: 'smith',
			order_by: 'last_name',
			offset: '0',
			limit: '10',
		});
	});

	it('birthday_date takes the published forms: the date alone for Equals, lt/lte/gt/gte(date)', async () => {
		const service = mockService().on('GET', '/contacts', contactList(1));
		for (const [operator, expected] of [
			['equals', '1990-12-31'],
			['gte', 'gte(1990-12-31)'],
			['lt', 'lt(1990-12-31)'],
		]) {
			await runNode({
				parameters: getMany({
					filters: { filter: [{ field: 'birthday_date', operator, value: '1990-12-31' }] },
				}),
			});
			expect(service.calls.pop()?.query.birthday_date).toBe(expected);
		}
	});

	describe('filters the published API does not list (issue 29: a filter the service ignored would widen a send to everyone)', () => {
		/** 250 contacts; every third has loyalty_level 3 (a custom field), the others 1. */
		const customList = (request: WireRequest): [number, unknown] => {
			const [status, page] = contactList(250)(request) as [
				number,
				{ size: number; collection: IDataObject[] },
			];
			const collection = page.collection.map((entry, i) => ({
				...entry,
				loyalty_level: (Number(request.query.offset ?? 0) + i) % 3 === 0 ? '3' : '1',
			}));
			return [status, { ...page, collection }];
		};

		it('custom fields and operators other than the published ones are not sent but applied by the node', async () => {
			const service = mockService().on('GET', '/contacts', customList);
			const output = await runNode({
				parameters: getMany({
					returnAll: true,
					filters: {
						filter: [
							{ field: 'custom', customField: 'loyalty_level', operator: 'gte', value: '3' },
							{ field: 'email', operator: 'equals', value: 'C3@example.com' },
						],
					},
				}),
			});
			expect(service.calls.map((call) => call.query)).toEqual([
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '100' },
				{ offset: '200', limit: '100' },
			]);
			expect(output.map((item) => item.json.id)).toEqual([contact(3).id]);
			expect(output[0].pairedItem).toEqual({ item: 0 });
		});

		it('Limit counts the contacts that matched: pages are read until that many matched or the list ends', async () => {
			const service = mockService().on('GET', '/contacts', customList);
			const output = await runNode({
				parameters: getMany({
					limit: 40,
					filters: {
						filter: [
							{ field: 'custom', customField: 'loyalty_level', operator: 'equals', value: '3' },
						],
					},
				}),
			});
			expect(service.calls.map((call) => call.query)).toEqual([
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '100' },
			]);
			expect(output).toHaveLength(40);
			expect(output.map((item) => item.json.id)).toEqual(
				Array.from({ length: 40 }, (_, i) => contact(i * 3).id),
			);

			const few = await runNode({
				parameters: getMany({
					limit: 500,
					filters: { filter: [{ field: 'last_name', operator: 'lt', value: 'Last11' }] },
				}),
			});
			// Last0, Last1, Last10, Last100..Last109: names compare as text.
			expect(few.map((item) => item.json.last_name)).toEqual([
				'Last0',
				'Last1',
				'Last10',
				...Array.from({ length: 10 }, (_, i) => `Last${100 + i}`),
			]);
		});

		it('a number typed with formatting matches the stored number (Equals on the phone number)', async () => {
			mockService().on('GET', '/contacts', contactList(5));
			const output = await runNode({
				parameters: getMany({
					filters: {
						filter: [{ field: 'phone_number', operator: 'equals', value: '+48 500 000 002' }],
					},
				}),
			});
			expect(output.map((item) => item.json.phone_number)).toEqual(['48500000002']);
		});
	});

	it('a workflow saved with Sort keeps working where the service can sort, and is refused in words where not', async () => {
		const service = mockService().on('GET', '/contacts', contactList(1));
		await runNode({
			parameters: getMany({ options: { sort: 'date_created', sortDirection: 'ascending' } }),
		});
		expect(service.calls.map((call) => call.query)).toEqual([
			{ order_by: 'date_created', offset: '0', limit: '50' },
		]);
		await expect(runNode({ parameters: getMany({ options: { sort: 'city' } }) })).rejects.toThrow(
			'The service cannot sort contacts by "city"; Order By takes date_created, date_updated, first_name, last_name.',
		);
		await expect(
			runNode({
				parameters: getMany({ options: { sort: 'last_name', sortDirection: 'descending' } }),
			}),
		).rejects.toThrow('The service sorts contacts in ascending order only');
		expect(service.calls).toHaveLength(1);
	});

	it('a field filtered twice is refused before any request', async () => {
		const service = mockService().on('GET', '/contacts', contactList(1));
		await expect(
			runNode({
				parameters: getMany({
					filters: {
						filter: [
							{ field: 'birthday_date', operator: 'gte', value: '1980-01-01' },
							{ field: 'birthday_date', operator: 'lte', value: '1989-12-31' },
						],
					},
				}),
			}),
		).rejects.toThrow(
			'Filter 2: "birthday_date" is filtered twice; the service takes one condition per field (use Between for a range).',
		);
		expect(service.calls).toHaveLength(0);
	});
});

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

describe('contact phone numbers as people type them', () => {
	it('create sends "+48 500-000-099" as 48500000099 (the service refuses spaces and a plus) and names it in a conflict', async () => {
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

	it('update sends a typed 0048 number cleaned as well', async () => {
		const service = mockService().on('PUT', '/contacts/abc', () => [200, contact(1)]);
		await runNode({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: 'abc' },
				updateFields: { phoneNumber: '0048 (500) 000 009' },
			},
		});
		expect(service.calls.map((call) => call.body)).toEqual([{ phone_number: '48500000009' }]);
	});

	it('a number with letters or too few digits is refused before any request, per item with Continue On Fail', async () => {
		const service = mockService()
			.on('POST', '/contacts', () => [201, contact(1)])
			.on('PUT', '/contacts/abc', () => [200, contact(1)]);
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

		const updated = runNode({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: 'abc' },
				updateFields: { phoneNumber: 'call me' },
			},
		});
		await expect(updated).rejects.toThrow(/^Phone number "call me" contains "c"/);
		await expect(updated).rejects.toMatchObject({
			description: expect.stringMatching(/^Nothing was changed\./),
		});
		expect(service.calls.map((call) => `${call.method} ${call.body.phone_number}`)).toEqual([
			'POST 48500000001',
		]);
	});
});

describe('contact.update', () => {
	it('PUTs the changed fields form-encoded to /contacts/{id} (resource locator, list or id mode)', async () => {
		const updated = { ...contact(1), city: 'Kraków' };
		const service = mockService().on('PUT', '/contacts/5b800000000000000000000001', () => [
			200,
			updated,
		]);
		const output = await runNode({
			parameters: [
				{
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'list', value: '5b800000000000000000000001' },
					updateFields: { city: 'Kraków', phoneNumber: '48500000009' },
				},
				{
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'id', value: '5b800000000000000000000001' },
					updateFields: { city: 'Kraków' },
				},
			],
		});
		expect(service.calls.map((call) => [call.method, call.path, call.body])).toEqual([
			[
				'PUT',
				'/contacts/5b800000000000000000000001',
				{ city: 'Kraków', phone_number: '48500000009' },
			],
			['PUT', '/contacts/5b800000000000000000000001', { city: 'Kraków' }],
		]);
		expect(output[0]).toEqual({ json: updated, pairedItem: { item: 0 } });
		expect(output[1].pairedItem).toEqual({ item: 1 });
	});

	it('Group Names or IDs makes the groups exactly those chosen: leaves the others, joins the missing', async () => {
		const id = contact(1).id;
		const inVip = { ...contact(1), groups: [GROUPS[0]] };
		const service = groupsService()
			.on('GET', `/contacts/${id}`, () => [200, inVip])
			.on('PUT', `/contacts/${id}`, () => [200, { ...inVip, city: 'Kraków' }])
			.on('DELETE', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [204, ''])
			.on('PUT', `/contacts/${id}/groups/${GROUPS[1].id}`, () => [
				201,
				{ size: 1, collection: [GROUPS[1]] },
			]);
		const onlyGroups = await runNode({
			parameters: {
				resource: 'contact',
				operation: 'update',
				contactId: { __rl: true, mode: 'id', value: id },
				updateFields: { groups: [GROUPS[1].id] },
			},
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			'GET /contacts/groups',
			`GET /contacts/${id}`,
			`DELETE /contacts/${id}/groups/${GROUPS[0].id}`,
			`PUT /contacts/${id}/groups/${GROUPS[1].id}`,
		]);
		expect(onlyGroups[0].json.groups).toEqual([GROUPS[1]]);
	});

	describe('an empty Group Names or IDs leaves the groups as they are (issue 29)', () => {
		const id = contact(1).id;
		const inBoth = { ...contact(1), groups: GROUPS };
		const update = (updateFields: INodeParameters): INodeParameters => ({
			resource: 'contact',
			operation: 'update',
			contactId: { __rl: true, mode: 'id', value: id },
			updateFields,
		});
		const service = () =>
			groupsService()
				.on('GET', `/contacts/${id}`, () => [200, inBoth])
				.on('PUT', `/contacts/${id}`, () => [200, { ...inBoth, city: 'Kraków' }])
				.on('DELETE', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [204, ''])
				.on('DELETE', `/contacts/${id}/groups/${GROUPS[1].id}`, () => [204, '']);

		it('none chosen, or an expression that gives nothing: no membership is touched', async () => {
			const calls = service().calls;
			const noneChosen = await runNode({ parameters: update({ city: 'Kraków', groups: [] }) });
			const fromData = await runNode({
				parameters: update({ groups: '={{ $json.groups }}' }),
				items: [{ groups: [] }, { groups: '' }, {}],
			});
			expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
				`PUT /contacts/${id}`,
				`GET /contacts/${id}`,
				`GET /contacts/${id}`,
				`GET /contacts/${id}`,
			]);
			expect([...noneChosen, ...fromData].map((item) => item.json.groups)).toEqual([
				GROUPS,
				GROUPS,
				GROUPS,
				GROUPS,
			]);
		});

		it('Remove From All Groups takes the contact out of every group; the contact stays', async () => {
			const calls = service().calls;
			const output = await runNode({ parameters: update({ removeFromAllGroups: true }) });
			expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
				`GET /contacts/${id}`,
				`DELETE /contacts/${id}/groups/${GROUPS[0].id}`,
				`DELETE /contacts/${id}/groups/${GROUPS[1].id}`,
			]);
			expect(output[0].json).toMatchObject({ id, groups: [] });
		});

		it('Remove From All Groups with groups chosen is refused before any request', async () => {
			const calls = service().calls;
			const error = await failure(
				runNode({ parameters: update({ removeFromAllGroups: true, groups: [GROUPS[0].id] }) }),
			);
			expect(error.message).toBe(
				'Remove From All Groups cannot be combined with Group Names or IDs',
			);
			expect(calls).toEqual([]);
		});
	});

	it('no field to update is refused before any request', async () => {
		const service = mockService().on('PUT', '/contacts/abc', () => [200, {}]);
		await expect(
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'id', value: 'abc' },
				},
			}),
		).rejects.toThrow('Add at least one field to update');
		expect(service.calls).toHaveLength(0);
	});

	it('an unknown id gives the service error in words', async () => {
		mockService().on('PUT', '/contacts/nope', () => [
			404,
			{ message: 'Contact not found', error: 'not_found' },
		]);
		await expect(
			runNode({
				parameters: {
					resource: 'contact',
					operation: 'update',
					contactId: { __rl: true, mode: 'id', value: 'nope' },
					updateFields: { city: 'X' },
				},
			}),
		).rejects.toThrow('SMSAPI error not_found: no such resource. Check the id.');
	});
});

describe('contact.addToGroup and contact.removeFromGroup', () => {
	const id = contact(1).id;
	const membership = (operation: string, groupId: string) => ({
		resource: 'contact',
		operation,
		contactId: { __rl: true, mode: 'list', value: id },
		groupId,
	});

	it('Add to Group PUTs /contacts/{id}/groups/{groupId} and outputs the groups the contact is in', async () => {
		const service = mockService().on('PUT', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [
			201,
			{ size: 1, collection: [GROUPS[0]] },
		]);
		const output = await runNode({ parameters: membership('addToGroup', GROUPS[0].id) });
		expect(service.calls.map((call) => [call.method, call.path, call.body])).toEqual([
			['PUT', `/contacts/${id}/groups/${GROUPS[0].id}`, {}],
		]);
		expect(output).toEqual([
			{
				json: { contact_id: id, group_id: GROUPS[0].id, groups: [GROUPS[0]] },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('Remove from Group DELETEs /contacts/{id}/groups/{groupId}; not in the group is the service 404 in words', async () => {
		const service = mockService()
			.on('DELETE', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [204, ''])
			.on('DELETE', `/contacts/${id}/groups/${GROUPS[1].id}`, () => [
				404,
				{ message: 'Contact is not in this group', error: 'not_found' },
			]);
		const output = await runNode({
			parameters: [
				membership('removeFromGroup', GROUPS[0].id),
				membership('removeFromGroup', GROUPS[1].id),
			],
			continueOnFail: true,
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			`DELETE /contacts/${id}/groups/${GROUPS[0].id}`,
			`DELETE /contacts/${id}/groups/${GROUPS[1].id}`,
		]);
		expect(output[0]).toEqual({
			json: { contact_id: id, group_id: GROUPS[0].id, removed: true },
			pairedItem: { item: 0 },
		});
		expect(output[1].json.error).toMatch(/not_found/);
	});

	it('no group chosen is refused before any request', async () => {
		const service = mockService().on('PUT', `/contacts/${id}/groups/`, () => [200, {}]);
		await expect(runNode({ parameters: membership('addToGroup', '') })).rejects.toThrow(
			'Choose the group to add the contact to',
		);
		expect(service.calls).toHaveLength(0);
	});
});
