import { legacyService, runLegacy } from './support/legacy-login';
import { useMockedNetwork } from './support/run-node';

useMockedNetwork();

const prices = [
	{ country: 'Poland', network: 'Plus', mcc: '260', mnc: '01', date: '1704067200', price: '0.0380' },
	{ country: 'Poland', network: 'Play', mcc: '260', mnc: '06', date: '1704067200', price: '0.0380' },
	{ country: 'Germany', network: 'Telekom', mcc: '262', mnc: '01', date: '1704067200', price: '0.0750' },
];

describe('price.getMany', () => {
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
