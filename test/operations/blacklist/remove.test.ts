/**
 * Blacklist → Remove against a mocked service (nock): the entry found by its number, deleted by
 * id; a number not listed is a clear error. In n8n's engine, after Add: add.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const entry = { id: 'b1', phone_number: '48500000001', expire_at: null, created_at: '2024-01-15T10:00:00+01:00' };

describe('blacklist.remove', () => {
	it('finds the entry and deletes it by id; a number not listed is a clear error', async () => {
		const service = mockService()
			.on('GET', '/blacklist/phone_numbers', (request) => [200, { size: 1, collection: request.query.q === '48500000001' ? [entry] : [] }])
			.on('DELETE', '/blacklist/phone_numbers/b1', () => [204, '']);
		const output = await runNode({ parameters: { resource: 'blacklist', operation: 'remove', phoneNumber: '48500000001' } });
		expect(output[0].json).toEqual({ ...entry, removed: true });
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /blacklist/phone_numbers', 'DELETE /blacklist/phone_numbers/b1']);
		const error = await failure(runNode({ parameters: { resource: 'blacklist', operation: 'remove', phoneNumber: '48500000009' } }));
		expect(error.message).toBe('48500000009 is not on the blacklist');
	});
});
