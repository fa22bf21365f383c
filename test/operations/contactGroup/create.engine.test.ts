/**
 * Contact Group → Create in n8n's engine in-process (support/engine.ts) against the emulator: the
 * chain Create → Create again → Update → Delete → Get of the deleted group with Continue On Fail
 * (Update, Delete and Get in the chain are theirs as much as Create's). Its tests against a mocked
 * service: create.test.ts.
 */
import { ref } from '../../workflow/chains';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const CHAIN: Chain = [
	[
		'Group Create',
		{
			resource: 'contactGroup',
			operation: 'create',
			name: 'e2e-group',
			additionalFields: { description: 'from n8n' },
		},
	],
	['Group Exists', { resource: 'contactGroup', operation: 'create', name: 'e2e-group' }],
	[
		'Group Update',
		{
			resource: 'contactGroup',
			operation: 'update',
			groupId: ref('Group Create', 'id'),
			updateFields: { description: 'changed' },
		},
	],
	['Group Delete', { resource: 'contactGroup', operation: 'delete', groupId: ref('Group Create', 'id') }],
	['Group Gone', { resource: 'contactGroup', operation: 'get', groupId: ref('Group Create', 'id') }],
];

describe("contactGroup.create, then update, delete and get, in n8n's engine against the emulator (Continue On Fail)", () => {
	const suite = useChainWorkflows({ 'contact-group': { chains: [CHAIN], continueOnFail: true } });

	it('results, and clear error items for a name that exists and a group not found', async () => {
		const run = await suite.run('contact-group');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(one('Group Create')).toMatchObject({
			name: 'e2e-group',
			description: 'from n8n',
			contacts_count: 0,
		});
		expect(one('Group Exists').error).toMatch(/already exists/);
		expect(one('Group Update')).toMatchObject({ name: 'e2e-group', description: 'changed' });
		expect(one('Group Delete')).toMatchObject({ deleted: true });
		expect(one('Group Gone').error).toMatch(/not_found/);
	}, 30_000);
});
