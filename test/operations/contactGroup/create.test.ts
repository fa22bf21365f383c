/**
 * Contact Group → Create against a mocked service (nock): a form with the service's names,
 * contacts_count as a number, a name that exists. Its workflows in n8n's engine:
 * create.engine.test.ts.
 */
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
