/**
 * Prices over the REST API (actions/price/rest.ts): an entry of `/profile/prices` as the item
 * prices.do gives (country, network, MCC and MNC written as prices.do writes them, the day of
 * `changed_at` as UNIX seconds, the amount a number, its currency and tariff type), and the tariff
 * types the API lists.
 */
import { restPriceItem, TARIFF_TYPES } from '../../../nodes/Smsapi/actions/price/rest';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('REST prices', () => {
	it("gives an entry as prices.do's item", () => {
		const entry = { type: 'sms', price: { amount: '0.165', currency: 'PLN' }, country: { name: 'Poland', mcc: 260 }, network: { name: 'Orange', mnc: 3 }, changed_at: '2024-01-15' };
		expect(restPriceItem(entry, 'sms')).toEqual({ country: 'Poland', network: 'Orange', mcc: '260', mnc: '03', date: '1705276800', price: 0.165, currency: 'PLN', type: 'sms' });
	});

	it('takes the requested type when the entry has none, and nothing for missing parts', () => {
		expect(restPriceItem({ price: { amount: 1 } }, 'mms')).toEqual({ country: null, network: null, mcc: '', mnc: '', date: null, price: 1, currency: null, type: 'mms' });
		expect(restPriceItem({}, '')).not.toHaveProperty('type');
		expect(restPriceItem({ changed_at: 'soon' }, '').date).toBeNull();
	});

	it('lists the published tariff types', () => {
		expect([...TARIFF_TYPES]).toEqual(['2way', 'eco', 'hlr', 'mms', 'pro', 'sms', 'vms']);
	});
});
