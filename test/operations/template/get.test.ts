/**
 * Template → Get against a mocked service (nock): GET of the template by id; an id not of its
 * kind refused before any request. In n8n's engine, the get of a deleted template: create.engine.test.ts.
 */
import { expectIdRefused } from '../support/id-formats';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const template = { id: 't1', name: 'shipping', template: 'Hello [%1%], order [%2%] shipped.', normalize: false };

describe('template.get', () => {
	it('GETs /sms/templates/{id} and outputs the template', async () => {
		mockService().on('GET', '/sms/templates/t1', () => [200, template]);
		expect((await runNode({ parameters: { resource: 'template', operation: 'get', templateId: 't1' } }))[0].json).toEqual(template);
	});

	it('an id that is no template id ("available") is refused before any request', () =>
		expectIdRefused({ resource: 'template', operation: 'get', templateId: 'available' }, 'templateId: "available"', /never "available"/));
});
