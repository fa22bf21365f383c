/**
 * Sub-User → Get. With the username/password login (nock): GET user.do?get_user=<name>, the text
 * answer named after the request. Its workflows in n8n's engine: get.engine.test.ts.
 */
import { legacyService, runLegacy } from '../support/legacy-login';
import { useMockedNetwork } from '../support/run-node';
import { subuser, subuserItem } from '../support/subusers';

useMockedNetwork();

describe('subuser.get with the username/password login (user.do)', () => {
	it('GET user.do?get_user=<name>', async () => {
		const service = legacyService().on('GET', '/user.do', () => [200, subuser]);
		const output = await runLegacy({ parameters: { resource: 'subuser', operation: 'get', name: 'acme_shop' } });
		expect(service.calls[0].query).toEqual({ format: 'json', get_user: 'acme_shop' });
		expect(output).toEqual([{ json: subuserItem, pairedItem: { item: 0 } }]);
	});

	it('the text answer (no username in it) is named after the request', async () => {
		legacyService().on('GET', '/user.do', () => [200, 'OK:100:20:1:0:1:the web shop']);
		const output = await runLegacy({ parameters: { resource: 'subuser', operation: 'get', name: 'acme_shop' } });
		expect(output[0].json).toEqual({
			limit: 100,
			month_limit: 20,
			senders: 1,
			phonebook: 0,
			active: 1,
			info: 'the web shop',
			username: 'acme_shop',
		});
	});
});
