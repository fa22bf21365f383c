/**
 * Contact → Get Many in n8n's engine in-process (support/engine.ts) against the emulator: search,
 * filters with operators, Return All paging and a limit over one page (the `res-contact-list`
 * fixture). Its tests against a mocked service: getMany.test.ts.
 */
import { recorded } from '../../workflow/resource-fixtures';
import { nodeItems as itemsOf, nodeJson as jsonOf, pairedIndex } from '../../workflow/run-result';
import { useResourceFixtures } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("contact.getMany in n8n's engine against the emulator", () => {
	const suite = useResourceFixtures();
	const emulator = () => suite.emulator();

	it(
		'contact.getMany: search (q), filters with operators and order_by, Return All paging and a limit over one page',
		async () => {
			// 205 more contacts: 211 in all, more than two pages of 100.
			for (let n = 1; n <= 205; n++) {
				emulator().state.contacts.push({
					...emulator().state.contacts[5],
					id: `6400000000000000001${String(n).padStart(5, '0')}`,
					first_name: 'Extra',
					last_name: `Contact ${n}`,
					phone_number: String(48600000000 + n),
					email: '',
					birthday_date: '',
					groupIds: [],
					custom: {},
				});
			}
			const run = await suite.run('res-contact-list');
			expect(run.error).toBeUndefined();

			const requests = await recorded(emulator(), '/contacts');
			for (const request of requests) {
				expect(request).toMatchObject({ method: 'GET', address: 'primary', authMethod: 'bearer', responseStatus: 200 });
			}
			// Branches run top to bottom: Search, Filter and Sort, All Contacts (3 pages), First 150 (2 pages).
			expect(requests.map((request) => request.query)).toEqual([
				{ q: 'NOWAK', offset: '0', limit: '50' },
				// The custom-field filter (points_balance ≥ 40) is applied by the node: the service gets
				// only the published filters, and pages of 100 until enough contacts matched.
				{ birthday_date: 'between(1980-01-01, 1995-12-31)', order_by: 'last_name', offset: '0', limit: '100' },
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '100' },
				{ offset: '200', limit: '100' },
				{ offset: '0', limit: '100' },
				{ offset: '100', limit: '50' },
			]);

			expect(jsonOf(run, 'Search')).toEqual([
				expect.objectContaining({ id: '640000000000000000000002', first_name: 'Jan', last_name: 'Nowak', phone_number: '48500000002' }),
			]);
			expect(jsonOf(run, 'Filter and Sort').map((contact) => [contact.last_name, contact.points_balance])).toEqual([
				['Kowalska', '120'],
				['Nowak', '40'],
			]);
			const all = jsonOf(run, 'All Contacts');
			expect(all).toHaveLength(211);
			expect(new Set(all.map((contact) => contact.id)).size).toBe(211);
			const first = jsonOf(run, 'First 150');
			expect(first.map((contact) => contact.id)).toEqual(all.slice(0, 150).map((contact) => contact.id));
			expect(itemsOf(run, 'All Contacts').every((item) => pairedIndex(item) === 0)).toBe(true);
		},
	);
});
