/**
 * Short Link → Get Clicks against a mocked service (nock): the day range, one request per chosen
 * link, From after To refused. In n8n's engine, after Create: create.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('shortLink.getClicks', () => {
	it('asks for the day range and one request per chosen link', async () => {
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
});
