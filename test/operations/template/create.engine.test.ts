/**
 * Template → Create in n8n's engine in-process (support/engine.ts) against the emulator: the chain
 * Create → Update → Delete → Get of the deleted template with Continue On Fail (Update, Delete and Get
 * in the chain are theirs as much as Create's). The emulator answering duplicates both ways:
 * test/workflow/duplicates.engine.test.ts. Its tests against a mocked service: create.test.ts.
 */
import { ref } from '../../workflow/chains';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const CHAIN: Chain = [
	[
		'Template Create',
		{
			resource: 'template',
			operation: 'create',
			name: 'e2e-template',
			template: 'Hi [%1%]',
			options: {},
		},
	],
	[
		'Template Update',
		{
			resource: 'template',
			operation: 'update',
			templateId: ref('Template Create', 'id'),
			updateFields: { template: 'Hello [%1%]' },
		},
	],
	['Template Delete', { resource: 'template', operation: 'delete', templateId: ref('Template Create', 'id') }],
	['Template Gone', { resource: 'template', operation: 'get', templateId: ref('Template Create', 'id') }],
];

describe("template.create, then update, delete and get, in n8n's engine against the emulator (Continue On Fail)", () => {
	const suite = useChainWorkflows({ template: { chains: [CHAIN], continueOnFail: true } });

	it('results, and a clear error item for a template not found', async () => {
		const run = await suite.run('template');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(one('Template Update')).toMatchObject({ name: 'e2e-template', template: 'Hello [%1%]' });
		expect(one('Template Delete')).toMatchObject({ deleted: true });
		expect(one('Template Gone').error).toMatch(/not_found/);
	}, 30_000);
});
