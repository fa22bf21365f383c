/**
 * Price → Get Many in n8n's engine in-process (support/engine.ts) against the emulator: both logins
 * (the `res-price` fixture; a chain with Tariff Type). Tariff Type refused for the username/password
 * login: test/workflow/resources-rest.engine.test.ts. Its tests against a mocked service: getMany.test.ts.
 */
import { recorded, summary, answerOf } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, LOGIN, useChainWorkflows, useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("price.getMany in n8n's engine against the emulator (username/password login)", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'price.getMany (username/password login): GET prices.do; one item per network with price as a number; the country option filters',
		async () => {
			const run = await suite.run('res-price');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual(['GET /prices.do', 'GET /prices.do']);
			for (const request of requests) {
				expect(request).toMatchObject({ authMethod: 'legacy', responseStatus: 200 });
				expect(request.query).toEqual({ ...LOGIN, format: 'json' });
			}
			const answer = answerOf(requests[0]) as Array<Record<string, string>>;
			expect(answer.length).toBeGreaterThan(5);
			expect(typeof answer[0].price).toBe('string');

			const prices = jsonOf(run, 'Prices');
			expect(prices).toEqual(answer.map((entry) => ({ ...entry, price: Number(entry.price) })));
			for (const entry of prices) expect(typeof entry.price).toBe('number');
			expect(prices[0]).toEqual({ country: 'Poland', network: 'Plus', mcc: '260', mnc: '01', date: '1704067200', price: 0.038 });

			const poland = jsonOf(run, 'Prices (Poland)');
			expect(poland.map((entry) => entry.network)).toEqual(['Plus', 'T-Mobile', 'Orange', 'Play']);
			expect(poland.every((entry) => entry.country === 'Poland' && entry.price === 0.038)).toBe(true);
		}
	);
});

const PRICE_CHAIN: Chain = [
	['Prices', { resource: 'price', operation: 'getMany' }],
	['Prices ECO Poland', { resource: 'price', operation: 'getMany', options: { country: 'poland', type: 'eco' } }],
];

describe("price.getMany in n8n's engine against the emulator (token: /profile/prices)", () => {
	const suite = useChainWorkflows({ prices: { chains: [PRICE_CHAIN], continueOnFail: true } });
	const emulator = () => suite.emulator();

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
});
