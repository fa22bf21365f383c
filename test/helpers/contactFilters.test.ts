/**
 * Contact list filters (helpers/contactFilters.ts): only what the published API lists goes to the
 * service (contacts_com.yml: phone_number, email, first_name, last_name as plain values, group_id,
 * gender, birthday_date plain or with its operators); every other condition (operators on text
 * fields, custom fields) is left to the node, which applies it to the contacts read without ever
 * widening the list; a field filtered twice, a missing value and a field that is no contact field
 * refused; Order By only by the published fields, ascending.
 */
import { contactFilterQuery, contactOrderBy, matchesContact } from '../../nodes/Smsapi/helpers/contactFilters';

describe('contact filters', () => {
	it('sends the published filters as the API lists them', () => {
		expect(
			contactFilterQuery([
				{ field: 'first_name', operator: 'contains', value: ' Anna ' },
				{ field: 'group_id', groupId: '5b802315a788494a04690d1d' },
				{ field: 'gender', gender: 'female' },
				{ field: 'birthday_date', operator: 'between', value: '1990-01-01', valueTo: '1999-12-31' },
			]),
		).toEqual({
			query: { first_name: 'Anna', group_id: '5b802315a788494a04690d1d', gender: 'female', birthday_date: 'between(1990-01-01, 1999-12-31)' },
			inNode: [],
			problems: [],
		});
		expect(contactFilterQuery([{ field: 'birthday_date', operator: 'gte', value: '2000-01-01' }]).query).toEqual({ birthday_date: 'gte(2000-01-01)' });
	});

	it('leaves to the node what the API does not publish: operators on text fields and custom fields', () => {
		const { query, inNode } = contactFilterQuery([
			{ field: 'email', operator: 'equals', value: 'a@example.com' },
			{ field: 'custom', customField: 'loyalty', operator: 'between', value: '10', valueTo: '20' },
		]);
		expect(query).toEqual({});
		expect(inNode).toEqual([
			{ field: 'email', operator: 'equals', value: 'a@example.com' },
			{ field: 'loyalty', operator: 'between', value: '10', valueTo: '20' },
		]);
	});

	it('refuses a field filtered twice, a missing value or bound, and a name the list itself uses', () => {
		expect(
			contactFilterQuery([
				{ field: 'first_name', value: 'A' },
				{ field: 'first_name', value: 'B' },
				{ field: 'last_name', value: '' },
				{ field: 'birthday_date', operator: 'between', value: '1990-01-01' },
				{ field: 'custom', customField: 'limit', value: '5' },
				{ field: 'custom' },
			]).problems,
		).toEqual([
			'Filter 2: "first_name" is filtered twice; the service takes one condition per field (use Between for a range).',
			'Filter 3 (last_name): enter a value.',
			'Filter 4 (birthday_date): Between needs a second value (To).',
			'Filter 5: "limit" is not a contact field; use Search or the options for it.',
			'Filter 6: choose the custom field.',
		]);
	});

	it('applies its conditions to the contacts read: numbers as numbers, text without case, phone numbers cleaned', () => {
		expect(matchesContact({ loyalty: '15' }, [{ field: 'loyalty', operator: 'between', value: '9', valueTo: '20' }])).toBe(true);
		expect(matchesContact({ loyalty: '9' }, [{ field: 'loyalty', operator: 'gt', value: '10' }])).toBe(false);
		expect(matchesContact({ email: 'Anna@Example.com' }, [{ field: 'email', operator: 'contains', value: 'anna@' }])).toBe(true);
		expect(matchesContact({ phone_number: '+48 500 000 001' }, [{ field: 'phone_number', operator: 'equals', value: '0048500000001' }])).toBe(true);
	});

	it('never widens the list: a contact without the field, or a number field that holds no number, meets no condition', () => {
		expect(matchesContact({}, [{ field: 'loyalty', operator: 'lt', value: '10' }])).toBe(false);
		expect(matchesContact({ loyalty: 'many' }, [{ field: 'loyalty', operator: 'lt', value: '10', type: 'number' }])).toBe(false);
		expect(matchesContact({ tags: ['vip', 'new'] }, [{ field: 'tags', operator: 'equals', value: 'VIP' }])).toBe(true);
		expect(matchesContact({ a: '1', b: '2' }, [{ field: 'a', operator: 'equals', value: '1' }, { field: 'b', operator: 'equals', value: '3' }])).toBe(false);
	});

	it('compares a custom date field by its day', () => {
		expect(matchesContact({ visit: '2030-01-31T10:00:00+01:00' }, [{ field: 'visit', operator: 'equals', value: '2030-01-31', type: 'date' }])).toBe(true);
	});

	it('orders by the published fields only, ascending only', () => {
		expect(contactOrderBy({ sort: 'last_name' })).toEqual({ orderBy: 'last_name' });
		expect(contactOrderBy({})).toEqual({});
		expect(contactOrderBy({ sort: 'email' }).problem).toBe('The service cannot sort contacts by "email"; Order By takes date_created, date_updated, first_name, last_name.');
		expect(contactOrderBy({ sort: 'last_name', sortDirection: 'descending' }).problem).toMatch(/^The service sorts contacts in ascending order only/);
	});
});
