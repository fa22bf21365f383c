/**
 * Sub-User → Update Shares with a token (nock): the sub-user found by username, then PUT
 * /subusers/{id}/shares/<sendernames|templates> as JSON: the access, and with Selected the names;
 * Selected without names refused before anything is sent. In n8n's engine, in the token chain that
 * starts with Create: create.engine.test.ts.
 */
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';
import { ID, restSubuser } from '../support/subusers';

useMockedNetwork();

describe('subuser.updateShares', () => {
	it('PUTs the access and the selected names as JSON to /subusers/{id}/shares/sendernames', async () => {
		const service = mockService()
			.on('GET', '/subusers', () => [200, { size: 1, collection: [restSubuser] }])
			.on('PUT', `/subusers/${ID}/shares/sendernames`, () => [204, '']);
		const output = await runNode({
			parameters: { resource: 'subuser', operation: 'updateShares', name: 'acme_shop', share: 'senderNames', access: 'selected', names: 'MyShop, Test' },
		});
		expect(service.calls.map((call) => [call.method, call.path])).toEqual([
			['GET', '/subusers'],
			['PUT', `/subusers/${ID}/shares/sendernames`],
		]);
		expect(service.calls[1].headers['content-type']).toMatch(/^application\/json/);
		expect(service.calls[1].body).toEqual({ access: 'selected', senders: ['MyShop', 'Test'] });
		expect(output).toEqual([
			{
				json: { id: ID, username: 'acme_shop', share: 'senderNames', access: 'selected', names: ['MyShop', 'Test'], updated: true },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('Access None sends no names', async () => {
		const service = mockService()
			.on('GET', '/subusers', () => [200, { size: 1, collection: [restSubuser] }])
			.on('PUT', `/subusers/${ID}/shares/templates`, () => [204, '']);
		const [item] = await runNode({ parameters: { resource: 'subuser', operation: 'updateShares', name: 'acme_shop', share: 'templates', access: 'none' } });
		expect(service.calls[1].body).toEqual({ access: 'none' });
		expect(item.json).toMatchObject({ share: 'templates', access: 'none', names: [], updated: true });
	});

	it('Selected without names is refused before anything is sent', async () => {
		const service = mockService();
		const error = await failure(
			runNode({ parameters: { resource: 'subuser', operation: 'updateShares', name: 'acme_shop', share: 'templates', access: 'selected', names: ' , ' } }),
		);
		expect(error.message).toBe('Enter the names to share');
		expect(service.calls).toEqual([]);
	});
});
