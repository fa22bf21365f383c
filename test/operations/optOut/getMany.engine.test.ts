/**
 * Opt-Out → Get Many (issue 32, part 2) in n8n's engine in-process (support/engine.ts) against the
 * emulator: the chain Get Many → Get Many by number → Delete → Delete again → Delete a bad id → Get
 * Settings → Update Settings with Continue On Fail (the other operations in it are theirs as much as
 * Get Many's), and the username/password login stopping the workflow. Its tests against a mocked
 * service: getMany.test.ts.
 */
import { optOutState } from '../../emulator/rest-opt-outs';
import { ref } from '../../workflow/chains';
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf, nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

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
