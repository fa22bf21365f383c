/**
 * Sub-users, sender names and prices with a token login: the REST API's wire format and the
 * checks made before anything is sent (test/workflow/resources-rest.test.ts runs them as workflows).
 */
import { failure, mockService, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const ID = '5b802315a788494a04690d1d';
const restSubuser = { id: ID, username: 'acme_shop', active: true, description: 'the web shop', points: { from_account: '100.0000', per_month: 20 } };
const item = { id: ID, username: 'acme_shop', limit: 100, month_limit: 20, active: true, info: 'the web shop' };

describe('subuser with a token (REST API)', () => {
	it('create: the username prefixed with the main user name (as user.do), passwords as typed in a JSON body', async () => {
		const service = mockService()
			.on('GET', '/profile', () => [200, { username: 'acme' }])
			.on('POST', '/subusers', () => [201, restSubuser]);
		const output = await runNode({
			parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields: { password: 'Web-Pass1', creditLimit: 100, monthLimit: 20, active: true, info: 'the web shop' } },
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /profile', 'POST /subusers']);
		expect(service.calls[1].headers['content-type']).toMatch(/^application\/json/);
		expect(service.calls[1].body).toEqual({
			credentials: { username: 'acme_shop', password: 'Web-Pass1' },
			points: { from_account: 100, per_month: 20 },
			active: true,
			description: 'the web shop',
		});
		expect(output).toEqual([{ json: item, pairedItem: { item: 0 } }]);
	});

	it('create with Without Prefix: the name as given, no profile read', async () => {
		const service = mockService().on('POST', '/subusers', () => [201, restSubuser]);
		await runNode({ parameters: { resource: 'subuser', operation: 'create', name: 'acme_shop', additionalFields: { password: 'p', withoutPrefix: true } } });
		expect(service.calls.map((call) => call.body.credentials)).toEqual([{ username: 'acme_shop', password: 'p' }]);
	});

	it.each([
		[{ password: 'p', phonebook: true }, 'Phonebook can be set only with a username/password login'],
		[{ password: 'p', senders: false, phonebook: false }, 'Phonebook and Senders can be set only with a username/password login'],
		[{ creditLimit: 5 }, 'Enter a password for the new sub-user'],
	])('create with %j: "%s", nothing sent', async (additionalFields, message) => {
		const service = mockService().on('GET', '/profile', () => [200, { username: 'acme' }]);
		const error = await failure(runNode({ parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields } }));
		expect(error.message).toBe(message);
		expect(error.description).toMatch(/^Nothing was/);
		expect(service.calls).toEqual([]);
	});

	it('update: the sub-user found by username (or main user prefix), then PUT /subusers/{id} with the changes only', async () => {
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
		expect(output[0].json).toEqual({ ...item, active: false });
	});

	it('updateShares: Selected without names is refused before anything is sent', async () => {
		const service = mockService();
		const error = await failure(
			runNode({ parameters: { resource: 'subuser', operation: 'updateShares', name: 'acme_shop', share: 'templates', access: 'selected', names: ' , ' } }),
		);
		expect(error.message).toBe('Enter the names to share');
		expect(service.calls).toEqual([]);
	});

	it('getShares of templates: GET /subusers/{id}/shares/templates', async () => {
		const service = mockService()
			.on('GET', '/subusers', () => [200, { size: 1, collection: [restSubuser] }])
			.on('GET', `/subusers/${ID}/shares/templates`, () => [200, { access: 'selected', templates: ['welcome'] }]);
		const output = await runNode({ parameters: { resource: 'subuser', operation: 'getShares', name: 'acme_shop', share: 'templates' } });
		expect(service.calls.map((call) => call.path)).toEqual(['/subusers', `/subusers/${ID}/shares/templates`]);
		expect(output[0].json).toEqual({ id: ID, username: 'acme_shop', share: 'templates', access: 'selected', names: ['welcome'] });
	});
});

describe('sender with a token (REST API)', () => {
	it('a name is percent-encoded into the path; one that would name another address is refused before sending', async () => {
		const service = mockService().on('GET', '/sms/sendernames/My%20Shop%2B', () => [200, { sender: 'My Shop+', status: 'ACTIVE', is_default: true }]);
		const output = await runNode({ parameters: { resource: 'sender', operation: 'getStatus', name: 'My Shop+' } });
		expect(output[0].json).toEqual({ sender: 'My Shop+', status: 'ACTIVE', default: true });
		for (const name of ['..', 'a/b']) {
			const error = await failure(runNode({ parameters: { resource: 'sender', operation: 'delete', name } }));
			expect(error.message).toBe(`Not a valid name in name: ${JSON.stringify(name)}`);
		}
		expect(service.calls).toHaveLength(1);
	});
});

describe('price with a token (REST API)', () => {
	it('GET /profile/prices?type=: amount, currency, tariff type; MCC and MNC as prices.do writes them', async () => {
		const service = mockService().on('GET', '/profile/prices', () => [
			200,
			{
				size: 1,
				collection: [{ type: 'eco', price: { amount: 0.025, currency: 'PLN' }, country: { name: 'Poland', mcc: 260 }, network: { name: 'Plus', mnc: 1 }, changed_at: null }],
			},
		]);
		const output = await runNode({ parameters: { resource: 'price', operation: 'getMany', options: { type: 'eco' } } });
		expect(service.calls[0].query).toEqual({ type: 'eco' });
		expect(output[0].json).toEqual({ country: 'Poland', network: 'Plus', mcc: '260', mnc: '01', date: null, price: 0.025, currency: 'PLN', type: 'eco' });
	});
});
