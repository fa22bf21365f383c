/** The contacts and groups the contact operation tests answer with (as the service shapes them). */
import type { IDataObject } from 'n8n-workflow';

import { type WireRequest, mockService } from './run-node';

export const contact = (i: number) => ({
	id: `5b80${String(i).padStart(20, '0')}`,
	first_name: `First${i}`,
	last_name: `Last${i}`,
	phone_number: String(48500000000 + i),
	email: `c${i}@example.com`,
	groups: [] as IDataObject[],
});

/** A contacts list of `total` entries, paged by offset/limit as the service pages it. */
export function contactList(total: number) {
	return (request: WireRequest): [number, unknown] => {
		const offset = Number(request.query.offset ?? 0);
		const limit = Number(request.query.limit ?? 5);
		const collection = Array.from(
			{ length: Math.max(0, Math.min(limit, total - offset)) },
			(_, i) => contact(offset + i),
		);
		return [200, { size: total, collection }];
	};
}

export const GROUPS = [
	{ id: '650000000000000000000011', name: 'VIP', contacts_count: 1 },
	{ id: '650000000000000000000012', name: 'Newsletter', contacts_count: 4 },
];

/** A service that lists the account's groups (GROUPS) at GET /contacts/groups. */
export const groupsService = () =>
	mockService().on('GET', '/contacts/groups', () => [
		200,
		{ size: GROUPS.length, collection: GROUPS },
	]);
