/**
 * Contact → Create and Update with Custom Fields (issue 32) in n8n's engine in-process
 * (support/engine.ts) against the emulator with its conformance checks on (issue 32, part 5): Create
 * and Update with Custom Fields, Get Many filtered by one (also when the service ignores filters it
 * does not publish), the refusals as error items with Continue On Fail and as a stopped workflow
 * without it. The filter at the operation level: getMany.filters.test.ts. Its tests against a mocked
 * service: customFields.create.test.ts.
 */
import type { Parameters } from '../../workflow/chains';
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf, nodeJson as jsonOf } from '../../workflow/run-result';
import { type Chain, useChainWorkflows } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const customRows = (...rows: Array<[string, string]>) => ({ field: rows.map(([name, value]) => ({ name, value })) });
const created = { __rl: true, mode: 'id', value: "={{ $('Create With Fields').first().json.id }}" };
const pointsAtLeast = (value: string): Parameters => ({
	resource: 'contact',
	operation: 'getMany',
	returnAll: true,
	filters: { filter: [{ field: 'custom', customField: 'points_balance', operator: 'gte', value }] },
});

const CHAIN: Chain = [
	[
		'Create With Fields',
		{
			resource: 'contact',
			operation: 'create',
			phoneNumber: '48500000077',
			additionalFields: { firstName: 'Ewa', customFields: customRows(['loyalty_level', 'gold'], ['points_balance', '75']) },
		},
	],
	['Update Fields', { resource: 'contact', operation: 'update', contactId: created, updateFields: { customFields: customRows(['points_balance', '80']) } }],
	['Filter Points', pointsAtLeast('80')],
	[
		'Bad Number',
		{ resource: 'contact', operation: 'create', phoneNumber: '48500000078', additionalFields: { customFields: customRows(['points_balance', 'lots']) } },
	],
	['Unknown Field', { resource: 'contact', operation: 'update', contactId: created, updateFields: { customFields: customRows(['shoe_size', '42']) } }],
	['Bad Filter', pointsAtLeast('eighty')],
];

describe("contact.create and update with Custom Fields, and getMany filtered by one, in n8n's engine against the emulator", () => {
	const suite = useChainWorkflows({
		continue: { chains: [CHAIN], continueOnFail: true },
		stop: { chains: [CHAIN.slice(3, 4)], continueOnFail: false },
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
