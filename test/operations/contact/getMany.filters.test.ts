/**
 * Contact → Get Many: the filters the service does not apply (issue 29: a filter the service
 * ignored would widen a send to everyone). Against a mocked service (nock): custom fields and
 * operators other than the published ones are not sent but applied by the node, Limit counting the
 * contacts that matched; a custom field compared as its field type (numbers as numbers, dates as
 * days, phone numbers without formatting; issue 32), a value not of its type refused before any
 * contact is read. Against the emulator in its lenient mode (it ignores the query parameters the
 * published API does not list), the output still filtered.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { FIELDS, contact, contactList, fieldsService as service } from '../support/contact-fixtures';
import { control, runOnEmulator, useEmulator } from '../support/emulator';
import { type WireRequest, failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

useMockedNetwork();

const getMany = (extra: IDataObject = {}) => ({
	resource: 'contact',
	operation: 'getMany',
	...extra,
});

describe('contact.getMany: filters the published API does not list, applied by the node', () => {
	/** 250 contacts; every third has loyalty_level 3 (a custom field), the others 1. */
	const customList = (request: WireRequest): [number, unknown] => {
		const [status, page] = contactList(250)(request) as [
			number,
			{ size: number; collection: IDataObject[] },
		];
		const collection = page.collection.map((entry, i) => ({
			...entry,
			loyalty_level: (Number(request.query.offset ?? 0) + i) % 3 === 0 ? '3' : '1',
		}));
		return [status, { ...page, collection }];
	};

	/** The account's custom fields: loyalty_level is a number field. */
	const withFields = () =>
		mockService().on('GET', '/contacts/fields', () => [
			200,
			{ size: 1, collection: [{ id: '660000000000000000000001', name: 'loyalty_level', type: 'number' }] },
		]);

	it('custom fields and operators other than the published ones are not sent but applied by the node', async () => {
		const service = withFields().on('GET', '/contacts', customList);
		const output = await runNode({
			parameters: getMany({
				returnAll: true,
				filters: {
					filter: [
						{ field: 'custom', customField: 'loyalty_level', operator: 'gte', value: '3' },
						{ field: 'email', operator: 'equals', value: 'C3@example.com' },
					],
				},
			}),
		});
		// The fields once (the custom field's type), then the contacts: no filter sent.
		expect(service.calls.map((call) => [call.path, call.query])).toEqual([
			['/contacts/fields', {}],
			['/contacts', { offset: '0', limit: '100' }],
			['/contacts', { offset: '100', limit: '100' }],
			['/contacts', { offset: '200', limit: '100' }],
		]);
		expect(output.map((item) => item.json.id)).toEqual([contact(3).id]);
		expect(output[0].pairedItem).toEqual({ item: 0 });
	});

	it('Limit counts the contacts that matched: pages are read until that many matched or the list ends', async () => {
		const service = withFields().on('GET', '/contacts', customList);
		const output = await runNode({
			parameters: getMany({
				limit: 40,
				filters: {
					filter: [
						{ field: 'custom', customField: 'loyalty_level', operator: 'equals', value: '3' },
					],
				},
			}),
		});
		expect(service.calls.map((call) => [call.path, call.query])).toEqual([
			['/contacts/fields', {}],
			['/contacts', { offset: '0', limit: '100' }],
			['/contacts', { offset: '100', limit: '100' }],
		]);
		expect(output).toHaveLength(40);
		expect(output.map((item) => item.json.id)).toEqual(
			Array.from({ length: 40 }, (_, i) => contact(i * 3).id),
		);

		const few = await runNode({
			parameters: getMany({
				limit: 500,
				filters: { filter: [{ field: 'last_name', operator: 'lt', value: 'Last11' }] },
			}),
		});
		// Last0, Last1, Last10, Last100..Last109: names compare as text.
		expect(few.map((item) => item.json.last_name)).toEqual([
			'Last0',
			'Last1',
			'Last10',
			...Array.from({ length: 10 }, (_, i) => `Last${100 + i}`),
		]);
	});

	it('a number typed with formatting matches the stored number (Equals on the phone number)', async () => {
		mockService().on('GET', '/contacts', contactList(5));
		const output = await runNode({
			parameters: getMany({
				filters: {
					filter: [{ field: 'phone_number', operator: 'equals', value: '+48 500 000 002' }],
				},
			}),
		});
		expect(output.map((item) => item.json.phone_number)).toEqual(['48500000002']);
	});
});

describe('contact.getMany: a custom-field filter, compared as its field type and applied by the node', () => {
	const people = [
		{ ...contact(1), points_balance: '9', vip_since: '2023-12-31', office_phone: '48221234567' },
		{ ...contact(2), points_balance: '10', vip_since: '2024-01-01' },
		{ ...contact(3), points_balance: '120', vip_since: '2024-06-30T12:00:00+02:00' },
		{ ...contact(4), points_balance: 'n/a' },
		contact(5),
	];
	const listing = () =>
		service().on('GET', '/contacts', () => [200, { size: people.length, collection: people }]);
	const filtered = (filter: INodeParameters): INodeParameters => ({
		resource: 'contact',
		operation: 'getMany',
		returnAll: true,
		filters: { filter: [{ field: 'custom', ...filter }] },
	});
	const ids = (output: Array<{ json: { id?: unknown } }>) => output.map((item) => item.json.id);

	it('numbers as numbers, dates as days, phone numbers without formatting; no value or another type never matches', async () => {
		const mock = listing();
		const atLeastTen = await runNode({ parameters: filtered({ customField: 'points_balance', operator: 'gte', value: '10' }) });
		expect(ids(atLeastTen)).toEqual([contact(2).id, contact(3).id]);
		const year = await runNode({
			parameters: filtered({ customField: FIELDS[2].id, operator: 'between', value: '2024-01-01', valueTo: '2024-12-31' }),
		});
		expect(ids(year)).toEqual([contact(2).id, contact(3).id]);
		const phone = await runNode({ parameters: filtered({ customField: 'office_phone', operator: 'equals', value: '+48 22 123 45 67' }) });
		expect(ids(phone)).toEqual([contact(1).id]);
		// The service is never sent the custom field: it is not among the published filters.
		expect(mock.calls.filter((call) => call.path === '/contacts').map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '0', limit: '100' },
			{ offset: '0', limit: '100' },
		]);
	});

	it('a value not of the field type, or a field the account does not have, is refused before any contact is read', async () => {
		const mock = listing();
		const notNumber = await failure(runNode({ parameters: filtered({ customField: 'points_balance', operator: 'gt', value: 'ten' }) }));
		expect(notNumber.message).toBe(
			'The custom field "points_balance" (number) in Filter 1 takes a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units), not "ten"',
		);
		expect(notNumber.description).toMatch(/^Nothing was requested\. Enter a number/);
		const badEnd = await failure(
			runNode({ parameters: filtered({ customField: 'vip_since', operator: 'between', value: '2024-01-01', valueTo: 'soon' }) }),
		);
		expect(badEnd.message).toMatch(/^The custom field "vip_since" \(date\) in Filter 1 takes a date as YYYY-MM-DD/);
		const containsWord = await failure(runNode({ parameters: filtered({ customField: 'points_balance', value: 'lots' }) }));
		expect(containsWord.description).toBe('Nothing was requested. Enter a number, e.g. 42 or 12.5 (a dot before the decimals, no spaces or units), or a part of one.');
		// A name typed in a workflow saved before the dropdown, that the account does not have.
		const unknown = await failure(runNode({ parameters: filtered({ customField: 'customer_id', operator: 'equals', value: '7' }) }));
		expect(unknown.message).toBe('The contacts database has no custom field "customer_id"');
		expect(unknown.description).toMatch(/^Nothing was requested\. The account's custom fields: loyalty_level \(text\)/);
		expect(mock.calls.every((call) => call.path === '/contacts/fields')).toBe(true);
	});

	it('Contains keeps matching a part of the value as text, as before the field types', async () => {
		listing();
		const part = await runNode({ parameters: filtered({ customField: 'points_balance', value: '2' }) });
		expect(ids(part)).toEqual([contact(3).id]);
	});
});

describe('contact.getMany against the emulator in its lenient mode (it ignores filters the published API does not list)', () => {
	const emulator = useEmulator();

	/** `GET /contacts` straight to the emulator: the names of the contacts it answers. */
	async function listedNames(query: string): Promise<string[]> {
		const response = await fetch(`${emulator().primaryUrl}/contacts?limit=100&${query}`, {
			headers: { Authorization: 'Bearer test-token' },
		});
		const body = (await response.json()) as { collection: Array<{ first_name: string }> };
		return body.collection.map((entry) => entry.first_name);
	}
	const run = (parameters: INodeParameters) => runOnEmulator(emulator(), parameters);

	const getManyFiltered = (filter: INodeParameters[]): INodeParameters => ({
		resource: 'contact',
		operation: 'getMany',
		returnAll: true,
		filters: { filter },
	});

	it('the lenient emulator does ignore them: a custom field or an operator on a name answers every contact', async () => {
		const everyone = ['Anna', 'Jan', 'Piotr', 'Maria', 'John', 'Eva'];
		expect(await listedNames('loyalty_level=gold')).toEqual(['Anna']);
		await control(emulator(), 'account', { lenientQuery: true });
		expect(await listedNames('loyalty_level=gold')).toEqual(everyone);
		expect(await listedNames('last_name=eq(Nowak)')).toEqual(everyone);
		expect(await listedNames('birthday_date=lt(1980-01-01)')).toEqual(['Piotr']);
	});

	it('the output is still filtered: custom fields and operators are applied by the node', async () => {
		await control(emulator(), 'account', { lenientQuery: true });
		const names = async (filter: INodeParameters[]) =>
			(await run(getManyFiltered(filter))).map((item) => item.json.first_name);
		expect(
			await names([
				{ field: 'custom', customField: 'loyalty_level', operator: 'equals', value: 'gold' },
			]),
		).toEqual(['Anna']);
		expect(
			await names([
				{ field: 'custom', customField: 'points_balance', operator: 'gte', value: '40' },
			]),
		).toEqual(['Anna', 'Jan']);
		expect(await names([{ field: 'last_name', operator: 'equals', value: 'Nowak' }])).toEqual([
			'Jan',
		]);
		expect(
			await names([
				{ field: 'gender', gender: 'male' },
				{
					field: 'custom',
					customField: 'points_balance',
					operator: 'between',
					value: '1',
					valueTo: '50',
				},
			]),
		).toEqual(['Jan', 'Piotr']);
		expect(
			await names([
				{ field: 'custom', customField: 'loyalty_level', operator: 'contains', value: 'platinum' },
			]),
		).toEqual([]);
		expect(emulator().takeViolations()).toEqual([]);
	});
});
