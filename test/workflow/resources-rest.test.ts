/**
 * Sub-users, sender names and prices with an access token: the published REST API (`/subusers`,
 * `/sms/sendernames`, `/profile/prices`), through n8n's engine in-process against the emulator
 * with its conformance checks on. The same operations with the username/password login use the
 * `*.do` endpoints (resources-account.test.ts); what only the REST API has is refused for that
 * login before anything is sent.
 */
import { ref, workflow, type Parameters } from './chains';
import { nodeError as errorOf, nodeJson as jsonOf } from './run-result';
import { HEX_ID, recorded, resourceCredentials, summary } from './resource-fixtures';
import { useEmulatorSuite } from './suite';

const subuser = (operation: string, more: Parameters = {}): Parameters => ({ resource: 'subuser', operation, ...more });
const sender = (operation: string, more: Parameters = {}): Parameters => ({ resource: 'sender', operation, ...more });

const SUBUSER_CHAIN: Array<[string, Parameters]> = [
	[
		'Create',
		subuser('create', {
			name: 'branch2',
			additionalFields: { password: 'Branch-Pass-1', apiPassword: 'Branch-Api-1', creditLimit: 20, monthLimit: 5, active: true, info: 'Second branch' },
		}),
	],
	['Create Again', subuser('create', { name: 'branch2', additionalFields: { password: 'Other-Pass-1' } })],
	['Create With Senders', subuser('create', { name: 'branch3', additionalFields: { password: 'x-Pass-1', senders: true } })],
	['Get', subuser('get', { name: 'branch2' })],
	['Get By Id', subuser('get', { name: ref('Create', 'id') })],
	['Update', subuser('update', { name: 'demo_branch2', updateFields: { creditLimit: 30.5, active: false, info: 'Paused', password: 'Branch-Pass-2' } })],
	['Get Missing', subuser('get', { name: 'nobody' })],
	['Share Senders', subuser('updateShares', { name: 'demo_branch2', share: 'senderNames', access: 'selected', names: 'MyShop, Test' })],
	['Get Sender Shares', subuser('getShares', { name: 'demo_branch2', share: 'senderNames' })],
	['Share Unknown', subuser('updateShares', { name: 'demo_branch2', share: 'senderNames', access: 'selected', names: 'NoSuchName' })],
	['Share No Templates', subuser('updateShares', { name: 'demo_branch2', share: 'templates', access: 'none' })],
	['Get Template Shares', subuser('getShares', { name: 'demo_branch2', share: 'templates' })],
	['List', subuser('getMany')],
	['Delete', subuser('delete', { name: 'demo_branch2' })],
];

const SENDER_CHAIN: Array<[string, Parameters]> = [
	['Statement', sender('getStatement')],
	['Add', sender('add', { name: 'Bakery & Co' })],
	['Add Again', sender('add', { name: 'Bakery & Co' })],
	['Status', sender('getStatus', { name: 'Bakery & Co' })],
	['Default Inactive', sender('setDefault', { name: 'Bakery & Co' })],
	['Delete', sender('delete', { name: 'Bakery & Co' })],
	['Status Gone', sender('getStatus', { name: 'Bakery & Co' })],
	['Default', sender('setDefault', { name: 'MyShop' })],
	['List', sender('getMany')],
];

const PRICE_CHAIN: Array<[string, Parameters]> = [
	['Prices', { resource: 'price', operation: 'getMany' }],
	['Prices ECO Poland', { resource: 'price', operation: 'getMany', options: { country: 'poland', type: 'eco' } }],
];

/** Only the REST API has these: the username/password login is refused each before anything is sent. */
const LEGACY_REFUSED: Array<[string, Parameters]> = [
	['Get Shares', subuser('getShares', { name: 'demo_shop', share: 'senderNames' })],
	['Update Shares', subuser('updateShares', { name: 'demo_shop', share: 'templates', access: 'all' })],
	['Statement', sender('getStatement')],
	['Prices ECO', { resource: 'price', operation: 'getMany', options: { type: 'eco' } }],
];

describe('in-process n8n: sub-users, sender names and prices with an access token (REST API)', () => {
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: resourceCredentials,
		loadFixture: (name, credentials) => {
			if (name === 'legacy-refused') return workflow(name, [LEGACY_REFUSED], credentials.legacy, true);
			if (name === 'subuser-stop') return workflow(name, [[['Get Missing', subuser('get', { name: 'nobody' })]]], credentials.token, false);
			const chain = { subusers: SUBUSER_CHAIN, senders: SENDER_CHAIN, prices: PRICE_CHAIN }[name];
			if (!chain) throw new Error(`no workflow ${name}`);
			return workflow(name, [chain], credentials.token, true);
		},
	});
	const emulator = () => suite.emulator();
	beforeEach(() => emulator().reset());

	it('sub-users: create (prefixed as user.do does), get by name and id, update, shares, list and delete over /subusers; errors as items', async () => {
		const run = await suite.run('subusers');
		expect(run.error).toBeUndefined();
		const one = (node: string) => jsonOf(run, node)[0];

		const requests = await recorded(emulator());
		for (const request of requests) expect(request).toMatchObject({ authMethod: 'bearer' });
		expect(requests.some((request) => request.path.endsWith('.do'))).toBe(false);
		const create = requests.find((request) => request.method === 'POST' && request.path === '/subusers');
		expect(create?.headers['content-type']).toMatch(/^application\/json/);
		expect(create?.body).toEqual({
			credentials: { username: 'demo_branch2', password: '<redacted>', api_password: '<redacted>' },
			points: { from_account: 20, per_month: 5 },
			active: true,
			description: 'Second branch',
		});

		const branch = { id: expect.stringMatching(HEX_ID), username: 'demo_branch2', limit: 20, month_limit: 5, active: true, info: 'Second branch' };
		expect(one('Create')).toEqual(branch);
		expect(one('Create Again').error).toMatch(/already exists/i);
		expect(one('Create With Senders')).toMatchObject({ error: 'Senders can be set only with a username/password login' });
		expect(one('Get')).toEqual(branch);
		expect(one('Get By Id')).toEqual(branch);
		const paused = { ...branch, limit: 30.5, active: false, info: 'Paused' };
		expect(one('Update')).toEqual(paused);
		expect(one('Get Missing')).toMatchObject({ error: 'No sub-user named "nobody"' });
		expect(one('Share Senders')).toEqual({ id: branch.id, username: 'demo_branch2', share: 'senderNames', access: 'selected', names: ['MyShop', 'Test'], updated: true });
		expect(one('Get Sender Shares')).toEqual({ id: branch.id, username: 'demo_branch2', share: 'senderNames', access: 'selected', names: ['MyShop', 'Test'] });
		expect(one('Share Unknown').error).toMatch(/invalid_domain_logic/);
		expect(String(one('Share Unknown').description)).toMatch(/NoSuchName/);
		expect(one('Share No Templates')).toMatchObject({ share: 'templates', access: 'none', names: [], updated: true });
		expect(one('Get Template Shares')).toMatchObject({ share: 'templates', access: 'none', names: [] });
		expect(jsonOf(run, 'List')).toEqual([
			{ id: expect.stringMatching(HEX_ID), username: 'demo_shop', limit: 50, month_limit: 10, active: true, info: 'Shop branch' },
			paused,
		]);
		expect(one('Delete')).toEqual({ id: branch.id, username: 'demo_branch2', deleted: true });

		const update = requests.find((request) => request.method === 'PUT' && /^\/subusers\/[0-9a-f]{24}$/.test(request.path));
		expect(update?.body).toEqual({ credentials: { password: '<redacted>' }, points: { from_account: 30.5 }, active: false, description: 'Paused' });
		const share = requests.find((request) => request.method === 'PUT' && request.path.endsWith('/shares/sendernames'));
		expect(share?.body).toEqual({ access: 'selected', senders: ['MyShop', 'Test'] });
		// Refused by the node (Senders) and for an unknown name: no request for either.
		expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2);
		expect(emulator().state.subusers.map((entry) => entry.username)).toEqual(['demo_shop']);
	});

	it('without Continue On Fail a sub-user that does not exist stops the workflow with a clear error', async () => {
		const run = await suite.run('subuser-stop');
		expect(run.status).toBe('error');
		const error = errorOf(run, 'Get Missing');
		expect(error.message).toBe('No sub-user named "nobody"');
		expect(error.description).toMatch(/^Nothing was read\. Give the sub-user's username or ID/);
		expect(summary(await recorded(emulator()))).toEqual(['GET /subusers']);
	});

	it('sender names: statement, add, status, delete, default and list over /sms/sendernames (names percent-encoded); errors as items', async () => {
		const run = await suite.run('senders');
		expect(run.error).toBeUndefined();
		const one = (node: string) => jsonOf(run, node)[0];

		expect(one('Statement')).toMatchObject({ content: expect.any(String), types: ['sendername', 'sendername_usage_rights'] });
		expect(one('Add')).toEqual({ sender: 'Bakery & Co', status: 'INACTIVE', default: false, created_at: expect.any(String), count: 1 });
		expect(one('Add Again').error).toMatch(/already exists/i);
		expect(one('Status')).toEqual({ sender: 'Bakery & Co', status: 'INACTIVE', default: false, created_at: expect.any(String) });
		expect(one('Default Inactive').error).toBe('The sender name "Bakery & Co" is INACTIVE, so it cannot be the default');
		expect(one('Delete')).toEqual({ sender: 'Bakery & Co', deleted: true });
		expect(one('Status Gone').error).toMatch(/not_found/);
		expect(one('Default')).toEqual({ sender: 'MyShop', default: true });
		expect(jsonOf(run, 'List').map((entry) => [entry.sender, entry.status, entry.default])).toEqual([
			['Test', 'ACTIVE', false],
			['MyShop', 'ACTIVE', true],
			['NewBrand', 'INACTIVE', false],
		]);

		const requests = await recorded(emulator());
		expect(requests.some((request) => request.path.endsWith('.do'))).toBe(false);
		expect(summary(requests)).toContain('DELETE /sms/sendernames/Bakery%20%26%20Co');
		expect(summary(requests)).toContain('POST /sms/sendernames/MyShop/commands/make_default');
		expect(requests.find((request) => request.method === 'POST' && request.path === '/sms/sendernames')?.body).toEqual({ sender: 'Bakery & Co' });
	});

	it('prices: GET /profile/prices, amounts with currency and tariff type in the items of prices.do; Tariff Type goes to the service', async () => {
		const run = await suite.run('prices');
		expect(run.error).toBeUndefined();
		const prices = jsonOf(run, 'Prices');
		expect(prices[0]).toEqual({ country: 'Poland', network: 'Plus', mcc: '260', mnc: '01', date: '1704067200', price: 0.038, currency: 'EUR', type: 'pro' });
		const eco = jsonOf(run, 'Prices ECO Poland');
		expect(eco.map((entry) => [entry.network, entry.type])).toEqual([
			['Plus', 'eco'],
			['T-Mobile', 'eco'],
			['Orange', 'eco'],
			['Play', 'eco'],
		]);
		const requests = await recorded(emulator());
		expect(requests.map((request) => [request.method, request.path, request.query])).toEqual([
			['GET', '/profile/prices', {}],
			['GET', '/profile/prices', { type: 'eco' }],
		]);
	});

	it('the username/password login: shares, the statement and Tariff Type are refused with a clear error, nothing sent', async () => {
		const run = await suite.run('legacy-refused');
		expect(run.error).toBeUndefined();
		expect(jsonOf(run, 'Get Shares')[0]).toMatchObject({ error: 'Shares need an access token login' });
		expect(jsonOf(run, 'Update Shares')[0]).toMatchObject({ error: 'Shares need an access token login' });
		expect(jsonOf(run, 'Statement')[0]).toMatchObject({ error: expect.stringMatching(/^This operation needs an access token/) });
		expect(jsonOf(run, 'Prices ECO')[0]).toMatchObject({ error: 'Tariff Type needs an access token login' });
		expect(await recorded(emulator())).toEqual([]);
	});
});
