/**
 * Contact Field fields (actions/contactField/fields.ts): the published field types, a field as an
 * output item (the service's `{id, name, type}` as they come, nothing for what is no object), and
 * the record by id: `contacts/fields/{id}` with the id checked, only with the bearer token.
 */
import { contactFieldItem, contactFieldRecord, FIELD_TYPES } from '../../../nodes/Smsapi/actions/contactField/fields';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contact field fields', () => {
	it("offers the published FieldType values", () => {
		expect(FIELD_TYPES.map((type) => type.value)).toEqual(['date', 'email', 'number', 'phone_number', 'text']);
	});

	it('a field as an item, as it comes; nothing of what is no object', () => {
		expect(contactFieldItem({ id: '5b802315a788494a04690d1d', name: 'loyalty', type: 'number' })).toEqual({ id: '5b802315a788494a04690d1d', name: 'loyalty', type: 'number' });
		expect([contactFieldItem(null), contactFieldItem(['x']), contactFieldItem('x')]).toEqual([{}, {}, {}]);
	});

	it('reaches a field by its checked id, with the token only', () => {
		expect(contactFieldRecord.path('5b802315a788494a04690d1d')).toBe('contacts/fields/5b802315a788494a04690d1d');
		expect(() => contactFieldRecord.path('available')).toThrow('Not a valid ID in contactFieldId');
		expect(contactFieldRecord).toMatchObject({ resource: 'contactField', tokenOnly: true });
	});
});
