/**
 * Template → Get Many against a mocked service (nock): GET /sms/templates, an item per template.
 */
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const template = { id: 't1', name: 'shipping', template: 'Hello [%1%], order [%2%] shipped.', normalize: false };

describe('template.getMany', () => {
	it('GETs /sms/templates and outputs an item per template', async () => {
		const service = mockService().on('GET', '/sms/templates', () => [200, { size: 1, collection: [template] }]);
		const output = await runNode({ parameters: { resource: 'template', operation: 'getMany', returnAll: true } });
		expect(output).toHaveLength(1);
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /sms/templates']);
		expect(output[0]).toEqual({ json: template, pairedItem: { item: 0 } });
	});
});
