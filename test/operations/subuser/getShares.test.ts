/**
 * Sub-User → Get Shares with a token (nock): the sub-user found by username, then GET
 * /subusers/{id}/shares/templates. In n8n's engine, in the token chain that starts with Create:
 * create.engine.test.ts.
 */
import { mockService, runNode, useMockedNetwork } from '../support/run-node';
import { ID, restSubuser } from '../support/subusers';

useMockedNetwork();

describe('subuser.getShares', () => {
	it('of templates: GET /subusers/{id}/shares/templates', async () => {
		const service = mockService()
			.on('GET', '/subusers', () => [200, { size: 1, collection: [restSubuser] }])
			.on('GET', `/subusers/${ID}/shares/templates`, () => [200, { access: 'selected', templates: ['welcome'] }]);
		const output = await runNode({ parameters: { resource: 'subuser', operation: 'getShares', name: 'acme_shop', share: 'templates' } });
		expect(service.calls.map((call) => call.path)).toEqual(['/subusers', `/subusers/${ID}/shares/templates`]);
		expect(output[0].json).toEqual({ id: ID, username: 'acme_shop', share: 'templates', access: 'selected', names: ['welcome'] });
	});
});
