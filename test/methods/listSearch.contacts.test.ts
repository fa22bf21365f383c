/**
 * The searchable list of contacts (searchContacts, nodes/Smsapi/methods/listSearch.ts) that fills
 * Contact → Update's and the group operations' contact: GET /contacts with q, ordered by last name,
 * paged by offset.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { listSearch } from '../../nodes/Smsapi/methods';
import { loadOptionsContext } from '../support/n8n-context';
import { mockService, operationCredentials, useMockedNetwork } from '../operations/support/run-node';

useMockedNetwork();

const context = () => loadOptionsContext({ credentials: operationCredentials() }) as ILoadOptionsFunctions;

describe('searchContacts', () => {
	it('searches with q and pages by offset', async () => {
		const collection = Array.from({ length: 50 }, (_, i) => ({
			id: `c${i}`,
			first_name: 'Ann',
			last_name: `Smith${i}`,
			phone_number: String(48500000000 + i),
		}));
		const service = mockService().on('GET', '/contacts', (request) =>
			request.query.offset === '0' ? [200, { size: 60, collection }] : [200, { size: 60, collection: collection.slice(0, 10) }],
		);
		const first = await listSearch.searchContacts.call(context(), 'smith');
		expect(service.calls[0].query).toEqual({ offset: '0', limit: '50', order_by: 'last_name', q: 'smith' });
		expect(first.results[0]).toEqual({ name: 'Ann Smith0 (48500000000)', value: 'c0' });
		expect(first.paginationToken).toBe('50');
		const second = await listSearch.searchContacts.call(context(), 'smith', first.paginationToken as string);
		expect(service.calls[1].query.offset).toBe('50');
		expect(second.results).toHaveLength(10);
		expect(second.paginationToken).toBeUndefined();
	});
});
