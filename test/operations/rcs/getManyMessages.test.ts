/**
 * RCS → Get Many Messages at the operation level (nock), in the published API's shape
 * (`RcsMessageCollection`): one GET /rcs/messages, an item per message, Return All or Limit; the
 * username/password login refused before anything is sent. In n8n's engine, after a send:
 * send.engine.test.ts.
 */
import { expectTokenOnly, tokenOnlyMessage } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const SENDER = '65f0c0ffee00000000000001';

describe('rcs.getManyMessages', () => {
	it('one GET, an item per message, Return All', async () => {
		const service = mockService().on('GET', '/rcs/messages', () => [200, { size: 1, collection: [{ id: 'm1', recipient: '48500000001', sender: 'MyShop', senderId: SENDER }] }]);
		const messages = await runNode({ parameters: { resource: 'rcs', operation: 'getManyMessages', returnAll: true } });
		expect(messages.map((item) => item.json.recipient)).toEqual(['48500000001']);
		expect(service.calls.map((call) => call.query)).toEqual([{}]);
	});

	it('with the username/password login: the token-only error, no request at all', () =>
		expectTokenOnly({ resource: 'rcs', operation: 'getManyMessages', returnAll: false, limit: 5 }, tokenOnlyMessage('rcs/messages')));
});
