/**
 * contact.getMany against a mocked service (nock): paging by offset/limit, Limit, the published
 * filters sent to the service and the others applied by the node, Order By.
 */
import type { IDataObject } from 'n8n-workflow';

import { contact, contactList } from './support/contact-fixtures';
import { type WireRequest, mockService, runNode, useMockedNetwork } from './support/run-node';

useMockedNetwork();

const getMany = (extra: IDataObject = {}) => ({
	resource: 'contact',
	operation: 'getMany',
	...extra,
});

describe('contact.getMany', () => {
	it('Return All pages through offset/limit 100 until the collection is exhausted', async () => {
		const service = mockService().on('GET', '/contacts', contactList(250));
		const output = await runNode({ parameters: getMany({ returnAll: true }) });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '100', limit: '100' },
			{ offset: '200', limit: '100' },
		]);
		expect(service.calls.every((call) => call.method === 'GET' && call.path === '/contacts')).toBe(
			true,
		);
		expect(output).toHaveLength(250);
		expect(output[249]).toEqual({ json: contact(249), pairedItem: { item: 0 } });
	});

	it('Limit (default 50) is always sent, since the service would return only 5', async () => {
		const service = mockService().on('GET', '/contacts', contactList(500));
		const output = await runNode({ parameters: getMany() });
		expect(service.calls.map((call) => call.query)).toEqual([{ offset: '0', limit: '50' }]);
		expect(output).toHaveLength(50);
	});

	it('a limit above the page size takes several pages and stops at the limit', async () => {
		const service = mockService().on('GET', '/contacts', contactList(500));
		const output = await runNode({ parameters: getMany({ limit: 130 }) });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '100', limit: '30' },
		]);
		expect(output).toHaveLength(130);
	});

	it('Return All keeps paging up to size when the service caps limit below the page size', async () => {
		const capped = contactList(130);
		const service = mockService().on('GET', '/contacts', (request) =>
			capped({
				...request,
				query: { ...request.query, limit: String(Math.min(50, Number(request.query.limit))) },
			}),
		);
		const output = await runNode({ parameters: getMany({ returnAll: true }) });
		expect(service.calls.map((call) => call.query)).toEqual([
			{ offset: '0', limit: '100' },
			{ offset: '50', limit: '100' },
			{ offset: '100', limit: '100' },
		]);
		expect(output.map((item) => item.json.id)).toEqual(
			Array.from({ length: 130 }, (_, i) => contact(i).id),
		);
	});

	it('without size in the answer a short page ends the list', async () => {
		const service = mockService().on('GET', '/contacts', (request) => {
			const offset = Number(request.query.offset);
			return [
				200,
				{
					collection:
						offset === 0 ? Array.from({ length: 100 }, (_, i) => contact(i)) : [contact(100)],
				},
			];
		});
		const output = await runNode({ parameters: getMany({ returnAll: true }) });
		expect(service.calls.map((call) => call.query.offset)).toEqual(['0', '100']);
		expect(output).toHaveLength(101);
	});

	it('an empty page ends the list even when size promises more', async () => {
		const empty = mockService().on('GET', '/contacts', () => [200, { size: 7, collection: [] }]);
		expect(await runNode({ parameters: getMany({ returnAll: true }) })).toEqual([]);
		expect(empty.calls).toHaveLength(1);
	});

	it('search, the published filters and Order By become the service query (order_by, not sort)', async () => {
		const service = mockService().on('GET', '/contacts', contactList(3));
		await runNode({
			parameters: getMany({
				limit: 10,
				q: 'smith',
				filters: {
					filter: [
						{ field: 'first_name', operator: 'contains', value: 'Ann' },
						{
							field: 'birthday_date',
							operator: 'between',
							value: '1980-01-01',
							valueTo: '1989-12-31',
						},
						{ field: 'group_id', groupId: '5b8000000000000000000001' },
						{ field: 'gender', gender: 'female' },
					],
				},
				options: { sort: 'last_name' },
			}),
		});
		expect(service.calls[0].query).toEqual({
			first_name: 'Ann',
			birthday_date: 'between(1980-01-01, 1989-12-31)',
			group_id: '5b8000000000000000000001',
			gender: 'female',
			q: 'smith',
			order_by: 'last_name',
			offset: '0',
			limit: '10',
		});
	});

	it('birthday_date takes the published forms: the date alone for Equals, lt/lte/gt/gte(date)', async () => {
		const service = mockService().on('GET', '/contacts', contactList(1));
		for (const [operator, expected] of [
			['equals', '1990-12-31'],
			['gte', 'gte(1990-12-31)'],
			['lt', 'lt(1990-12-31)'],
		]) {
			await runNode({
				parameters: getMany({
					filters: { filter: [{ field: 'birthday_date', operator, value: '1990-12-31' }] },
				}),
			});
			expect(service.calls.pop()?.query.birthday_date).toBe(expected);
		}
	});

	describe('filters the published API does not list (issue 29: a filter the service ignored would widen a send to everyone)', () => {
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

	it('a workflow saved with Sort keeps working where the service can sort, and is refused in words where not', async () => {
		const service = mockService().on('GET', '/contacts', contactList(1));
		await runNode({
			parameters: getMany({ options: { sort: 'date_created', sortDirection: 'ascending' } }),
		});
		expect(service.calls.map((call) => call.query)).toEqual([
			{ order_by: 'date_created', offset: '0', limit: '50' },
		]);
		await expect(runNode({ parameters: getMany({ options: { sort: 'city' } }) })).rejects.toThrow(
			'The service cannot sort contacts by "city"; Order By takes date_created, date_updated, first_name, last_name.',
		);
		await expect(
			runNode({
				parameters: getMany({ options: { sort: 'last_name', sortDirection: 'descending' } }),
			}),
		).rejects.toThrow('The service sorts contacts in ascending order only');
		expect(service.calls).toHaveLength(1);
	});

	it('a field filtered twice is refused before any request', async () => {
		const service = mockService().on('GET', '/contacts', contactList(1));
		await expect(
			runNode({
				parameters: getMany({
					filters: {
						filter: [
							{ field: 'birthday_date', operator: 'gte', value: '1980-01-01' },
							{ field: 'birthday_date', operator: 'lte', value: '1989-12-31' },
						],
					},
				}),
			}),
		).rejects.toThrow(
			'Filter 2: "birthday_date" is filtered twice; the service takes one condition per field (use Between for a range).',
		);
		expect(service.calls).toHaveLength(0);
	});
});
