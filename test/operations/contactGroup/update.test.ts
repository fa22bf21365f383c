/**
 * Contact Group → Update against a mocked service (nock): the current name kept (the service
 * requires it) when only other fields change, nothing to update refused, an id not of its kind
 * refused before any request. In n8n's engine, after Create: create.engine.test.ts.
 */
import { group } from '../support/groups';
import { expectIdRefused, OBJECT_ID } from '../support/id-formats';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contactGroup.update', () => {
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

	it('an id that is no group id ("permissions") is refused before any request', () =>
		expectIdRefused(
			{ resource: 'contactGroup', operation: 'update', groupId: 'permissions', updateFields: { description: 'x' } },
			'groupId: "permissions"',
			OBJECT_ID,
		));
});
