/**
 * Custom contact fields (issue 32, part 5) through n8n's engine in-process (n8n-core's
 * WorkflowExecute) against the emulator with its conformance checks on: Create and Update with
 * Custom Fields, Get Many filtered by a custom field (compared as its type, applied by the node,
 * also when the service ignores filters it does not publish), and the refusals before anything is
 * sent, as error items with Continue On Fail and as a stopped workflow without it. The wire format
 * of each call is in test/operations/contactCustomFields.test.ts.
 */
import { workflow as chainsWorkflow, type Parameters as ChainParameters } from './chains';
import { nodeError as errorOf, nodeJson as jsonOf } from './run-result';
import { recorded, resourceCredentials, summary } from './resource-fixtures';
import { useEmulatorSuite } from './suite';

const custom = (...rows: Array<[string, string]>) => ({ field: rows.map(([name, value]) => ({ name, value })) });
const created = { __rl: true, mode: 'id', value: "={{ $('Create With Fields').first().json.id }}" };
const pointsAtLeast = (value: string): ChainParameters => ({
	resource: 'contact',
	operation: 'getMany',
	returnAll: true,
	filters: { filter: [{ field: 'custom', customField: 'points_balance', operator: 'gte', value }] },
});

const CHAIN: Array<[string, ChainParameters]> = [
	[
		'Create With Fields',
		{
			resource: 'contact',
			operation: 'create',
			phoneNumber: '48500000077',
			additionalFields: { firstName: 'Ewa', customFields: custom(['loyalty_level', 'gold'], ['points_balance', '75']) },
		},
	],
	['Update Fields', { resource: 'contact', operation: 'update', contactId: created, updateFields: { customFields: custom(['points_balance', '80']) } }],
	['Filter Points', pointsAtLeast('80')],
	[
		'Bad Number',
		{ resource: 'contact', operation: 'create', phoneNumber: '48500000078', additionalFields: { customFields: custom(['points_balance', 'lots']) } },
	],
	['Unknown Field', { resource: 'contact', operation: 'update', contactId: created, updateFields: { customFields: custom(['shoe_size', '42']) } }],
	['Bad Filter', pointsAtLeast('eighty')],
];

describe('in-process n8n: custom contact fields', () => {
	const suite = useEmulatorSuite({
		emulator: { dlrDelayMs: 600_000 },
		credentials: resourceCredentials,
		loadFixture: (name, credentials) =>
			name === 'continue'
				? chainsWorkflow(name, [CHAIN], credentials.token, true)
				: chainsWorkflow(name, [CHAIN.slice(3, 4)], credentials.token, false),
	});
	const emulator = () => suite.emulator();
	beforeEach(() => {
		emulator().reset();
		// A contact whose number field holds no number: no comparison may pick it up.
		emulator().state.contacts.push({
			...emulator().state.contacts[5],
			id: '640000000000000000000099',
			phone_number: '48500000099',
			custom: { points_balance: 'n/a' },
		});
	});

	it('create and update with custom fields, a filter by one, and the refusals as error items (Continue On Fail)', async () => {
		const run = await suite.run('continue');
		expect(run.error).toBeUndefined();
		const [ewa] = jsonOf(run, 'Create With Fields');
		const id = String(ewa.id);
		expect(ewa).toMatchObject({ first_name: 'Ewa', loyalty_level: 'gold', points_balance: '75' });
		expect(jsonOf(run, 'Update Fields')).toEqual([expect.objectContaining({ id, loyalty_level: 'gold', points_balance: '80' })]);
		// 120 (Anna) and 80 (Ewa); 40, 5 and "n/a" do not count.
		expect(jsonOf(run, 'Filter Points').map((contact) => [contact.first_name, contact.points_balance])).toEqual([
			['Anna', '120'],
			['Ewa', '80'],
		]);
		expect(jsonOf(run, 'Bad Number')[0].error).toBe(
			'The custom field "points_balance" (number) takes a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units), not "lots"',
		);
		expect(jsonOf(run, 'Unknown Field')[0].error).toBe('The contacts database has no custom field "shoe_size"');
		expect(jsonOf(run, 'Bad Filter')[0].error).toMatch(/^The custom field "points_balance" \(number\) in Filter 1 takes a number/);

		const requests = await recorded(emulator());
		// Each node reads the fields once; the refused ones send nothing else.
		expect(summary(requests)).toEqual([
			'GET /contacts/fields',
			'POST /contacts',
			'GET /contacts/fields',
			`PUT /contacts/${id}`,
			'GET /contacts/fields',
			'GET /contacts',
			'GET /contacts/fields',
			'GET /contacts/fields',
			'GET /contacts/fields',
		]);
		expect(requests[1].body).toEqual({ phone_number: '48500000077', first_name: 'Ewa', loyalty_level: 'gold', points_balance: '75' });
		expect(requests[3].body).toEqual({ points_balance: '80' });
		// The filter is not sent: the published API lists no custom-field filters.
		expect(requests[5].query).toEqual({ offset: '0', limit: '100' });
		expect(emulator().state.contacts.find((contact) => contact.id === id)?.custom).toEqual({ loyalty_level: 'gold', points_balance: '80' });
		expect(emulator().state.contacts.some((contact) => contact.phone_number === '48500000078')).toBe(false);
	}, 60_000);

	it('a service that ignores the filters it does not publish (lenient) gives the same filtered list', async () => {
		emulator().state.account.lenientQuery = true;
		const run = await suite.run('continue');
		expect(jsonOf(run, 'Filter Points').map((contact) => contact.points_balance)).toEqual(['120', '80']);
	}, 60_000);

	it('without Continue On Fail a value not of its field type stops the workflow before anything is created', async () => {
		const run = await suite.run('stop');
		expect(run.status).toBe('error');
		const error = errorOf(run, 'Bad Number');
		expect(error.message).toMatch(/^The custom field "points_balance" \(number\) takes a number/);
		expect(error.description).toBe('Nothing was created. Enter a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units).');
		expect(summary(await recorded(emulator()))).toEqual(['GET /contacts/fields']);
	}, 30_000);
});
