/**
 * Sender Name → Add in n8n's engine in-process (support/engine.ts) against the emulator: the chains
 * that start with it: Add → Get Status → Delete → Set Default → Get Many over sender.do (the
 * `res-sender` fixture), and the same over /sms/sendernames with Get Statement and the errors as items
 * (Continue On Fail); those operations' own files name these runs. Its tests against a mocked service:
 * add.test.ts.
 */
import { headerOf } from '../../e2e/harness/smsapi';
import type { Parameters } from '../../workflow/chains';
import { FORM, recorded, summary } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, LOGIN, useChainWorkflows, useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const withoutLogin = ({ username: _username, password: _password, ...rest }: Record<string, string>) => rest;

describe("sender.add, then getStatus, delete, setDefault and getMany, in n8n's engine against the emulator (username/password login)", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'sender add -> getStatus -> delete -> setDefault (active MyShop) -> getMany (username/password login): sender.do parameters and items',
		async () => {
			const run = await suite.run('res-sender');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/sender.do');
			for (const request of requests) expect(request).toMatchObject({ authMethod: 'legacy', responseStatus: 200 });
			expect(requests.map((request) => [request.method, withoutLogin({ ...request.query, ...request.body })])).toEqual([
				['POST', { format: 'json', add: 'Bakery' }],
				['GET', { format: 'json', status: 'Bakery' }],
				['POST', { format: 'json', delete: 'Bakery' }],
				['GET', { format: 'json', status: 'MyShop' }],
				['POST', { format: 'json', default: 'MyShop' }],
				['GET', { format: 'json', list: '1' }],
			]);
			for (const request of requests.filter((r) => r.method === 'POST')) {
				expect(headerOf(request, 'content-type')).toMatch(FORM);
				expect(request.query).toEqual({});
				expect(request.body).toMatchObject(LOGIN);
			}

			expect(jsonOf(run, 'Add Sender')).toEqual([{ sender: 'Bakery', count: 1 }]);
			expect(jsonOf(run, 'Sender Status')).toEqual([{ sender: 'Bakery', status: 'INACTIVE', default: false }]);
			expect(jsonOf(run, 'Delete Sender')).toEqual([{ sender: 'Bakery', deleted: true, count: 1 }]);
			expect(jsonOf(run, 'Set Default')).toEqual([{ sender: 'MyShop', default: true, count: 1 }]);
			expect(jsonOf(run, 'List Senders')).toEqual([
				{ sender: 'Test', status: 'ACTIVE', default: false },
				{ sender: 'MyShop', status: 'ACTIVE', default: true },
				{ sender: 'NewBrand', status: 'INACTIVE', default: false },
			]);
			expect(emulator().state.senders.map((s) => [s.name, s.isDefault])).toEqual([
				['Test', false],
				['MyShop', true],
				['NewBrand', false],
			]);
		}
	);
});

const sender = (operation: string, more: Parameters = {}): Parameters => ({ resource: 'sender', operation, ...more });

const SENDER_CHAIN: Chain = [
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

describe("sender.add, then getStatement, getStatus, setDefault, delete and getMany, in n8n's engine against the emulator (token: /sms/sendernames, Continue On Fail)", () => {
	const suite = useChainWorkflows({ senders: { chains: [SENDER_CHAIN], continueOnFail: true } });
	const emulator = () => suite.emulator();

	it('sender names: statement, add, status, delete, default and list over /sms/sendernames (names percent-encoded); errors as items', async () => {
		const run = await suite.run('senders');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

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
});
