/**
 * Contact Group → Get against a mocked service (nock): GET /contacts/groups/{id}, the group with
 * contacts_count as a number; an unknown group is a not-found error; an id not of its kind is
 * refused before any request. In n8n's engine, the get of a deleted group: create.engine.test.ts.
 */
import { group, groupNotFound as notFound } from '../support/groups';
import { expectIdRefused, OBJECT_ID } from '../support/id-formats';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contactGroup.get', () => {
	it('GETs /contacts/groups/{id} and outputs the group, contacts_count as a number', async () => {
		const service = mockService().on('GET', '/contacts/groups/650000000000000000000001', () => [200, group]);
		const output = await runNode({ parameters: { resource: 'contactGroup', operation: 'get', groupId: '650000000000000000000001' } });
		expect(service.calls.map((call) => [call.method, call.path, call.query])).toEqual([['GET', '/contacts/groups/650000000000000000000001', {}]]);
		expect(output).toEqual([{ json: { ...group, contacts_count: 3 }, pairedItem: { item: 0 } }]);
	});

	it('an unknown group is a not-found error', async () => {
		mockService().on('GET', '/contacts/groups/ffffffffffffffffffffffff', () => [404, notFound]);
		const error = await failure(
			runNode({ parameters: { resource: 'contactGroup', operation: 'get', groupId: 'ffffffffffffffffffffffff' } }),
		);
		expect(error.message).toMatch(/not_found/);
	});

	it('an id of 23 hex digits is refused before any request', () =>
		expectIdRefused(
			{ resource: 'contactGroup', operation: 'get', groupId: '5b802315a788494a04690d1' },
			'groupId: "5b802315a788494a04690d1"',
			OBJECT_ID,
		));
});
