/**
 * Sub-users over the published REST API (actions/subuser/rest.ts), against nock: a REST entry as
 * the item user.do gives (never a password); the JSON body of create and update (passwords as
 * they are, the REST API hashes nothing), Phonebook and Senders refused for it before anything is
 * sent; the sub-user Name chooses found by its username, by the main user's prefix as user.do names
 * it, or by its id; none, an error saying what to give.
 */
import { findSubuser, mainUsername, restSubuserItem, toRestSubuserBody } from '../../../nodes/Smsapi/actions/subuser/rest';
import { failure, mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const context = () => nodeContext({ parameters: { resource: 'subuser', operation: 'get', name: 'shop' } });
const ID = '5b802315a788494a04690d1d';

describe('REST sub-users', () => {
	it("gives a REST entry as user.do's item, never a password", () => {
		expect(restSubuserItem({ id: ID, username: 'acme_shop', points: { from_account: '10.5', per_month: 0 }, active: true, description: 'Shop', credentials: { password: 'x' } })).toEqual({
			id: ID,
			username: 'acme_shop',
			limit: 10.5,
			month_limit: 0,
			active: true,
			info: 'Shop',
		});
		expect(restSubuserItem({ id: ID, username: 'u' })).toEqual({ id: ID, username: 'u', info: '' });
	});

	it('builds the JSON body, passwords as they are; refuses what only user.do knows', () => {
		expect(toRestSubuserBody.call(context(), { password: 'secret', apiPassword: '', creditLimit: '5', monthLimit: 1, active: 1, info: 'x' }, 0)).toEqual({
			credentials: { password: 'secret' },
			points: { from_account: 5, per_month: 1 },
			active: true,
			description: 'x',
		});
		expect(() => toRestSubuserBody.call(context(), { phonebook: true, senders: false }, 0)).toThrow('Phonebook and Senders can be set only with a username/password login');
	});

	it('finds the sub-user by its username, or by the main user\'s prefix as user.do names it', async () => {
		mockService()
			.on('GET', '/subusers', () => [200, { size: 2, collection: [{ id: 'a1', username: 'acme_shopping' }, { id: 'a2', username: 'acme_shop' }] }])
			.on('GET', '/profile', () => [200, { username: 'acme' }]);
		expect(await findSubuser.call(context(), 'shop', 0, 'Nothing was read.')).toEqual({ id: 'a2', username: 'acme_shop' });
		expect(await findSubuser.call(context(), 'acme_shopping', 0, 'Nothing was read.')).toEqual({ id: 'a1', username: 'acme_shopping' });
		expect(await mainUsername.call(context(), 0)).toBe('acme');
	});

	it('finds it by its id when the Name is one; else an error saying what to give', async () => {
		const service = mockService()
			.on('GET', '/subusers', () => [200, { size: 0, collection: [] }])
			.on('GET', `/subusers/${ID}`, () => [200, { id: ID, username: 'acme_x' }]);
		expect(await findSubuser.call(context(), ID, 0, 'Nothing was read.')).toEqual({ id: ID, username: 'acme_x' });
		const error = await failure(findSubuser.call(context(), 'nobody', 0, 'Nothing was read.'));
		expect(error.message).toBe('No sub-user named "nobody"');
		expect(error.description).toBe("Nothing was read. Give the sub-user's username or ID, or choose it from the list.");
		expect(service.calls.filter((call) => call.path === '/subusers').map((call) => call.query.q)).toEqual([ID, 'nobody']);
	});
});
