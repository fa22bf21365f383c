/**
 * Blacklist → Add in n8n's engine in-process (support/engine.ts) against the emulator: the chain Add →
 * Add again → Remove → Get Many with Continue On Fail (Remove and Get Many in the chain are theirs as
 * much as Add's). The emulator answering duplicates both ways: test/workflow/duplicates.engine.test.ts. Its
 * tests against a mocked service: add.test.ts.
 */
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const CHAIN: Chain = [
	[
		'Blacklist Add',
		{
			resource: 'blacklist',
			operation: 'add',
			phoneNumber: '48500000002',
			options: { expireAt: '2030-01-31T00:00:00' },
		},
	],
	['Blacklist Again', { resource: 'blacklist', operation: 'add', phoneNumber: '48500000002' }],
	['Blacklist Bad Number', { resource: 'blacklist', operation: 'add', phoneNumber: '12' }],
	['Blacklist Remove', { resource: 'blacklist', operation: 'remove', phoneNumber: '48500000002' }],
	['Blacklist Remove Missing', { resource: 'blacklist', operation: 'remove', phoneNumber: '48500000002' }],
	['Blacklist List', { resource: 'blacklist', operation: 'getMany', returnAll: true }],
];

describe("blacklist.add, then remove and getMany, in n8n's engine against the emulator (Continue On Fail)", () => {
	const suite = useChainWorkflows({ blacklist: { chains: [CHAIN], continueOnFail: true } });

	it('results, and clear error items for a number already listed, a bad number and one not listed', async () => {
		const run = await suite.run('blacklist');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(one('Blacklist Add')).toMatchObject({
			phone_number: '48500000002',
			expire_at: '2030-01-31',
		});
		expect(one('Blacklist Again').error).toBe('48500000002 is already on the blacklist');
		expect(one('Blacklist Bad Number').error).toMatch(/^Not a valid phone number/);
		expect(one('Blacklist Remove')).toMatchObject({ phone_number: '48500000002', removed: true });
		expect(one('Blacklist Remove Missing').error).toBe('48500000002 is not on the blacklist');
		expect(jsonOf(run, 'Blacklist List')).toEqual([]);
	}, 30_000);
});
