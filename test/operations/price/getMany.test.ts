/**
 * Price → Get Many. With the username/password login (nock): GET prices.do, one item per network,
 * the price as a number, the country filtered on the client side; with a token: GET
 * /profile/prices?type=, amount, currency and tariff type, MCC and MNC as prices.do writes them. In
 * n8n's engine against the emulator: both logins (the `res-price` fixture; a chain with Tariff
 * Type). Tariff Type refused for the username/password login: test/workflow/resources-rest.test.ts.
 */
import { recorded, summary, answerOf } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, LOGIN, useChainWorkflows, useResourceFixtures } from '../support/engine';
import { legacyService, runLegacy } from '../support/legacy-login';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const prices = [
	{ country: 'Poland', network: 'Plus', mcc: '260', mnc: '01', date: '1704067200', price: '0.0380' },
	{ country: 'Poland', network: 'Play', mcc: '260', mnc: '06', date: '1704067200', price: '0.0380' },
	{ country: 'Germany', network: 'Telekom', mcc: '262', mnc: '01', date: '1704067200', price: '0.0750' },
];

describe('price.getMany with the username/password login (prices.do)', () => {
	it('GET prices.do → one item per network, price as a number, fields as the service names them', async () => {
		const service = legacyService().on('GET', '/prices.do', () => [200, prices]);
		const output = await runLegacy({ parameters: { resource: 'price', operation: 'getMany' } });
		expect(service.calls.map((call) => [call.method, call.query])).toEqual([['GET', { format: 'json' }]]);
		expect(output).toEqual(prices.map((entry) => ({ json: { ...entry, price: Number(entry.price) }, pairedItem: { item: 0 } })));
	});

	it('filters by country on the client side, case-insensitively', async () => {
		legacyService().on('GET', '/prices.do', () => [200, prices]);
		const output = await runLegacy({ parameters: { resource: 'price', operation: 'getMany', options: { country: 'germany' } } });
		expect(output.map((item) => item.json.network)).toEqual(['Telekom']);
	});
});

describe('price.getMany with a token (REST API)', () => {
	it('GET /profile/prices?type=: amount, currency, tariff type; MCC and MNC as prices.do writes them', async () => {
		const service = mockService().on('GET', '/profile/prices', () => [
			200,
			{
				size: 1,
				collection: [{ type: 'eco', price: { amount: 0.025, currency: 'PLN' }, country: { name: 'Poland', mcc: 260 }, network: { name: 'Plus', mnc: 1 }, changed_at: null }],
			},
		]);
		const output = await runNode({ parameters: { resource: 'price', operation: 'getMany', options: { type: 'eco' } } });
		expect(service.calls[0].query).toEqual({ type: 'eco' });
		expect(output[0].json).toEqual({ country: 'Poland', network: 'Plus', mcc: '260', mnc: '01', date: null, price: 0.025, currency: 'PLN', type: 'eco' });
	});
});


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
