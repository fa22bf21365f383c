/**
 * Contact Group fields (actions/contactGroup/fields.ts): the fields in the service's names (texts
 * trimmed, empty ones left out), a group as an output item with `contacts_count` a number, and the
 * record by id at `contacts/groups/{id}` with the id checked; update offers the name too.
 */
import { createGroupFields, groupItem, groupRecord, toGroupParameters, updateGroupFields } from '../../../nodes/Smsapi/actions/contactGroup/fields';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contact group fields', () => {
	it("puts the fields in the service's names, texts trimmed, empty ones left out", () => {
		expect(toGroupParameters({ name: ' VIP ', description: '', idx: 'club', contactExpireAfter: 30, unknown: 'x' })).toEqual({ name: 'VIP', idx: 'club', contact_expire_after: 30 });
	});

	it('gives contacts_count as a number, the rest as it comes', () => {
		expect(groupItem({ id: 'g', name: 'VIP', contacts_count: '12' })).toEqual({ id: 'g', name: 'VIP', contacts_count: 12 });
		expect(groupItem({ id: 'g' })).toEqual({ id: 'g' });
		expect(groupItem(null)).toEqual({});
	});

	it('reaches a group by its checked id; update adds the name to the fields of create', () => {
		expect(groupRecord.path('5b802315a788494a04690d1d')).toBe('contacts/groups/5b802315a788494a04690d1d');
		expect(() => groupRecord.path('..')).toThrow('Not a valid ID in groupId');
		expect(updateGroupFields.map((field) => field.name).sort()).toEqual([...createGroupFields.map((field) => field.name), 'name'].sort());
	});
});
