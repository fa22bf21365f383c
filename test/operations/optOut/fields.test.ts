/**
 * Opt-Out fields (actions/optOut/fields.ts): an opt-out as an output item, with `phone_number` as
 * a text of digits beside the service's numeric `phoneNumber` (to match contacts and blacklist
 * entries), and the record by id at `opt_outs/{id}`, never the settings beside it, token only.
 */
import { BRAND_MAX_LENGTH, optOutItem, optOutRecord } from '../../../nodes/Smsapi/actions/optOut/fields';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('opt-out fields', () => {
	it('adds phone_number as digits beside the numeric phoneNumber', () => {
		expect(optOutItem({ id: 'o1', phoneNumber: 48500000001 })).toEqual({ id: 'o1', phoneNumber: 48500000001, phone_number: '48500000001' });
		expect(optOutItem({ id: 'o2', phoneNumber: '+48 500 000 002' })).toMatchObject({ phone_number: '48500000002' });
		expect(optOutItem({ id: 'o3' })).toEqual({ id: 'o3' });
		expect(optOutItem(undefined)).toEqual({});
	});

	it('reaches an opt-out by its id, never opt_outs/settings, with the token only', () => {
		expect(optOutRecord.path('abc123')).toBe('opt_outs/abc123');
		expect(() => optOutRecord.path('settings')).toThrow('Not a valid ID in optOutId');
		expect(optOutRecord.tokenOnly).toBe(true);
		expect(BRAND_MAX_LENGTH).toBe(255);
	});
});
