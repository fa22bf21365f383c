/**
 * What a sub-user may use of the main user's (actions/subuser/shares.ts), against nock: each
 * share's address under the sub-user's checked id and the list field its body names; a share as an
 * output item (access and the names selected); the sub-user and share an item names found over the
 * REST API, the username/password login refused before anything is sent.
 */
import { SHARE_WIRE, shareItem, sharePath, shareTarget } from '../../../nodes/Smsapi/actions/subuser/shares';
import { legacyLogin } from '../support/legacy-login';
import { failure, mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const subuser = { id: '5b802315a788494a04690d1d', username: 'acme_shop' };
const parameters = { resource: 'subuser', operation: 'getShares', name: 'acme_shop', share: 'templates' };

describe('sub-user shares', () => {
	it("has each share's address under the sub-user's id, and its list's field", () => {
		expect(sharePath(subuser, 'senderNames')).toBe('subusers/5b802315a788494a04690d1d/shares/sendernames');
		expect(sharePath(subuser, 'templates')).toBe('subusers/5b802315a788494a04690d1d/shares/templates');
		expect(() => sharePath({ id: '../x' }, 'templates')).toThrow('Not a valid ID in subuserId');
		expect(SHARE_WIRE.senderNames.listField).toBe('senders');
	});

	it('gives a share its access and the names selected', () => {
		expect(shareItem(subuser, 'senderNames', { access: 'selected', senders: ['Bakery', 'Shop'] })).toEqual({ ...subuser, share: 'senderNames', access: 'selected', names: ['Bakery', 'Shop'] });
		expect(shareItem(subuser, 'templates', undefined)).toEqual({ ...subuser, share: 'templates', access: null, names: [] });
	});

	it('finds the sub-user and share an item names over REST', async () => {
		mockService().on('GET', '/subusers', () => [200, { size: 1, collection: [subuser] }]);
		expect(await shareTarget.call(nodeContext({ parameters }), 0, 'Nothing was read.')).toEqual({ subuser, share: 'templates' });
	});

	it('refuses the username/password login before anything is sent', async () => {
		const service = mockService().on('GET', '/subusers', () => [200, { size: 1, collection: [subuser] }]);
		const error = await failure(shareTarget.call(nodeContext({ parameters, credentials: legacyLogin() }), 0, 'Nothing was read.'));
		expect(error.message).toBe('Shares need an access token login');
		expect(service.calls).toHaveLength(0);
	});
});
