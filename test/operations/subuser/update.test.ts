/**
 * Sub-User → Update. With the username/password login (nock): POST user.do set_user with only the
 * fields given, nothing to update refused; with a token: the sub-user found by username (or with the
 * main user's prefix), then PUT /subusers/{id} with the changes only. In n8n's engine, in the chains
 * that start with Create: create.engine.test.ts.
 */
import { legacyService, runLegacy } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';
import { ID, md5, restItem, restSubuser, subuser, subuserItem } from '../support/subusers';

useMockedNetwork();

describe('subuser.update with the username/password login (user.do)', () => {
	it('POSTs set_user with only the fields given', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, { ...subuser, active: false }]);
		const output = await runLegacy({
			parameters: { resource: 'subuser', operation: 'update', name: 'acme_shop', updateFields: { active: false, password: 'n3w' } },
		});
		expect(service.calls[0].body).toEqual({ format: 'json', set_user: 'acme_shop', active: '0', pass: md5('n3w') });
		expect(output[0].json).toEqual({ ...subuserItem, active: false });
	});

	it('nothing to update is refused before any request', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, subuser]);
		await expect(
			runLegacy({ parameters: { resource: 'subuser', operation: 'update', name: 'acme_shop', updateFields: { withoutPrefix: true } } }),
		).rejects.toThrow('Add at least one field to update');
		expect(service.calls).toHaveLength(0);
	});
});

describe('subuser.update with a token (REST API)', () => {
	it('the sub-user found by username (or main user prefix), then PUT /subusers/{id} with the changes only', async () => {
		const service = mockService()
			.on('GET', '/subusers', () => [200, { size: 1, collection: [restSubuser] }])
			.on('GET', '/profile', () => [200, { username: 'acme' }])
			.on('PUT', `/subusers/${ID}`, () => [200, { ...restSubuser, active: false }]);
		const output = await runNode({ parameters: { resource: 'subuser', operation: 'update', name: 'shop', updateFields: { active: false, apiPassword: 'Api-1' } } });
		expect(service.calls.map((call) => [call.method, call.path, call.query])).toEqual([
			['GET', '/subusers', { q: 'shop' }],
			['GET', '/profile', {}],
			['PUT', `/subusers/${ID}`, {}],
		]);
		expect(service.calls[2].body).toEqual({ credentials: { api_password: 'Api-1' }, active: false });
		expect(output[0].json).toEqual({ ...restItem, active: false });
	});
});
