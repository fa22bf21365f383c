/**
 * Sub-User → Get. With the username/password login (nock): GET user.do?get_user=<name>, the text
 * answer named after the request. In n8n's engine against the emulator: a sub-user that does not
 * exist stops the workflow without Continue On Fail (/subusers); by name and by id in the chains
 * that start with Create: create.test.ts.
 */
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf } from '../../workflow/run-result';
import { useChainWorkflows } from '../support/engine';
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

describe("subuser.get in n8n's engine against the emulator (token: /subusers)", () => {
	const suite = useChainWorkflows({
		'subuser-stop': { chains: [[['Get Missing', { resource: 'subuser', operation: 'get', name: 'nobody' }]]], continueOnFail: false },
	});
	const emulator = () => suite.emulator();

	it('without Continue On Fail a sub-user that does not exist stops the workflow with a clear error', async () => {
		const run = await suite.run('subuser-stop');
		expect(run.status).toBe('error');
		const error = errorOf(run, 'Get Missing');
		expect(error.message).toBe('No sub-user named "nobody"');
		expect(error.description).toMatch(/^Nothing was read\. Give the sub-user's username or ID/);
		expect(summary(await recorded(emulator()))).toEqual(['GET /subusers']);
	});
});
