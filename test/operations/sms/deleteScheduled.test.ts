/**
 * SMS → Delete Scheduled against a mocked service (nock): sch_del with the ids comma-separated, an
 * item per deleted id; an unknown id the service's error 301 with its meaning. In n8n's engine, a
 * scheduled send then deleted by the returned id: send.engine.test.ts.
 */
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sms.deleteScheduled', () => {
	it('posts sch_del with the ids comma-separated and outputs each deleted id', async () => {
		const service = mockService().on('POST', '/sms.do', () => [200, { count: 2, list: [{ id: '111' }, { id: '222' }] }]);
		const output = await runNode({ parameters: { resource: 'sms', operation: 'deleteScheduled', ids: '111, 222' } });
		expect(service.calls[0].body).toEqual({ format: 'json', sch_del: '111,222' });
		expect(output).toEqual([
			{ json: { id: '111', deleted: true }, pairedItem: { item: 0 } },
			{ json: { id: '222', deleted: true }, pairedItem: { item: 0 } },
		]);
	});

	it('an unknown id: error 301 with its meaning', async () => {
		mockService().on('POST', '/sms.do', () => [200, { error: 301, message: 'Not exists ID message' }]);
		await expect(
			runNode({ parameters: { resource: 'sms', operation: 'deleteScheduled', ids: '999' } }),
		).rejects.toThrow(/301|Not exists/);
	});
});
