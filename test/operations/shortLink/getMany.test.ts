/**
 * Short Link → Get Many against a mocked service (nock): GET /short_url/links, an item per link.
 */
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const link = { id: '101', name: 'sale', url: 'https://example.com/sale', short_url: 'http://idz.do/sale', hits: 0, hits_unique: 0 };

describe('shortLink.getMany', () => {
	it('GETs /short_url/links and outputs an item per link', async () => {
		const service = mockService().on('GET', '/short_url/links', () => [200, { size: 1, collection: [link] }]);
		const output = await runNode({ parameters: { resource: 'shortLink', operation: 'getMany', returnAll: true } });
		expect(output).toHaveLength(1);
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /short_url/links']);
		expect(output[0]).toEqual({ json: link, pairedItem: { item: 0 } });
	});
});
