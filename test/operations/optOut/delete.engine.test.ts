/**
 * Opt-Out → Delete in n8n's engine in-process (support/engine.ts) against the emulator: a bad id stops
 * the workflow without Continue On Fail and nothing is sent; in the chain that starts with Get Many:
 * getMany.engine.test.ts. Its tests against a mocked service: delete.test.ts.
 */
import { recorded } from '../../workflow/resource-fixtures';
import { nodeError as errorOf } from '../../workflow/run-result';
import { useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("optOut.delete in n8n's engine against the emulator", () => {
	const suite = useChainWorkflows({
		'bad-id': { chains: [[['Delete Dot', { resource: 'optOut', operation: 'delete', optOutId: '.' }]]], continueOnFail: false },
	});
	const emulator = () => suite.emulator();

	it('without Continue On Fail a bad id stops the workflow with a clear error and nothing is sent', async () => {
		const run = await suite.run('bad-id');
		expect(run.status).toBe('error');
		expect(errorOf(run, 'Delete Dot').message).toBe('Not a valid ID in optOutId: "."');
		expect(await recorded(emulator())).toEqual([]);
	}, 30_000);
});
