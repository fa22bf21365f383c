/**
 * Sub-User → Create. With the username/password login (nock): POST user.do add_user with md5
 * passwords, 0/1 flags and the service's names, no password in the output; with a token: POST
 * /subusers as JSON, the username prefixed with the main user's name as user.do does, what only
 * user.do takes refused before anything is sent. Its workflows in n8n's engine: create.engine.test.ts.
 */
import { legacyService, runLegacy } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';
import { md5, restItem, restSubuser, subuser, subuserItem } from '../support/subusers';

useMockedNetwork();

describe('subuser.create with the username/password login (user.do)', () => {
	it('POSTs add_user with md5 passwords, 0/1 flags and the service names; no password in the output', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, { ...subuser, pass: md5('Web-Pass1') }]);
		const output = await runLegacy({
			parameters: {
				resource: 'subuser',
				operation: 'create',
				name: 'shop',
				additionalFields: {
					password: 'Web-Pass1',
					apiPassword: 'E10ADC3949BA59ABBE56E057F20F883E',
					creditLimit: 100,
					monthLimit: 20,
					senders: true,
					phonebook: false,
					active: true,
					info: 'the web shop',
					withoutPrefix: false,
				},
			},
		});
		expect(service.calls).toHaveLength(1);
		expect(service.calls[0].query).toEqual({});
		expect(service.calls[0].body).toEqual({
			format: 'json',
			add_user: 'shop',
			pass: md5('Web-Pass1'),
			pass_api: 'e10adc3949ba59abbe56e057f20f883e',
			limit: '100',
			month_limit: '20',
			senders: '1',
			phonebook: '0',
			active: '1',
			info: 'the web shop',
			without_prefix: '0',
		});
		expect(output).toEqual([{ json: subuserItem, pairedItem: { item: 0 } }]);
		expect(JSON.stringify(output)).not.toContain(md5('Web-Pass1'));
	});

	it('an empty API password is left out (the service then uses the web password)', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, subuser]);
		await runLegacy({
			parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields: { password: 'x1', apiPassword: '' } },
		});
		expect(service.calls[0].body).toEqual({ format: 'json', add_user: 'shop', pass: md5('x1') });
	});

	it('without a password nothing is sent and the error says what to add', async () => {
		const service = legacyService().on('POST', '/user.do', () => [200, subuser]);
		await expect(runLegacy({ parameters: { resource: 'subuser', operation: 'create', name: 'shop' } })).rejects.toMatchObject({
			message: 'Enter a password for the new sub-user',
			description: expect.stringContaining('add Password under Additional Fields'),
		});
		expect(service.calls).toHaveLength(0);
	});

	it('a service error (HTTP 200 body) comes out in words', async () => {
		legacyService().on('POST', '/user.do', () => [200, { error: 1115, message: 'Username already exists' }]);
		await expect(
			runLegacy({ parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields: { password: 'x1' } } }),
		).rejects.toThrow(/^SMSAPI error 1115: the sub-user request was rejected/);
	});
});

describe('subuser.create with a token (REST API)', () => {
	it('the username prefixed with the main user name (as user.do), passwords as typed in a JSON body', async () => {
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
		expect(output).toEqual([{ json: restItem, pairedItem: { item: 0 } }]);
	});

	it('Without Prefix: the name as given, no profile read', async () => {
		const service = mockService().on('POST', '/subusers', () => [201, restSubuser]);
		await runNode({ parameters: { resource: 'subuser', operation: 'create', name: 'acme_shop', additionalFields: { password: 'p', withoutPrefix: true } } });
		expect(service.calls.map((call) => call.body.credentials)).toEqual([{ username: 'acme_shop', password: 'p' }]);
	});

	it.each([
		[{ password: 'p', phonebook: true }, 'Phonebook can be set only with a username/password login'],
		[{ password: 'p', senders: false, phonebook: false }, 'Phonebook and Senders can be set only with a username/password login'],
		[{ creditLimit: 5 }, 'Enter a password for the new sub-user'],
	])('%j: "%s", nothing sent', async (additionalFields, message) => {
		const service = mockService().on('GET', '/profile', () => [200, { username: 'acme' }]);
		const error = await failure(runNode({ parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields } }));
		expect(error.message).toBe(message);
		expect(error.description).toMatch(/^Nothing was/);
		expect(service.calls).toEqual([]);
	});
});
