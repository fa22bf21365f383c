/**
 * Contact → Add to Group against a mocked service (nock): PUT /contacts/{id}/groups/{groupId}, the
 * groups the contact is in out; no group chosen and an id not of its kind refused before any
 * request. In n8n's engine against the emulator: Add to Group then Remove from Group (the
 * `res-contact-membership` fixture; Remove in it is its as much as Add's).
 */
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { GROUPS, contact, membership } from '../support/contact-fixtures';
import { useResourceFixtures } from '../support/engine';
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

describe("contact.addToGroup, then removeFromGroup, in n8n's engine against the emulator", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'contact.addToGroup and contact.removeFromGroup: PUT and DELETE /contacts/{id}/groups/{groupId}',
		async () => {
			const jan = '640000000000000000000002';
			const customers = '650000000000000000000001';
			const vip = '650000000000000000000002';
			const run = await suite.run('res-contact-membership');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator());
			expect(summary(requests)).toEqual([`PUT /contacts/${jan}/groups/${vip}`, `DELETE /contacts/${jan}/groups/${customers}`]);
			// No body on either: the membership is the path.
			expect(requests.map((request) => [request.responseStatus, request.body])).toEqual([
				[201, ''],
				[204, ''],
			]);
			expect(jsonOf(run, 'Add to Group')).toEqual([
				{
					contact_id: jan,
					group_id: vip,
					groups: [expect.objectContaining({ id: customers }), expect.objectContaining({ id: vip, name: 'vip', contacts_count: 2 })],
				},
			]);
			expect(jsonOf(run, 'Remove from Group')).toEqual([{ contact_id: jan, group_id: customers, removed: true }]);
			expect(emulator().state.contacts.find((contact) => contact.id === jan)?.groupIds).toEqual([vip]);
		},
	);
});
