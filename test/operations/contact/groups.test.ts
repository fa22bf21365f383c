/**
 * A contact's groups (actions/contact/groups.ts), against nock: groups given by id or by name
 * (as earlier workflows have them), in arrays or comma-separated, checked with one GET
 * /contacts/groups, an unknown one refused before anything changes; membership through PUT and
 * DELETE /contacts/{id}/groups/{groupId}; a contact's groups made exactly those wanted (the others
 * removed only when asked), in that order: unpin, then pin.
 */
import { applyGroups, resolveGroupIds } from '../../../nodes/Smsapi/actions/contact/groups';
import { failure, mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const G1 = '5b802315a788494a04690d11';
const G2 = '5b802315a788494a04690d12';
const G3 = '5b802315a788494a04690d13';
const CONTACT = '5b802315a788494a04690d1c';
const context = () => nodeContext({ parameters: { resource: 'contact', operation: 'update' } });

describe("a contact's groups", () => {
	it('resolves ids and names, once each, with one read of the groups; none asks nothing', async () => {
		const service = mockService().on('GET', '/contacts/groups', () => [200, { size: 2, collection: [{ id: G1, name: 'VIP' }, { id: G2, name: 'Newsletter' }] }]);
		expect(await resolveGroupIds.call(context(), 0, [G1, 'Newsletter'], `VIP, ${G2}`)).toEqual([G1, G2]);
		expect(await resolveGroupIds.call(context(), 0, [], '')).toEqual([]);
		expect(service.calls).toHaveLength(1);
	});

	it('refuses an unknown group, naming the account\'s groups', async () => {
		mockService().on('GET', '/contacts/groups', () => [200, { size: 1, collection: [{ id: G1, name: 'VIP' }] }]);
		const error = await failure(resolveGroupIds.call(context(), 0, ['Gold']));
		expect(error.message).toBe('No such contact group: "Gold"');
		expect(error.description).toContain("The account's groups: VIP.");
	});

	it('makes the groups exactly those wanted: the others removed first when asked, then the missing ones added', async () => {
		const service = mockService()
			.on('DELETE', `/contacts/${CONTACT}/groups/${G1}`, () => [204, ''])
			.on('PUT', `/contacts/${CONTACT}/groups/${G3}`, () => [200, { size: 2, collection: [{ id: G2 }, { id: G3 }] }]);
		const contact = { id: CONTACT, groups: [{ id: G1 }, { id: G2 }] };
		expect(await applyGroups.call(context(), 0, contact, [G2, G3], { removeOthers: true })).toEqual({ id: CONTACT, groups: [{ id: G2 }, { id: G3 }] });
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([`DELETE /contacts/${CONTACT}/groups/${G1}`, `PUT /contacts/${CONTACT}/groups/${G3}`]);
	});

	it('keeps the other groups unless asked to remove them', async () => {
		const service = mockService().on('PUT', `/contacts/${CONTACT}/groups/${G2}`, () => [200, { size: 2, collection: [{ id: G1 }, { id: G2 }] }]);
		expect(await applyGroups.call(context(), 0, { id: CONTACT, groups: [{ id: G1 }] }, [G2], { removeOthers: false })).toMatchObject({ groups: [{ id: G1 }, { id: G2 }] });
		expect(service.calls).toHaveLength(1);
	});
});
