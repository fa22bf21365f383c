/**
 * Short Link → Create against a mocked service (nock): url, name, description and the expiry with
 * its unit; an address that is not http(s) refused, a named link that exists a clear error; and in
 * n8n's engine against the emulator, the chain Create → Create again → Update → Delete → Get Clicks
 * with Continue On Fail (Update, Delete and Get Clicks in the chain are theirs as much as Create's).
 */
import { ref } from '../../workflow/chains';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, firstJson, useChainWorkflows } from '../support/engine';
import { failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const link = { id: '101', name: 'sale', url: 'https://example.com/sale', short_url: 'http://idz.do/sale', hits: 0, hits_unique: 0 };

describe('shortLink.create', () => {
	it('POSTs url, name, description and the expiry with its unit', async () => {
		const service = mockService().on('POST', '/short_url/links', () => [201, link]);
		await runNode({
			parameters: {
				resource: 'shortLink',
				operation: 'create',
				url: 'https://example.com/sale',
				options: { name: 'sale', description: 'Spring', expireTime: 3, expireUnit: 'hours' },
			},
		});
		expect(service.calls[0].body).toEqual({ url: 'https://example.com/sale', name: 'sale', description: 'Spring', expire_time: '3', expire_unit: 'hours' });
	});

	it('refuses an address that is not http(s); a named link that exists is a clear error', async () => {
		const service = mockService().on('POST', '/short_url/links', () => [409, { message: 'Named link already exists', error: 'short_url_conflict' }]);
		expect((await failure(runNode({ parameters: { resource: 'shortLink', operation: 'create', url: 'example.com' } }))).message).toMatch(
			/Not an http\(s\) address/,
		);
		expect(service.calls).toHaveLength(0);
		const error = await failure(runNode({ parameters: { resource: 'shortLink', operation: 'create', url: 'https://example.com', options: { name: 'sale' } } }));
		expect(error.message).toMatch(/already exists/);
	});
});

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
