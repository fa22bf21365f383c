/**
 * Sender Name fields (actions/sender/fields.ts): a sender.do entry as an item (its `name` as
 * `sender`, or the name asked about), the answer of add, delete and set default as the name it was
 * about with the service's count, and the dropdown of existing names.
 */
import { existingSenderField, senderActionItem, senderItem } from '../../../nodes/Smsapi/actions/sender/fields';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sender name fields', () => {
	it("gives a sender.do entry its sender, from its name or the name asked about", () => {
		expect(senderItem({ name: 'Bakery', status: 'ACTIVE', default: false })).toEqual({ sender: 'Bakery', status: 'ACTIVE', default: false });
		expect(senderItem({ sender: 'Shop', name: 'other' })).toEqual({ sender: 'Shop' });
		expect(senderItem('OK', 'Bakery')).toEqual({ sender: 'Bakery' });
		expect(senderItem(null)).toEqual({ sender: null });
	});

	it('gives an action its name, its extra fields and the count the service answered', () => {
		expect(senderActionItem({ count: 1 }, 'Bakery', { deleted: true })).toEqual({ sender: 'Bakery', deleted: true, count: 1 });
		expect(senderActionItem('OK', 'Bakery')).toEqual({ sender: 'Bakery' });
	});

	it('chooses an existing name from the list of all names', () => {
		expect(existingSenderField).toMatchObject({ type: 'options', required: true, typeOptions: { loadOptionsMethod: 'getAllSenderNames' } });
	});
});
