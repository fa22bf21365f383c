/**
 * Contact fields (actions/contact/fields.ts): the form body of create and update in the service's
 * names (the phone number without its formatting, a birthday given as a date-time cut to its date,
 * texts trimmed, unknown and empty values left out), a contact's number checked as typed, and the
 * chosen contact's id trimmed or refused with how to choose it.
 */
import { contactFields, contactIdOf, contactPhoneProblem, toContactBody } from '../../../nodes/Smsapi/actions/contact/fields';
import { nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contact fields', () => {
	it("builds the form body in the service's names", () => {
		expect(toContactBody({ phoneNumber: '+48 500-000-001', birthdayDate: '1990-05-01T00:00:00.000+02:00', firstName: ' Anna ', email: 'a@example.com', gender: 'female', city: null, unknown: 'x' })).toEqual({
			phone_number: '48500000001',
			birthday_date: '1990-05-01',
			first_name: 'Anna',
			email: 'a@example.com',
			gender: 'female',
		});
		expect(toContactBody({ birthdayDate: '1990-05-01', description: 'VIP' })).toEqual({ birthday_date: '1990-05-01', description: 'VIP' });
	});

	it('checks a number as typed: formatting is fine, a number that is none is not, empty is left to the caller', () => {
		expect(contactPhoneProblem('+48 500-000-001')).toBeUndefined();
		expect(contactPhoneProblem('')).toBeUndefined();
		expect(contactPhoneProblem('12')).toEqual(expect.any(String));
	});

	it("reads the chosen contact's id, refusing none with how to choose it", () => {
		const context = (contactId: string) => nodeContext({ parameters: { resource: 'contact', operation: 'update', contactId: { __rl: true, mode: 'id', value: contactId } } });
		expect(contactIdOf.call(context(' 5b802315a788494a04690d1d '), 0, 'update')).toBe('5b802315a788494a04690d1d');
		expect(() => contactIdOf.call(context(''), 0, 'update')).toThrow('Choose the contact to update');
	});

	it('offers the fields sorted by display name', () => {
		const names = contactFields.map((field) => field.displayName);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
	});
});
