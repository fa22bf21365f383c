/**
 * Opt-Out → Get Many (issue 32, part 2) against a mocked service (nock): pages of 100 up to Return
 * All (published API: panel_com.yml `/opt_outs`), the cleaned number sent as phone_number, the
 * number out as text; a bad number refused before anything is sent; token only. In n8n's engine
 * against the emulator: the chain Get Many → Get Many by number → Delete → Delete again → Delete a
 * bad id → Get Settings → Update Settings with Continue On Fail (the other operations in it are
 * theirs as much as Get Many's), and the username/password login stopping the workflow.
 */
import { optOutState } from '../../emulator/rest-opt-outs';
import { ref } from '../../workflow/chains';
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf, nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { expectTokenOnly } from '../support/legacy-login';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const optOut = (id: string, phoneNumber: number) => ({ id, phoneNumber, date: '2025-03-01T10:00:00+00:00', _links: [] });
const TOKEN_ONLY = /^This operation needs an access token: SMSAPI's REST API \(\/opt_outs[^)]*\) does not accept the username and password login$/;

describe('optOut.getMany', () => {
	it('pages by 100 up to Return All, sends the cleaned number as phone_number, outputs phone_number as text', async () => {
		const all = Array.from({ length: 150 }, (_, i) => optOut(`o${i}`, 48500000000 + i));
		const service = mockService().on('GET', '/opt_outs', (request) => {
			const offset = Number(request.query.offset);
			return [200, { size: all.length, collection: all.slice(offset, offset + Number(request.query.limit)) }];
		});
		const output = await runNode({ parameters: { resource: 'optOut', operation: 'getMany', returnAll: true } });
		expect(output).toHaveLength(150);
		expect(output[149].json).toMatchObject({ id: 'o149', phoneNumber: 48500000149, phone_number: '48500000149' });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '100', limit: '100' },
		]);

		service.calls.length = 0;
		const one = await runNode({
			parameters: { resource: 'optOut', operation: 'getMany', limit: 3, filters: { phoneNumber: '+48 500 000 004' } },
		});
		expect(one).toHaveLength(3);
		expect(service.calls.map((call) => call.query)).toEqual([{ phone_number: '48500000004', offset: '0', limit: '3' }]);
	});

	it('refuses a bad number before anything is sent', async () => {
		const service = mockService().on('GET', '/opt_outs', () => [200, { size: 0, collection: [] }]);
		const error = await failure(runNode({ parameters: { resource: 'optOut', operation: 'getMany', filters: { phoneNumber: '48-abc' } } }));
		expect(error.message).toMatch(/^Not a valid phone number/);
		expect(service.calls).toEqual([]);
	});

	it('the username/password login is refused before anything is sent (the REST call takes only a token)', () =>
		expectTokenOnly({ resource: 'optOut', operation: 'getMany' }, TOKEN_ONLY));
});

const CHAIN: Chain = [
	['OptOut List', { resource: 'optOut', operation: 'getMany', returnAll: true }],
	['OptOut One', { resource: 'optOut', operation: 'getMany', limit: 5, filters: { phoneNumber: '+48 500 000 004' } }],
	['OptOut Delete', { resource: 'optOut', operation: 'delete', optOutId: ref('OptOut One', 'id') }],
	['OptOut Delete Again', { resource: 'optOut', operation: 'delete', optOutId: ref('OptOut One', 'id') }],
	['OptOut Bad Id', { resource: 'optOut', operation: 'delete', optOutId: '..' }],
	['OptOut Settings', { resource: 'optOut', operation: 'getSettings' }],
	['OptOut Brand', { resource: 'optOut', operation: 'updateSettings', brand: 'My Shop' }],
	['OptOut Brand Too Long', { resource: 'optOut', operation: 'updateSettings', brand: 'x'.repeat(256) }],
];

describe("optOut.getMany, then delete, getSettings and updateSettings, in n8n's engine against the emulator", () => {
	const suite = useChainWorkflows({
		continue: { chains: [CHAIN], continueOnFail: true },
		legacy: { chains: [[['Legacy Opt-Outs', { resource: 'optOut', operation: 'getMany' }]]], continueOnFail: false, login: 'legacy' },
	});
	const emulator = () => suite.emulator();

	it('with Continue On Fail: results, and error items for not found, a bad id and a brand too long', async () => {
		const run = await suite.run('continue');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(jsonOf(run, 'OptOut List').map((entry) => entry.phone_number)).toEqual(['48500000004', '447700900123']);
		expect(jsonOf(run, 'OptOut One')).toEqual([
			expect.objectContaining({ id: '670000000000000000000001', phoneNumber: 48500000004, phone_number: '48500000004', date: expect.any(String) }),
		]);
		expect(one('OptOut Delete')).toEqual({ id: '670000000000000000000001', deleted: true });
		expect(one('OptOut Delete Again').error).toMatch(/not_found/);
		expect(one('OptOut Bad Id').error).toBe('Not a valid ID in optOutId: ".."');
		expect(one('OptOut Settings')).toEqual({ brand: 'Demo Shop' });
		expect(one('OptOut Brand')).toEqual({ brand: 'My Shop' });
		expect(one('OptOut Brand Too Long').error).toBe('The brand has 256 characters, more than the 255 the service takes');
		expect(optOutState(emulator().state)).toMatchObject({ brand: 'My Shop', entries: [expect.objectContaining({ phoneNumber: 447700900123 })] });

		const requests = summary(await recorded(emulator()));
		expect(requests.filter((request) => /\/\.|\/\/|\.\.$/.test(request))).toEqual([]);
		expect(requests.filter((request) => request.startsWith('PUT /opt_outs'))).toEqual(['PUT /opt_outs/settings']);
	}, 60_000);

	it('the username and password login gets a clear error before anything is sent: these REST calls take only a token', async () => {
		const run = await suite.run('legacy');
		expect(run.status).toBe('error');
		const error = errorOf(run, 'Legacy Opt-Outs');
		expect(error.message).toBe("This operation needs an access token: SMSAPI's REST API (/opt_outs) does not accept the username and password login");
		expect(error.description).toMatch(/^Nothing was sent\. Generate an API token/);
		expect(await recorded(emulator())).toEqual([]);
		expect(optOutState(emulator().state).entries).toHaveLength(2);
	}, 30_000);
});
