import { failure, mockService, runNode, useMockedNetwork } from './run-node';

useMockedNetwork();

const group = { id: 'g1', name: 'newsletter', description: 'News', idx: null, contact_expire_after: null, contacts_count: '3' };
const conflict = { message: 'Group with this name already exists', error: 'group_conflict', developer_description: null, errors: null };

describe('contactGroup', () => {
	it('create POSTs a form with the service names; contacts_count comes out as a number', async () => {
		const service = mockService().on('POST', '/contacts/groups', () => [201, group]);
		const output = await runNode({
			parameters: { resource: 'contactGroup', operation: 'create', name: ' newsletter ', additionalFields: { description: 'News', idx: 'crm-7', contactExpireAfter: 30 } },
		});
		expect(service.calls[0].body).toEqual({ description: 'News', idx: 'crm-7', contact_expire_after: '30', name: 'newsletter' });
		expect(output[0].json).toEqual({ ...group, contacts_count: 3 });
	});

	it('create: a name that exists is a clear error, an error item with Continue On Fail', async () => {
		mockService().on('POST', '/contacts/groups', () => [409, conflict]);
		const error = await failure(runNode({ parameters: { resource: 'contactGroup', operation: 'create', name: 'vip' } }));
		expect(error.message).toMatch(/already exists/);
		const output = await runNode({ parameters: { resource: 'contactGroup', operation: 'create', name: 'vip' }, continueOnFail: true });
		expect(output[0].json.error).toMatch(/already exists/);
	});

	it('update keeps the current name (the service requires it) when only other fields change', async () => {
		const service = mockService()
			.on('GET', '/contacts/groups/g1', () => [200, group])
			.on('PUT', '/contacts/groups/g1', () => [200, { ...group, description: 'Weekly' }]);
		await runNode({ parameters: { resource: 'contactGroup', operation: 'update', groupId: 'g1', updateFields: { description: 'Weekly' } } });
		expect(service.calls.map((call) => call.method)).toEqual(['GET', 'PUT']);
		expect(service.calls[1].body).toEqual({ description: 'Weekly', name: 'newsletter' });
		const nothing = await failure(runNode({ parameters: { resource: 'contactGroup', operation: 'update', groupId: 'g1', updateFields: {} } }));
		expect(nothing.message).toBe('Add at least one field to update');
	});

	it('get, getMany (limited) and delete; an unknown group is a not-found error', async () => {
		const notFound = { message: 'Group not found', error: 'not_found', developer_description: null, errors: null };
		const service = mockService()
			.on('GET', '/contacts/groups', () => [200, { size: 2, collection: [group, { ...group, id: 'g2' }] }])
			.on('GET', '/contacts/groups/nope', () => [404, notFound])
			.on('DELETE', '/contacts/groups/g1', () => [204, '']);
		expect(await runNode({ parameters: { resource: 'contactGroup', operation: 'getMany', returnAll: false, limit: 1 } })).toHaveLength(1);
		expect(service.calls[0].query).toEqual({ with: 'contacts_count' });
		expect((await runNode({ parameters: { resource: 'contactGroup', operation: 'delete', groupId: 'g1' } }))[0].json).toEqual({ id: 'g1', deleted: true });
		const error = await failure(runNode({ parameters: { resource: 'contactGroup', operation: 'get', groupId: 'nope' } }));
		expect(error.message).toMatch(/not_found/);
	});
});
