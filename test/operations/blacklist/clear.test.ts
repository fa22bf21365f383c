/**
 * Blacklist → Clear against a mocked service (nock): one DELETE of the whole list.
 */
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('blacklist.clear', () => {
	it('DELETEs the whole list', async () => {
		const service = mockService().on('DELETE', '/blacklist/phone_numbers', () => [204, '']);
		const output = await runNode({ parameters: { resource: 'blacklist', operation: 'clear' } });
		expect(service.calls[0].query).toEqual({});
		expect(output[0].json).toEqual({ cleared: true });
	});
});
