import { failure, mockService, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const link = { id: '101', name: 'sale', url: 'https://example.com/sale', short_url: 'http://idz.do/sale', hits: 0, hits_unique: 0 };

describe('shortLink', () => {
	it('create POSTs url, name, description and the expiry with its unit', async () => {
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

	it('create refuses an address that is not http(s); a named link that exists is a clear error', async () => {
		const service = mockService().on('POST', '/short_url/links', () => [409, { message: 'Named link already exists', error: 'short_url_conflict' }]);
		expect((await failure(runNode({ parameters: { resource: 'shortLink', operation: 'create', url: 'example.com' } }))).message).toMatch(
			/Not an http\(s\) address/,
		);
		expect(service.calls).toHaveLength(0);
		const error = await failure(runNode({ parameters: { resource: 'shortLink', operation: 'create', url: 'https://example.com', options: { name: 'sale' } } }));
		expect(error.message).toMatch(/already exists/);
	});

	it('getClicks asks for the day range and one request per chosen link', async () => {
		const service = mockService().on('GET', '/short_url/clicks', (request) => [
			200,
			{ size: 1, collection: [{ phone_number: '48500000001', name: request.query['links[]'] ?? 'all' }] },
		]);
		const output = await runNode({
			parameters: { resource: 'shortLink', operation: 'getClicks', dateFrom: '2024-01-01T00:00:00', dateTo: '2024-01-31T00:00:00', linkIds: ['101', '102'], returnAll: true },
		});
		expect(service.calls.map((call) => call.query)).toEqual([
			{ date_from: '2024-01-01', date_to: '2024-01-31', 'links[]': '101' },
			{ date_from: '2024-01-01', date_to: '2024-01-31', 'links[]': '102' },
		]);
		expect(output.map((item) => item.json.link_id)).toEqual(['101', '102']);
		const reversed = await failure(
			runNode({ parameters: { resource: 'shortLink', operation: 'getClicks', dateFrom: '2024-02-01', dateTo: '2024-01-01', linkIds: [] } }),
		);
		expect(reversed.message).toBe('From (2024-02-01) is after To (2024-01-01)');
	});

	it('update PUTs the changes, delete and getMany', async () => {
		const service = mockService()
			.on('PUT', '/short_url/links/101', () => [200, { ...link, url: 'https://example.com/new' }])
			.on('DELETE', '/short_url/links/101', () => [204, ''])
			.on('GET', '/short_url/links', () => [200, { size: 1, collection: [link] }]);
		await runNode({ parameters: { resource: 'shortLink', operation: 'update', linkId: '101', updateFields: { url: 'https://example.com/new' } } });
		expect(service.calls[0].body).toEqual({ url: 'https://example.com/new' });
		expect((await runNode({ parameters: { resource: 'shortLink', operation: 'delete', linkId: '101' } }))[0].json).toEqual({ id: '101', deleted: true });
		expect(await runNode({ parameters: { resource: 'shortLink', operation: 'getMany', returnAll: true } })).toHaveLength(1);
	});
});
