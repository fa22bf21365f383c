/**
 * Sub-User → Delete with a token in n8n's engine in-process (support/engine.ts) against the emulator:
 * the seeded demo_shop deleted, then not found (Continue On Fail); in the token chain that starts with
 * Create: create.engine.test.ts. Its tests against a mocked service: delete.test.ts.
 */
import { firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

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
