/**
 * Template → Create against a mocked service (nock): name, template and normalize as a form, an
 * empty text refused, a name in use (issue 29, finding 10) refused whatever the service answers;
 * and in n8n's engine against the emulator, the chain Create → Update → Delete → Get of the
 * deleted template with Continue On Fail (Update, Delete and Get in the chain are theirs as much as
 * Create's). The emulator answering duplicates both ways: test/workflow/duplicates.test.ts.
 */
import nock from 'nock';

import { ref } from '../../workflow/chains';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const template = { id: 't1', name: 'shipping', template: 'Hello [%1%], order [%2%] shipped.', normalize: false };

describe('template.create', () => {
	it('POSTs name, template and normalize as a form', async () => {
		const service = mockService()
			.on('GET', '/sms/templates', () => [200, { size: 0, collection: [] }])
			.on('POST', '/sms/templates', () => [201, template]);
		const output = await runNode({
			parameters: { resource: 'template', operation: 'create', name: 'shipping', template: template.template, options: { normalize: true } },
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /sms/templates', 'POST /sms/templates']);
		expect(service.calls[1].body).toEqual({ normalize: '1', name: 'shipping', template: template.template });
		expect(output[0].json).toEqual(template);
		expect((await failure(runNode({ parameters: { resource: 'template', operation: 'create', name: 'x', template: ' ' } }))).message).toBe(
			'Enter the text of the template',
		);
	});

	describe('a name in use (issue 29, finding 10)', () => {
		const create = { resource: 'template', operation: 'create', name: ' shipping ', template: 'Other text' };

		it('is refused before anything is posted: the published API documents only 201 for this POST, a second template of one name may be created', async () => {
			const service = mockService()
				.on('GET', '/sms/templates', () => [200, { size: 2, collection: [{ ...template, id: 't0', name: 'shipping-eu' }, template] }])
				.on('POST', '/sms/templates', () => [201, { ...template, id: 't2' }]);
			const error = await failure(runNode({ parameters: create }));
			expect(error.message).toBe('A template named "shipping" exists already');
			expect(error.description).toMatch(/^Nothing was created\. Its id is t1\. .*Template → Update/);
			expect(service.calls.map((call) => call.method)).toEqual(['GET']);
		});

		it('a 409 or 400 after the lookup (created meanwhile) says the same; a name only similar is no conflict', async () => {
			let listed = false;
			for (const status of [409, 400]) {
				listed = false;
				const service = mockService()
					.on('GET', '/sms/templates', () => [200, { size: 1, collection: listed ? [template] : [{ ...template, id: 't0', name: 'Shipping' }] }])
					.on('POST', '/sms/templates', () => {
						listed = true;
						return [status, { message: 'Template with this name already exists', error: 'template_conflict', developer_description: null, errors: null }];
					});
				const error = await failure(runNode({ parameters: create }));
				expect(error.message).toBe('A template named "shipping" exists already');
				expect(service.calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET']);
				nock.cleanAll();
			}
		});
	});
});

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
