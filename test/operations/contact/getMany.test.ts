/**
 * Contact → Get Many against a mocked service (nock): paging by offset/limit, Limit always sent, the
 * pages after the first in parallel (at most 4 in flight, joined in offset order; a failed page fails
 * the item), the published filters and Order By sent to the service, birthday_date's forms, a workflow
 * saved with Sort, a field filtered twice refused. The filters the service does not apply:
 * getMany.filters.test.ts. Its workflows in n8n's engine: getMany.engine.test.ts.
 */
import nock from 'nock';
import type { IDataObject } from 'n8n-workflow';
import { PRIMARY } from '../../support/n8n-context';
import { contact, contactList } from '../support/contact-fixtures';
import { inFlightGate } from '../support/in-flight';
import { type NodeError, failure, mockService, runNode, useMockedNetwork } from '../support/run-node';

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

describe('contact.getMany: pages after the first in parallel', () => {
	it('Return All of 1,000 contacts: the first page tells the size, the other 9 go at most 4 at a time, joined in offset order', async () => {
		// The first page alone, then the other 9 at most 4 at a time.
		const inFlight = inFlightGate({ target: 4, total: 9 });
		const offsets: number[] = [];
		nock(PRIMARY)
			.persist()
			.get('/contacts')
			.query(true)
			.reply(function (uri, _body, callback) {
				const query = new URL(uri, PRIMARY).searchParams;
				const offset = Number(query.get('offset'));
				const limit = Number(query.get('limit'));
				offsets.push(offset);
				const collection = Array.from({ length: Math.max(0, Math.min(limit, 1000 - offset)) }, (_, i) => ({ id: `c${offset + i}` }));
				const answer = () => callback(null, [200, JSON.stringify({ size: 1000, collection })]);
				if (offset === 0) return answer();
				// Later pages answer sooner: the output must still be in offset order.
				inFlight.hold(answer, 60 - offset / 20);
			});
		const output = await runNode({ parameters: { resource: 'contact', operation: 'getMany', returnAll: true } });
		expect(offsets).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
		expect(inFlight.peak).toBe(4);
		expect(output.map((item) => item.json.id)).toEqual(Array.from({ length: 1000 }, (_, i) => `c${i}`));
	});

	it('a page that fails stops the paging and fails the item: no partial list is output', async () => {
		nock(PRIMARY)
			.persist()
			.get('/contacts')
			.query(true)
			.reply(function (uri) {
				const offset = Number(new URL(uri, PRIMARY).searchParams.get('offset'));
				if (offset === 300) return [200, JSON.stringify({ error: 1000, message: 'Action allowed only for main user' })];
				return [200, JSON.stringify({ size: 1000, collection: Array.from({ length: 100 }, (_, i) => ({ id: `c${offset + i}` })) })];
			});
		const error: NodeError = await failure(runNode({ parameters: { resource: 'contact', operation: 'getMany', returnAll: true } }));
		expect(error.message).toMatch(/main user/i);
	});
});
