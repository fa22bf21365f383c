/**
 * Contact → Create and Update with Custom Fields (issue 32; actions/contact/customFields.ts) against a mocked service (nock): each
 * custom field sent as a form field named like it (as the official PHP client's setCustomField does),
 * after one read of the account's fields (`GET /contacts/fields`); a field the account does not have
 * or a value not of its field's type refused before anything is sent (docs/service-differences.md C5,
 * C8); token only. Its workflows in n8n's engine: customFields.engine.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';
import { legacyCredentials } from '../../support/n8n-context';
import { FIELDS, contact, fieldsService as service } from '../support/contact-fixtures';
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
