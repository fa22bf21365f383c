/**
 * Sub-User → Create in n8n's engine in-process (support/engine.ts) against the emulator: the chains
 * that start with it: Create → Get → Update → Get Many over user.do (the `res-subuser` fixture), and
 * over /subusers Create → Get → Update → shares → Get Many → Delete with the errors as items (Continue
 * On Fail); those operations' own files name these runs. Its tests against a mocked service:
 * create.test.ts.
 */
import { headerOf } from '../../e2e/harness/smsapi';
import { ref, type Parameters } from '../../workflow/chains';
import { FORM, HEX_ID, answerOf, recorded, summary } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, LOGIN, useChainWorkflows, useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';
import { md5 } from '../support/subusers';

useMockedNetwork();


describe("subuser.create, then get, update and getMany, in n8n's engine against the emulator (username/password login)", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'subuser create -> get -> update -> getMany (username/password login): user.do with md5 passwords, numbers out, no password in any output',
		async () => {
			const run = await suite.run('res-subuser');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/user.do');
			expect(summary(requests)).toEqual(['POST /user.do', 'GET /user.do', 'POST /user.do', 'GET /user.do']);
			const [create, get, update, list] = requests;
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'legacy', responseStatus: 200 });
			expect(headerOf(create, 'content-type')).toMatch(FORM);
			expect(create.body).toEqual({
				...LOGIN,
				format: 'json',
				add_user: 'branch2',
				pass: '<redacted>',
				pass_api: '<redacted>',
				limit: '20',
				month_limit: '5',
				senders: '1',
				phonebook: '0',
				active: '1',
				info: 'Second branch',
			});
			expect(get.query).toEqual({ ...LOGIN, format: 'json', get_user: 'demo_branch2' });
			expect(update.body).toEqual({
				...LOGIN,
				format: 'json',
				set_user: 'demo_branch2',
				pass: '<redacted>',
				limit: '30.5',
				active: '0',
				info: 'Paused',
			});
			expect(list.query).toEqual({ ...LOGIN, format: 'json', list: '1' });
			for (const request of requests) expect(answerOf(request)).not.toHaveProperty('error');

			// The emulator refuses a pass that is not an md5 (1123): it holds the md5 of what was typed.
			const created = emulator().state.subusers.find((sub) => sub.username === 'demo_branch2');
			expect(created).toMatchObject({
				pass: md5('Branch-Pass-2'),
				passApi: md5('Branch-Api-1'),
				limit: 30.5,
				monthLimit: 5,
				senders: 1,
				phonebook: 0,
				active: false,
				info: 'Paused',
			});

			const branch = { username: 'demo_branch2', limit: 20, month_limit: 5, senders: 1, phonebook: 0, active: true, info: 'Second branch' };
			expect(jsonOf(run, 'Create Sub-User')).toEqual([branch]);
			expect(jsonOf(run, 'Get Sub-User')).toEqual([branch]);
			expect(jsonOf(run, 'Update Sub-User')).toEqual([{ ...branch, limit: 30.5, active: false, info: 'Paused' }]);
			expect(jsonOf(run, 'List Sub-Users')).toEqual([
				{ username: 'demo_shop', limit: 50, month_limit: 10, senders: 1, phonebook: 1, active: true, info: 'Shop branch' },
				{ ...branch, limit: 30.5, active: false, info: 'Paused' },
			]);
			const outputs = JSON.stringify(['Create Sub-User', 'Get Sub-User', 'Update Sub-User', 'List Sub-Users'].map((name) => jsonOf(run, name)));
			for (const secret of ['Branch-Pass-1', 'Branch-Pass-2', 'Branch-Api-1', 'shop-password']) {
				expect(outputs).not.toContain(secret);
				expect(outputs).not.toContain(md5(secret));
			}
			expect(outputs).not.toMatch(/"pass(_api|word)?"/);
		}
	);
});

const subuserNode = (operation: string, more: Parameters = {}): Parameters => ({ resource: 'subuser', operation, ...more });

const SUBUSER_CHAIN: Chain = [
	[
		'Create',
		subuserNode('create', {
			name: 'branch2',
			additionalFields: { password: 'Branch-Pass-1', apiPassword: 'Branch-Api-1', creditLimit: 20, monthLimit: 5, active: true, info: 'Second branch' },
		}),
	],
	['Create Again', subuserNode('create', { name: 'branch2', additionalFields: { password: 'Other-Pass-1' } })],
	['Create With Senders', subuserNode('create', { name: 'branch3', additionalFields: { password: 'x-Pass-1', senders: true } })],
	['Get', subuserNode('get', { name: 'branch2' })],
	['Get By Id', subuserNode('get', { name: ref('Create', 'id') })],
	['Update', subuserNode('update', { name: 'demo_branch2', updateFields: { creditLimit: 30.5, active: false, info: 'Paused', password: 'Branch-Pass-2' } })],
	['Get Missing', subuserNode('get', { name: 'nobody' })],
	['Share Senders', subuserNode('updateShares', { name: 'demo_branch2', share: 'senderNames', access: 'selected', names: 'MyShop, Test' })],
	['Get Sender Shares', subuserNode('getShares', { name: 'demo_branch2', share: 'senderNames' })],
	['Share Unknown', subuserNode('updateShares', { name: 'demo_branch2', share: 'senderNames', access: 'selected', names: 'NoSuchName' })],
	['Share No Templates', subuserNode('updateShares', { name: 'demo_branch2', share: 'templates', access: 'none' })],
	['Get Template Shares', subuserNode('getShares', { name: 'demo_branch2', share: 'templates' })],
	['List', subuserNode('getMany')],
	['Delete', subuserNode('delete', { name: 'demo_branch2' })],
];

describe("subuser.create, then get, update, updateShares, getShares, getMany and delete, in n8n's engine against the emulator (token: /subusers, Continue On Fail)", () => {
	const suite = useChainWorkflows({ subusers: { chains: [SUBUSER_CHAIN], continueOnFail: true } });
	const emulator = () => suite.emulator();

	it('sub-users: create (prefixed as user.do does), get by name and id, update, shares, list and delete over /subusers; errors as items', async () => {
		const run = await suite.run('subusers');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

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
});
