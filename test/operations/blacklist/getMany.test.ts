/**
 * Blacklist → Get Many against a mocked service (nock): pages with offset and limit, the search
 * sent as q. In n8n's engine, after Add and Remove: add.engine.test.ts.
 */
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const entry = { id: 'b1', phone_number: '48500000001', expire_at: null, created_at: '2024-01-15T10:00:00+01:00' };

describe('blacklist.getMany', () => {
	it('pages with offset and limit and sends the search', async () => {
		const all = Array.from({ length: 130 }, (_, i) => ({ ...entry, id: `b${i}`, phone_number: `48500000${String(i).padStart(3, '0')}` }));
		const service = mockService().on('GET', '/blacklist/phone_numbers', (request) => {
			const offset = Number(request.query.offset);
			const limit = Number(request.query.limit);
			return [200, { size: all.length, collection: all.slice(offset, offset + limit) }];
		});
		const output = await runNode({ parameters: { resource: 'blacklist', operation: 'getMany', returnAll: true, q: '48500' } });
		expect(output).toHaveLength(130);
		expect(service.calls.map((call) => call.query)).toEqual([
			{ q: '48500', offset: '0', limit: '100' },
			{ q: '48500', offset: '100', limit: '100' },
		]);
		const limited = await runNode({ parameters: { resource: 'blacklist', operation: 'getMany', returnAll: false, limit: 7 } });
		expect(limited).toHaveLength(7);
	});
});
