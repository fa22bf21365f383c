/**
 * Price → Get Many. With the username/password login (nock): GET prices.do, one item per network, the
 * price as a number, the country filtered on the client side; with a token: GET /profile/prices?type=,
 * amount, currency and tariff type, MCC and MNC as prices.do writes them. Its workflows in n8n's
 * engine: getMany.engine.test.ts.
 */
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
