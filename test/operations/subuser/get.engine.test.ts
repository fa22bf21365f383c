/**
 * Sub-User → Get in n8n's engine in-process (support/engine.ts) against the emulator: a sub-user that
 * does not exist stops the workflow without Continue On Fail (/subusers); by name and by id in the
 * chains that start with Create: create.engine.test.ts. Its tests against a mocked service: get.test.ts.
 */
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf } from '../../workflow/run-result';
import { useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("subuser.get in n8n's engine against the emulator (token: /subusers)", () => {
	const suite = useChainWorkflows({
		'subuser-stop': { chains: [[['Get Missing', { resource: 'subuser', operation: 'get', name: 'nobody' }]]], continueOnFail: false },
	});
	const emulator = () => suite.emulator();

	it('without Continue On Fail a sub-user that does not exist stops the workflow with a clear error', async () => {
		const run = await suite.run('subuser-stop');
		expect(run.status).toBe('error');
		const error = errorOf(run, 'Get Missing');
		expect(error.message).toBe('No sub-user named "nobody"');
		expect(error.description).toMatch(/^Nothing was read\. Give the sub-user's username or ID/);
		expect(summary(await recorded(emulator()))).toEqual(['GET /subusers']);
	});
});
