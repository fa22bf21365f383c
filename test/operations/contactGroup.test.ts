import type { IDataObject } from 'n8n-workflow';

import { failure, mockService, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const group = {
	id: '650000000000000000000001',
	name: 'newsletter',
	description: 'News',
	idx: null,
	contact_expire_after: null,
	contacts_count: '3',
};
const conflict = {
	message: 'Group with this name already exists',
	error: 'group_conflict',
	developer_description: null,
	errors: null,
};

describe('contactGroup', () => {
	it('create POSTs a form with the service names; contacts_count comes out as a number', async () => {
		const service = mockService().on('POST', '/contacts/groups', () => [201, group]);
		const output = await runNode({
			parameters: {
				resource: 'contactGroup',
				operation: 'create',
				name: ' newsletter ',
				additionalFields: { description: 'News', idx: 'crm-7', contactExpireAfter: 30 },
			},
		});
		expect(service.calls[0].body).toEqual({
			description: 'News',
			idx: 'crm-7',
			contact_expire_after: '30',
			name: 'newsletter',
		});
		expect(output[0].json).toEqual({ ...group, contacts_count: 3 });
	});

	it('create: a name that exists is a clear error, an error item with Continue On Fail', async () => {
		mockService().on('POST', '/contacts/groups', () => [409, conflict]);
		const error = await failure(
			runNode({ parameters: { resource: 'contactGroup', operation: 'create', name: 'vip' } }),
		);
		expect(error.message).toMatch(/already exists/);
		const output = await runNode({
			parameters: { resource: 'contactGroup', operation: 'create', name: 'vip' },
			continueOnFail: true,
		});
		expect(output[0].json.error).toMatch(/already exists/);
	});

	it('update keeps the current name (the service requires it) when only other fields change', async () => {
		const service = mockService()
			.on('GET', '/contacts/groups/650000000000000000000001', () => [200, group])
			.on('PUT', '/contacts/groups/650000000000000000000001', () => [200, { ...group, description: 'Weekly' }]);
		await runNode({
			parameters: {
				resource: 'contactGroup',
				operation: 'update',
				groupId: '650000000000000000000001',
				updateFields: { description: 'Weekly' },
			},
		});
		expect(service.calls.map((call) => call.method)).toEqual(['GET', 'PUT']);
		expect(service.calls[1].body).toEqual({ description: 'Weekly', name: 'newsletter' });
		const nothing = await failure(
			runNode({
				parameters: {
					resource: 'contactGroup',
					operation: 'update',
					groupId: '650000000000000000000001',
					updateFields: {},
				},
			}),
		);
		expect(nothing.message).toBe('Add at least one field to update');
	});

	it('get, getMany (limited) and delete; an unknown group is a not-found error', async () => {
		const notFound = {
			message: 'Group not found',
			error: 'not_found',
			developer_description: null,
			errors: null,
		};
		const service = mockService()
			.on('GET', '/contacts/groups', () => [
				200,
				{ size: 2, collection: [group, { ...group, id: '650000000000000000000002' }] },
			])
			.on('GET', '/contacts/groups/ffffffffffffffffffffffff', () => [404, notFound])
			.on('DELETE', '/contacts/groups/650000000000000000000001', () => [204, '']);
		expect(
			await runNode({
				parameters: { resource: 'contactGroup', operation: 'getMany', returnAll: false, limit: 1 },
			}),
		).toHaveLength(1);
		expect(service.calls[0].query).toEqual({ with: 'contacts_count' });
		expect(
			(
				await runNode({
					parameters: { resource: 'contactGroup', operation: 'delete', groupId: '650000000000000000000001' },
				})
			)[0].json,
		).toEqual({
			id: '650000000000000000000001',
			deleted: true,
			delete_contacts: false,
		});
		const error = await failure(
			runNode({ parameters: { resource: 'contactGroup', operation: 'get', groupId: 'ffffffffffffffffffffffff' } }),
		);
		expect(error.message).toMatch(/not_found/);
	});

	describe('delete (issue 29: nothing outside what the user named)', () => {
		const deleteGroup = (extra: IDataObject = {}) => ({
			resource: 'contactGroup',
			operation: 'delete',
			groupId: '650000000000000000000001',
			...extra,
		});

		it('always says what happens to the contacts: delete_contacts=0 unless Delete Its Contacts Too, =1 with it', async () => {
			const service = mockService().on('DELETE', '/contacts/groups/650000000000000000000001', () => [204, '']);
			const output = await runNode({
				parameters: [deleteGroup(), deleteGroup({ deleteContacts: true })],
			});
			expect(service.calls.map((call) => [call.method, call.path, call.query, call.body])).toEqual([
				['DELETE', '/contacts/groups/650000000000000000000001', { delete_contacts: '0' }, {}],
				['DELETE', '/contacts/groups/650000000000000000000001', { delete_contacts: '1' }, {}],
			]);
			expect(output.map((item) => item.json)).toEqual([
				{ id: '650000000000000000000001', deleted: true, delete_contacts: false },
				{ id: '650000000000000000000001', deleted: true, delete_contacts: true },
			]);
		});

		it('a 304 answer (the published "Group not modified") is reported as nothing deleted, not as deleted', async () => {
			mockService().on('DELETE', '/contacts/groups/650000000000000000000001', () => [304, '']);
			const [item] = await runNode({ parameters: deleteGroup() });
			expect(item.json).toEqual({
				id: '650000000000000000000001',
				deleted: false,
				delete_contacts: false,
				reason:
					'The service answered 304 Not Modified: the group was not deleted, nor any contact. Check the group in the SMSAPI portal.',
			});
		});

		it('an id of "." or ".." is refused before any request, naming the field and the value', async () => {
			const service = mockService().on('DELETE', '/contacts/groups/..', () => [204, '']);
			for (const groupId of ['.', '..']) {
				const error = await failure(runNode({ parameters: deleteGroup({ groupId }) }));
				expect(error.message).toBe(`Not a valid ID in groupId: "${groupId}"`);
				expect(error.description).toMatch(/^Nothing was sent\. An ID here is 24 characters 0-9 and a-f/);
				expect(error.context.itemIndex).toBe(0);
			}
			expect(service.calls).toEqual([]);
		});
	});
});
