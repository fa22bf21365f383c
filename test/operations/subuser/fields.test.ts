/**
 * Sub-User fields for user.do (actions/subuser/fields.ts): the fields in the service's names,
 * passwords as md5 (an empty one left out), flags as 0/1; a sub-user as an output item with its
 * numbers as numbers and never a password, even one the service echoes.
 */
import { toMd5Password } from '../../../credentials/smsapiAccount';
import { existingSubuserField, subuserItem, toSubuserParameters } from '../../../nodes/Smsapi/actions/subuser/fields';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('sub-user fields', () => {
	it("puts the fields in user.do's names: passwords as md5, flags as 0/1", () => {
		expect(toSubuserParameters({ password: 'secret', apiPassword: '', active: true, phonebook: false, senders: '1', creditLimit: 100, monthLimit: 0, info: 'shop' })).toEqual({
			pass: toMd5Password('secret'),
			active: 1,
			phonebook: 0,
			senders: 1,
			limit: 100,
			month_limit: 0,
			info: 'shop',
		});
	});

	it('gives a sub-user its numbers as numbers and never a password', () => {
		expect(subuserItem({ username: 'acme_shop', limit: '100.5', month_limit: '0', active: '1', pass: 'x', pass_api: 'y', password: 'z' })).toEqual({ username: 'acme_shop', limit: 100.5, month_limit: 0, active: 1 });
		expect(subuserItem('OK', 'acme_shop')).toEqual({ username: 'acme_shop' });
	});

	it('chooses an existing sub-user from the list', () => {
		expect(existingSubuserField).toMatchObject({ name: 'name', typeOptions: { loadOptionsMethod: 'getSubuserNames' } });
	});
});
