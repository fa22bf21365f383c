/**
 * RCS lists the service answers whole (actions/rcs/lists.ts), against nock: one GET of the list,
 * Return All or the first Limit entries, one item each; the username/password login refused
 * before anything is sent (the RCS paths take only the token).
 */
import { rcsList } from '../../../nodes/Smsapi/actions/rcs/lists';
import { legacyLogin } from '../support/legacy-login';
import { failure, mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const senders = { size: 3, collection: [{ id: 's1' }, { id: 's2' }, { id: 's3' }] };

describe('RCS lists', () => {
	it('one GET, the first Limit entries, shown for its operation only', async () => {
		const service = mockService().on('GET', '/rcs/senders', () => [200, senders]);
		const list = rcsList('getSenders', 'rcs/senders');
		const context = nodeContext({ parameters: { resource: 'rcs', operation: 'getSenders', returnAll: false, limit: 2 } });
		expect((await list.execute.call(context, context.getInputData())).map((item) => item.json)).toEqual([{ id: 's1' }, { id: 's2' }]);
		expect(service.calls).toHaveLength(1);
		expect(list.description[0].displayOptions).toEqual({ show: { resource: ['rcs'], operation: ['getSenders'] } });
	});

	it('refuses the username/password login before sending', async () => {
		const service = mockService().on('GET', '/rcs/messages', () => [200, senders]);
		const context = nodeContext({ parameters: { resource: 'rcs', operation: 'getManyMessages', returnAll: true }, credentials: legacyLogin() });
		expect((await failure(rcsList('getManyMessages', 'rcs/messages').execute.call(context, context.getInputData()))).message).toMatch(/needs an access token/);
		expect(service.calls).toHaveLength(0);
	});
});
