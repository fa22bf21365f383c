/**
 * Sub-User → Delete with a token (nock): the sub-user found by its exact username over REST, then
 * DELETE /subusers/{id}; an unknown username is a clear error and nothing is deleted. In n8n's
 * engine against the emulator: the seeded demo_shop deleted, then not found (Continue On Fail);
 * in the token chain that starts with Create: create.test.ts.
 */
import { firstJson, useChainWorkflows } from '../support/engine';
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

describe("subuser.delete in n8n's engine against the emulator (token, Continue On Fail)", () => {
	const suite = useChainWorkflows({
		'subuser-delete': {
			chains: [
				[
					['Subuser Delete', { resource: 'subuser', operation: 'delete', name: 'demo_shop' }],
					['Subuser Missing', { resource: 'subuser', operation: 'delete', name: 'demo_shop' }],
				],
			],
			continueOnFail: true,
		},
	});
	const emulator = () => suite.emulator();

	it('deletes the sub-user, then a clear error item for one not found', async () => {
		const run = await suite.run('subuser-delete');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(one('Subuser Delete')).toMatchObject({ username: 'demo_shop', deleted: true });
		expect(one('Subuser Missing').error).toBe('No sub-user named "demo_shop"');
		expect(emulator().state.subusers).toEqual([]);
	}, 30_000);
});
