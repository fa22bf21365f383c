/**
 * Sub-User → Get Many with the username/password login (nock): GET user.do?list=1, one item per
 * sub-user. In n8n's engine, in the chains that start with Create: create.engine.test.ts; the dropdown of
 * sub-users: test/methods/loadOptions.subusers.test.ts.
 */
import { legacyService, runLegacy } from '../support/legacy-login';
import { useMockedNetwork } from '../support/run-node';
import { subuser } from '../support/subusers';

useMockedNetwork();

describe('subuser.getMany', () => {
	it('with the username/password login: GET user.do?list=1, one item per sub-user', async () => {
		const service = legacyService().on('GET', '/user.do', () => [200, [subuser, { ...subuser, username: 'acme_b' }]]);
		const output = await runLegacy({ parameters: { resource: 'subuser', operation: 'getMany' } });
		expect(service.calls[0].query).toEqual({ format: 'json', list: '1' });
		expect(output.map((item) => item.json.username)).toEqual(['acme_shop', 'acme_b']);
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});
});
