/**
 * Template → Create against a mocked service (nock): name, template and normalize as a form, an empty
 * text refused, a name in use (issue 29, finding 10) refused whatever the service answers. Its
 * workflows in n8n's engine: create.engine.test.ts.
 */
import nock from 'nock';
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
