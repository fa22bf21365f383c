/**
 * Contact Group → Get Many against a mocked service (nock): GET /contacts/groups with
 * contacts_count, up to Limit.
 */
import { group } from '../support/groups';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contactGroup.getMany', () => {
	it('asks for contacts_count and outputs up to Limit', async () => {
		const service = mockService().on('GET', '/contacts/groups', () => [
			200,
			{ size: 2, collection: [group, { ...group, id: '650000000000000000000002' }] },
		]);
		expect(
			await runNode({
				parameters: { resource: 'contactGroup', operation: 'getMany', returnAll: false, limit: 1 },
			}),
		).toHaveLength(1);
		expect(service.calls[0].query).toEqual({ with: 'contacts_count' });
	});
});
