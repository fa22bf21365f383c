/**
 * Short Link → Create against a mocked service (nock): url, name, description and the expiry with its
 * unit; an address that is not http(s) refused, a named link that exists a clear error. Its workflows
 * in n8n's engine: create.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const link = { id: '101', name: 'sale', url: 'https://example.com/sale', short_url: 'http://idz.do/sale', hits: 0, hits_unique: 0 };

describe('shortLink.create', () => {
	it('POSTs url, name, description and the expiry with its unit', async () => {
		const service = mockService().on('POST', '/short_url/links', () => [201, link]);
		await runNode({
			parameters: {
				resource: 'shortLink',
				operation: 'create',
				url: 'https://example.com/sale',
				options: { name: 'sale', description: 'Spring', expireTime: 3, expireUnit: 'hours' },
			},
		});
		expect(service.calls[0].body).toEqual({ url: 'https://example.com/sale', name: 'sale', description: 'Spring', expire_time: '3', expire_unit: 'hours' });
	});

	it('refuses an address that is not http(s); a named link that exists is a clear error', async () => {
		const service = mockService().on('POST', '/short_url/links', () => [409, { message: 'Named link already exists', error: 'short_url_conflict' }]);
		expect((await failure(runNode({ parameters: { resource: 'shortLink', operation: 'create', url: 'example.com' } }))).message).toMatch(
			/Not an http\(s\) address/,
		);
		expect(service.calls).toHaveLength(0);
		const error = await failure(runNode({ parameters: { resource: 'shortLink', operation: 'create', url: 'https://example.com', options: { name: 'sale' } } }));
		expect(error.message).toMatch(/already exists/);
	});
});
