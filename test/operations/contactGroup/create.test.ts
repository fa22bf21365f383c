/**
 * Contact Group → Create against a mocked service (nock): a form with the service's names,
 * contacts_count as a number, a name that exists; and in n8n's engine against the emulator, the
 * chain Create → Create again → Update → Delete → Get of the deleted group with Continue On Fail
 * (Update, Delete and Get in the chain are theirs as much as Create's).
 */
import { ref } from '../../workflow/chains';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { group, groupConflict as conflict } from '../support/groups';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contactGroup.create', () => {
	it('POSTs a form with the service names; contacts_count comes out as a number', async () => {
		const service = mockService().on('POST', '/contacts/groups', () => [201, group]);
		const output = await runNode({
			parameters: {
				resource: 'contactGroup',
				operation: 'create',
				name: ' newsletter ',
				additionalFields: { description: 'News', idx: 'crm-7', contactExpireAfter: 30 },
			},
		});
		expect(service.calls[0].body).toEqual({
			description: 'News',
			idx: 'crm-7',
			contact_expire_after: '30',
			name: 'newsletter',
		});
		expect(output[0].json).toEqual({ ...group, contacts_count: 3 });
	});

	it('a name that exists is a clear error, an error item with Continue On Fail', async () => {
		mockService().on('POST', '/contacts/groups', () => [409, conflict]);
		const error = await failure(
			runNode({ parameters: { resource: 'contactGroup', operation: 'create', name: 'vip' } }),
		);
		expect(error.message).toMatch(/already exists/);
		const output = await runNode({
			parameters: { resource: 'contactGroup', operation: 'create', name: 'vip' },
			continueOnFail: true,
		});
		expect(output[0].json.error).toMatch(/already exists/);
	});
});

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
