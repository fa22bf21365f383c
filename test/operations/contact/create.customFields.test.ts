/**
 * Contact → Create and Update with Custom Fields (issue 32) against a mocked service (nock): each
 * custom field sent as a form field named like it (as the official PHP client's setCustomField
 * does), after one read of the account's fields (`GET /contacts/fields`); a field the account does
 * not have or a value not of its field's type refused before anything is sent
 * (docs/service-differences.md C5, C8); token only. In n8n's engine against the emulator with its
 * conformance checks on (issue 32, part 5): Create and Update with Custom Fields, Get Many filtered
 * by one (also when the service ignores filters it does not publish), the refusals as error items
 * with Continue On Fail and as a stopped workflow without it. The filter at the operation level:
 * getMany.filters.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { legacyCredentials } from '../../support/n8n-context';
import type { Parameters } from '../../workflow/chains';
import { recorded, summary } from '../../workflow/resource-fixtures';
import { nodeError as errorOf, nodeJson as jsonOf } from '../../workflow/run-result';
import { FIELDS, contact, fieldsService as service } from '../support/contact-fixtures';
import { type Chain, useChainWorkflows } from '../support/engine';
import { failure, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const custom = (...rows: Array<[string, unknown]>) => ({ field: rows.map(([name, value]) => ({ name, value })) });
const create = (customFields: unknown, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'contact',
	operation: 'create',
	phoneNumber: '48500000001',
	additionalFields: { firstName: 'Anna', customFields, ...extra } as INodeParameters,
});
const update = (customFields: unknown): INodeParameters => ({
	resource: 'contact',
	operation: 'update',
	contactId: { __rl: true, mode: 'id', value: contact(1).id },
	updateFields: { customFields } as INodeParameters,
});

describe('contact.create and contact.update: Custom Fields', () => {
	it('create sends each value as a form field named like its field, as its type takes it', async () => {
		const mock = service();
		const output = await runNode({
			parameters: create(
				custom(
					['loyalty_level', '  gold '],
					['points_balance', '={{ 120.5 }}'],
					['vip_since', '2024-05-31T10:00:00.000+02:00'],
					['work_email', 'anna@example.com'],
					['office_phone', '+48 22 123 45 67'],
				),
			),
		});
		expect(mock.calls.map((call) => [call.method, call.path, call.body])).toEqual([
			['GET', '/contacts/fields', {}],
			[
				'POST',
				'/contacts',
				{
					phone_number: '48500000001',
					first_name: 'Anna',
					loyalty_level: 'gold',
					points_balance: '120.5',
					vip_since: '2024-05-31',
					work_email: 'anna@example.com',
					office_phone: '48221234567',
				},
			],
		]);
		expect(output[0].json).toMatchObject({ loyalty_level: 'gold', points_balance: '120.5' });
	});

	it('update sends them the same way; a field given by its id (an expression) is sent by its name', async () => {
		const mock = service();
		await runNode({ parameters: update(custom([FIELDS[1].id, '7'], ['loyalty_level', 'silver'])) });
		expect(mock.calls.map((call) => [call.method, call.path, call.body])).toEqual([
			['GET', '/contacts/fields', {}],
			['PUT', `/contacts/${contact(1).id}`, { points_balance: '7', loyalty_level: 'silver' }],
		]);
	});

	it('the fields are read once per run, whatever the number of items; without Custom Fields not at all', async () => {
		const mock = service();
		await runNode({
			parameters: update(custom(['points_balance', '={{ $json.points }}'])),
			items: [{ points: 1 }, { points: 2 }, { points: 3 }],
		});
		await runNode({ parameters: create(undefined) });
		expect(mock.calls.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body)}`)).toEqual([
			'GET /contacts/fields {}',
			`PUT /contacts/${contact(1).id} {"points_balance":"1"}`,
			`PUT /contacts/${contact(1).id} {"points_balance":"2"}`,
			`PUT /contacts/${contact(1).id} {"points_balance":"3"}`,
			'POST /contacts {"first_name":"Anna","phone_number":"48500000001"}',
		]);
	});

	const refusals: Array<[string, [string, unknown], string, string]> = [
		['a number', ['points_balance', '12 points'], 'The custom field "points_balance" (number) takes a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units), not "12 points"', 'Enter a number'],
		['a decimal comma', ['points_balance', '12,5'], 'The custom field "points_balance" (number) takes a number', 'Enter a number'],
		['a date', ['vip_since', '31.05.2024'], 'The custom field "vip_since" (date) takes a date as YYYY-MM-DD, e.g. 2024-05-31, not "31.05.2024"', 'Enter a date as YYYY-MM-DD'],
		['a day that does not exist', ['vip_since', '2024-02-30'], 'The custom field "vip_since" (date) takes a date as YYYY-MM-DD', 'Enter a date'],
		['an e-mail address', ['work_email', 'anna(at)example.com'], 'The custom field "work_email" (email) takes an e-mail address, e.g. name@example.com, not "anna(at)example.com"', 'Enter an e-mail address'],
		['a phone number', ['office_phone', '12-34'], 'The custom field "office_phone" (phone_number) takes a phone number with its country prefix', 'Enter a phone number'],
		['a value at all', ['loyalty_level', '  '], 'The custom field "loyalty_level" (text) is empty', 'Or remove the row.'],
		['one value', ['loyalty_level', '={{ { level: 1 } }}'], 'The custom field "loyalty_level" (text) is not a single value', 'Enter any text.'],
	];
	it.each(refusals)('a value that is not %s is refused before anything is sent, naming the field and the fix', async (_what, row, message, fix) => {
		const mock = service();
		const created = await failure(runNode({ parameters: create(custom(row)) }));
		expect(created.message.startsWith(message)).toBe(true);
		expect(created.description).toMatch(/^Nothing was created\. /);
		expect(created.description).toContain(fix);
		const updated = await failure(runNode({ parameters: update(custom(row)) }));
		expect(updated.message).toBe(created.message);
		expect(updated.description).toMatch(/^Nothing was changed\. /);
		expect(mock.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /contacts/fields', 'GET /contacts/fields']);
	});

	it('a field the account does not have, one given twice or none chosen is refused before anything is sent', async () => {
		const mock = service();
		const unknown = await failure(runNode({ parameters: create(custom(['shoe_size', '42'])) }));
		expect(unknown.message).toBe('The contacts database has no custom field "shoe_size"');
		expect(unknown.description).toBe(
			"Nothing was created. The account's custom fields: loyalty_level (text), points_balance (number), vip_since (date), work_email (email), office_phone (phone_number). Choose one from the list, or create it with Contact Field → Create first.",
		);
		const twice = await failure(runNode({ parameters: update(custom(['points_balance', '1'], [FIELDS[1].id, '2'])) }));
		expect(twice.message).toBe('The custom field "points_balance" is given twice');
		const none = await failure(runNode({ parameters: create(custom(['', 'gold'])) }));
		expect(none.message).toBe('Custom Field 1: choose a field');
		expect(mock.calls.every((call) => call.method === 'GET' && call.path === '/contacts/fields')).toBe(true);
	});

	it('Continue On Fail: a refused item becomes an error item, the others are created', async () => {
		const mock = service();
		const output = await runNode({
			parameters: create(custom(['points_balance', '={{ $json.points }}'])),
			items: [{ points: 5 }, { points: 'many' }, { points: 7 }],
			continueOnFail: true,
		});
		expect(output.map((item) => item.json.points_balance ?? item.json.error)).toEqual([
			'5',
			'The custom field "points_balance" (number) takes a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units), not "many"',
			'7',
		]);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(mock.calls.filter((call) => call.method === 'POST').map((call) => call.body.points_balance)).toEqual(['5', '7']);
	});

	it('the username and password login is refused before anything is sent (the fields take only a token)', async () => {
		const mock = service();
		const error = await failure(runNode({ parameters: create(custom(['loyalty_level', 'gold'])), credentials: legacyCredentials({ backupUrl: '' }) }));
		expect(error.message).toMatch(/^This operation needs an access token/);
		expect(mock.calls).toEqual([]);
	});
});

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
