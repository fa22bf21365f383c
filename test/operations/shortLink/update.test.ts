/**
 * Short Link → Update against a mocked service (nock): PUT of the changes to the link's id; an id
 * not of its kind refused before any request. In n8n's engine, after Create: create.engine.test.ts.
 */
import { expectIdRefused } from '../support/id-formats';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const link = { id: '101', name: 'sale', url: 'https://example.com/sale', short_url: 'http://idz.do/sale', hits: 0, hits_unique: 0 };

describe('shortLink.update', () => {
	it('PUTs the changes to /short_url/links/{id}', async () => {
		const service = mockService().on('PUT', '/short_url/links/101', () => [200, { ...link, url: 'https://example.com/new' }]);
		await runNode({ parameters: { resource: 'shortLink', operation: 'update', linkId: '101', updateFields: { url: 'https://example.com/new' } } });
		expect(service.calls[0].body).toEqual({ url: 'https://example.com/new' });
	});

	it('an id that is not digits ("1a") is refused before any request', () =>
		expectIdRefused(
			{ resource: 'shortLink', operation: 'update', linkId: '1a', updateFields: { name: 'x' } },
			'linkId: "1a"',
			/digits only/,
		));
});
