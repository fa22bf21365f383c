/**
 * Sub-User → Delete with a token (nock): the sub-user found by its exact username over REST, then
 * DELETE /subusers/{id}; an unknown username is a clear error and nothing is deleted. Its workflows in
 * n8n's engine: delete.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('subuser.delete', () => {
	it('finds the sub-user by exact username over REST and DELETEs it by id', async () => {
		const service = mockService()
			.on('GET', '/subusers', () => [
				200,
				{ size: 2, collection: [{ id: 'a1', username: 'acme_shop2' }, { id: 'a2', username: 'acme_shop' }] },
			])
			.on('DELETE', '/subusers/a2', () => [204, '']);
		const output = await runNode({ parameters: { resource: 'subuser', operation: 'delete', name: 'acme_shop' } });
		expect(service.calls[0].query).toEqual({ q: 'acme_shop' });
		expect(service.calls[1].path).toBe('/subusers/a2');
		expect(output[0].json).toEqual({ id: 'a2', username: 'acme_shop', deleted: true });
	});

	it('an unknown username is a clear error and nothing is deleted', async () => {
		const service = mockService().on('GET', '/subusers', () => [200, { size: 0, collection: [] }]);
		const error = await failure(runNode({ parameters: { resource: 'subuser', operation: 'delete', name: 'ghost' } }));
		expect(error.message).toBe('No sub-user named "ghost"');
		expect(service.calls).toHaveLength(1);
	});
});
