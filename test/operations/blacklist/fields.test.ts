/**
 * Blacklist fields (actions/blacklist/fields.ts), against nock: the entry of a number found by
 * the list's search, which finds every entry CONTAINING the text, page after page (100 a page)
 * until the entry of exactly that number (the service may show a `+` or spaces), or none.
 */
import { findBlacklistEntry, phoneNumberField } from '../../../nodes/Smsapi/actions/blacklist/fields';
import { mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const context = () => nodeContext({ parameters: { resource: 'blacklist', operation: 'remove', phoneNumber: '48500000001' } });
const entry = (phone: string, id = phone) => ({ id, phone_number: phone, expire_at: null, created_at: '2024-01-15T10:00:00+01:00' });

describe('blacklist fields', () => {
	it('finds the entry of exactly that number among the numbers that contain it, past the first page', async () => {
		const pages = [Array.from({ length: 100 }, (_, index) => entry(`48500000001${index}`)), [entry('+48 500 000 001', 'exact')]];
		const service = mockService().on('GET', '/blacklist/phone_numbers', (request) => [200, { size: 101, collection: pages[Number(request.query.offset) / 100] }]);
		expect(await findBlacklistEntry.call(context(), 0, '48500000001')).toEqual(entry('+48 500 000 001', 'exact'));
		expect(service.calls.map((call) => call.query)).toEqual([
			{ q: '48500000001', offset: '0', limit: '100' },
			{ q: '48500000001', offset: '100', limit: '100' },
		]);
	});

	it('finds none when no entry is that number', async () => {
		mockService().on('GET', '/blacklist/phone_numbers', () => [200, { size: 1, collection: [entry('485000000012')] }]);
		expect(await findBlacklistEntry.call(context(), 0, '48500000001')).toBeUndefined();
	});

	it('asks for the number with its country prefix', () => {
		expect(phoneNumberField).toMatchObject({ name: 'phoneNumber', required: true, description: 'The phone number with its country prefix (phone_number)' });
	});
});
