/**
 * Contact → Remove from Group against a mocked service (nock): DELETE /contacts/{id}/groups/{groupId},
 * a contact not in the group the service's 404 in words; an id not of its kind refused before any
 * request. In n8n's engine, after Add to Group: addToGroup.engine.test.ts.
 */
import { GROUPS, contact, membership } from '../support/contact-fixtures';
import { contactId, expectIdRefused, OBJECT_ID } from '../support/id-formats';
import { mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('contact.removeFromGroup', () => {
	const id = contact(1).id;

	it('DELETEs /contacts/{id}/groups/{groupId}; not in the group is the service 404 in words', async () => {
		const service = mockService()
			.on('DELETE', `/contacts/${id}/groups/${GROUPS[0].id}`, () => [204, ''])
			.on('DELETE', `/contacts/${id}/groups/${GROUPS[1].id}`, () => [
				404,
				{ message: 'Contact is not in this group', error: 'not_found' },
			]);
		const output = await runNode({
			parameters: [
				membership('removeFromGroup', GROUPS[0].id),
				membership('removeFromGroup', GROUPS[1].id),
			],
			continueOnFail: true,
		});
		expect(service.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
			`DELETE /contacts/${id}/groups/${GROUPS[0].id}`,
			`DELETE /contacts/${id}/groups/${GROUPS[1].id}`,
		]);
		expect(output[0]).toEqual({
			json: { contact_id: id, group_id: GROUPS[0].id, removed: true },
			pairedItem: { item: 0 },
		});
		expect(output[1].json.error).toMatch(/not_found/);
	});

	it('a contact id that is no contact id ("groups") is refused before any request', () =>
		expectIdRefused(
			{ resource: 'contact', operation: 'removeFromGroup', contactId: contactId('groups'), groupId: '5b802315a788494a04690d1e' },
			'contactId: "groups"',
			OBJECT_ID,
		));
});
