/**
 * RCS → Get Senders at the operation level (nock), in the published API's shape
 * (`UserRcsSenderCollection`): one GET /rcs/senders, an item per sender, Limit or Return All; the
 * username/password login refused before anything is sent. In n8n's engine, after a send:
 * send.engine.test.ts; the sender dropdown: test/methods/loadOptions.rcsSenders.test.ts.
 */
import { expectTokenOnly, tokenOnlyMessage } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const SENDER = '65f0c0ffee00000000000001';

describe('rcs.getSenders', () => {
	it('one GET, an item per sender, up to Limit', async () => {
		const service = mockService().on('GET', '/rcs/senders', () => [200, { size: 2, collection: [{ id: SENDER, sender: 'MyShop' }, { id: '65f0c0ffee00000000000002', sender: 'Other' }] }]);
		const senders = await runNode({ parameters: { resource: 'rcs', operation: 'getSenders', returnAll: false, limit: 1 } });
		expect(senders.map((item) => item.json)).toEqual([{ id: SENDER, sender: 'MyShop' }]);
		expect(service.calls.map((call) => call.query)).toEqual([{}]);
	});

	it('with the username/password login: the token-only error, no request at all', () =>
		expectTokenOnly({ resource: 'rcs', operation: 'getSenders', returnAll: true }, tokenOnlyMessage('rcs/senders')));
});
