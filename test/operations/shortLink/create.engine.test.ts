/**
 * Short Link → Create in n8n's engine in-process (support/engine.ts) against the emulator: the chain
 * Create → Create again → Update → Delete → Get Clicks with Continue On Fail (Update, Delete and Get
 * Clicks in the chain are theirs as much as Create's). Its tests against a mocked service:
 * create.test.ts.
 */
import { ref } from '../../workflow/chains';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const CHAIN: Chain = [
	[
		'Link Create',
		{
			resource: 'shortLink',
			operation: 'create',
			url: 'https://example.com/e2e',
			options: { name: 'e2e', expireTime: 2, expireUnit: 'days' },
		},
	],
	[
		'Link Exists',
		{
			resource: 'shortLink',
			operation: 'create',
			url: 'https://example.com/other',
			options: { name: 'e2e' },
		},
	],
	[
		'Link Update',
		{
			resource: 'shortLink',
			operation: 'update',
			linkId: ref('Link Create', 'id'),
			updateFields: { description: 'updated' },
		},
	],
	['Link Delete', { resource: 'shortLink', operation: 'delete', linkId: ref('Link Create', 'id') }],
	// Last: no clicks means no output item, and a node without input does not run.
	[
		'Link Clicks',
		{
			resource: 'shortLink',
			operation: 'getClicks',
			dateFrom: '2024-01-01T00:00:00',
			dateTo: '2030-12-31T00:00:00',
			linkIds: [],
			returnAll: true,
		},
	],
];

describe("shortLink.create, then update, delete and getClicks, in n8n's engine against the emulator (Continue On Fail)", () => {
	const suite = useChainWorkflows({ 'short-link': { chains: [CHAIN], continueOnFail: true } });

	it('results, and a clear error item for a named link that exists', async () => {
		const run = await suite.run('short-link');
		expect(run.error).toBeUndefined();
		const one = (node: string) => firstJson(run, node);

		expect(one('Link Create')).toMatchObject({
			name: 'e2e',
			url: 'https://example.com/e2e',
			short_url: 'http://idz.do/e2e',
		});
		expect(one('Link Exists').error).toMatch(/already exists/);
		expect(one('Link Update')).toMatchObject({ description: 'updated' });
		expect(jsonOf(run, 'Link Clicks')).toEqual([]);
		expect(one('Link Delete')).toMatchObject({ deleted: true });
	}, 30_000);
});
