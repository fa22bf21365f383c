/**
 * The account's custom contact fields (actions/contact/accountFields.ts), against nock: read with
 * one GET /contacts/fields per node run (a failed read not kept), entries without a name left out,
 * a field found by its name or its id, an unknown one refused naming the fields there are.
 */
import { accountFields, findAccountField } from '../../../nodes/Smsapi/actions/contact/accountFields';
import { failure, mockService, nodeContext, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const FIELDS = [
	{ id: '5b802315a788494a04690d1d', name: 'loyalty', type: 'number' },
	{ id: '5b802315a788494a04690d1e', name: 'visit', type: 'date' },
	{ id: 'x', name: '' },
];
const context = () => nodeContext({ parameters: { resource: 'contact', operation: 'create' } });

describe("the account's custom fields", () => {
	it('reads them once per run, without entries that have no name', async () => {
		const service = mockService().on('GET', '/contacts/fields', () => [200, { size: 3, collection: FIELDS }]);
		const run = context();
		expect(await accountFields.call(run, 0)).toEqual([FIELDS[0], FIELDS[1]]);
		await accountFields.call(run, 1);
		expect(service.calls).toHaveLength(1);
		await accountFields.call(context(), 0);
		expect(service.calls).toHaveLength(2);
	});

	it('reads again after a failed read', async () => {
		let answers = 0;
		mockService().on('GET', '/contacts/fields', () => (++answers === 1 ? [400, { message: 'Bad request', error: 'invalid_request' }] : [200, { collection: FIELDS }]));
		const run = context();
		await failure(accountFields.call(run, 0));
		expect(await accountFields.call(run, 0)).toHaveLength(2);
	});

	it('finds a field by name or id; an unknown one is refused, naming the fields there are', async () => {
		const run = context();
		const fields = [
			{ id: 'a', name: 'loyalty', type: 'number' },
			{ id: 'b', name: 'visit', type: 'date' },
		];
		expect(findAccountField.call(run, fields, 'visit', 0, 'Nothing was created.')).toEqual(fields[1]);
		expect(findAccountField.call(run, fields, 'a', 0, 'Nothing was created.')).toEqual(fields[0]);
		let error: (Error & { description?: string }) | undefined;
		try {
			findAccountField.call(run, fields, 'tier', 0, 'Nothing was created.');
		} catch (thrown) {
			error = thrown as typeof error;
		}
		expect(error?.message).toBe('The contacts database has no custom field "tier"');
		expect(error?.description).toContain("Nothing was created. The account's custom fields: loyalty (number), visit (date).");
	});
});
