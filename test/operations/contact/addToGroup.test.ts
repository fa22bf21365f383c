/**
 * Contact → Add to Group against a mocked service (nock): PUT /contacts/{id}/groups/{groupId}, the
 * groups the contact is in out; no group chosen and an id not of its kind refused before any request.
 * Its workflows in n8n's engine: addToGroup.engine.test.ts.
 */
import { GROUPS, contact, membership } from '../support/contact-fixtures';
import { contactId, expectIdRefused, OBJECT_ID } from '../support/id-formats';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contact.addToGroup', () => {
	const id = contact(1).id;

	it('PUTs /contacts/{id}/groups/{groupId} and outputs the groups the contact is in', async () => {
		const service = mockService().on('PUT', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [
			201,
			{ size: 1, collection: [GROUPS[0]] },
		]);
		const output = await runNode({ parameters: membership('addToGroup', GROUPS[0].id) });
		expect(service.calls.map((call) => [call.method, call.path, call.body])).toEqual([
			['PUT', `/contacts/${id}/groups/${GROUPS[0].id}`, {}],
		]);
		expect(output).toEqual([
			{
				json: { contact_id: id, group_id: GROUPS[0].id, groups: [GROUPS[0]] },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('no group chosen is refused before any request', async () => {
		const service = mockService().on('PUT', `/contacts/${id}/groups/`, () => [200, {}]);
		await expect(runNode({ parameters: membership('addToGroup', '') })).rejects.toThrow(
			'Choose the group to add the contact to',
		);
		expect(service.calls).toHaveLength(0);
	});

	it('a group id that is no group id ("fields") is refused before any request', () =>
		expectIdRefused(
			{ resource: 'contact', operation: 'addToGroup', contactId: contactId('5b802315a788494a04690d1d'), groupId: 'fields' },
			'groupId: "fields"',
			OBJECT_ID,
		));
});
