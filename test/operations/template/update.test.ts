/**
 * Template → Update against a mocked service (nock): PUT of the changed fields to the template's
 * id; an id not of its kind refused before any request. In n8n's engine, after Create:
 * create.engine.test.ts.
 */
import { expectIdRefused } from '../support/id-formats';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const template = { id: 't1', name: 'shipping', template: 'Hello [%1%], order [%2%] shipped.', normalize: false };

describe('template.update', () => {
	it('PUTs the changed fields to /sms/templates/{id}', async () => {
		const service = mockService().on('PUT', '/sms/templates/t1', () => [200, { ...template, name: 'sent' }]);
		await runNode({ parameters: { resource: 'template', operation: 'update', templateId: 't1', updateFields: { name: 'sent' } } });
		expect(service.calls[0].body).toEqual({ name: 'sent' });
	});

	it('an id that is no template id ("available") is refused before any request', () =>
		expectIdRefused(
			{ resource: 'template', operation: 'update', templateId: 'available', updateFields: { name: 'x' } },
			'templateId: "available"',
			/never "available"/,
		));
});
