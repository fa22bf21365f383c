/**
 * Contact → Add to Group in n8n's engine in-process (support/engine.ts) against the emulator: Add to
 * Group then Remove from Group (the `res-contact-membership` fixture; Remove in it is its as much as
 * Add's). Its tests against a mocked service: addToGroup.test.ts.
 */
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeJson as jsonOf } from '../../workflow/run-result';
import { useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

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
