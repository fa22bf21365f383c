/**
 * Contact Group → Delete (issue 29: nothing outside what the user named is deleted) against a
 * mocked service (nock): what happens to the contacts always said (delete_contacts), a 304 reported
 * as nothing deleted, ids refused before any request; against the emulator (real HTTP on loopback),
 * its contacts deleted only when asked to. In n8n's engine, after Create: create.engine.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runOnEmulator, useEmulator } from '../support/emulator';
import { expectIdRefused, OBJECT_ID } from '../support/id-formats';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contactGroup.delete', () => {
	it('DELETEs the group and says that its contacts stay', async () => {
		mockService().on('DELETE', '/contacts/groups/650000000000000000000001', () => [204, '']);
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
	});

	it('an id that is no group id ("trash") is refused before any request', () =>
		expectIdRefused({ resource: 'contactGroup', operation: 'delete', groupId: 'trash' }, 'groupId: "trash"', OBJECT_ID));

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

describe('contactGroup.delete against the emulator', () => {
	const emulator = useEmulator();
	const groupId = (name: string): string => {
		const group = emulator().state.groups.find((entry) => entry.name === name);
		if (!group) throw new Error(`no seeded group ${name}`);
		return group.id;
	};
	const run = (parameters: INodeParameters) => runOnEmulator(emulator(), parameters);
	const deleteGroup = (name: string, deleteContacts?: boolean): INodeParameters => ({
		resource: 'contactGroup',
		operation: 'delete',
		groupId: groupId(name),
		...(deleteContacts === undefined ? {} : { deleteContacts }),
	});

	it('by default only the group goes: its contacts stay in the database', async () => {
		const [item] = await run(deleteGroup('customers'));
		expect(item.json).toEqual({ id: expect.any(String), deleted: true, delete_contacts: false });
		expect(emulator().state.groups.map((group) => group.name)).toEqual(['vip', 'empty']);
		expect(emulator().state.contacts).toHaveLength(6);
	});

	it('Delete Its Contacts Too deletes the contacts of that group, and no other', async () => {
		const [item] = await run(deleteGroup('customers', true));
		expect(item.json).toMatchObject({ deleted: true, delete_contacts: true });
		expect(emulator().state.contacts.map((contact) => contact.first_name)).toEqual([
			'Maria',
			'John',
			'Eva',
		]);
		expect(emulator().state.groups.map((group) => group.name)).toEqual(['vip', 'empty']);
	});

	it('the emulator refuses a delete_contacts that is no boolean, and deletes nothing', async () => {
		const response = await fetch(
			`${emulator().primaryUrl}/contacts/groups/${groupId('customers')}?delete_contacts=yes`,
			{
				method: 'DELETE',
				headers: { Authorization: 'Bearer test-token' },
			},
		);
		expect(response.status).toBe(400);
		expect(
			emulator()
				.takeViolations()
				.map((violation) => violation.problems.map((problem) => problem.path)),
		).toEqual([['delete_contacts']]);
		expect(emulator().state.groups).toHaveLength(3);
		expect(emulator().state.contacts).toHaveLength(6);
	});
});
