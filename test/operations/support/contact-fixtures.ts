/** The contacts, groups and custom fields the contact operation tests answer with (as the service shapes them). */
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

/** The account's custom contact fields, one of each type. */
export const FIELDS = [
	{ id: '660000000000000000000001', name: 'loyalty_level', type: 'text' },
	{ id: '660000000000000000000002', name: 'points_balance', type: 'number' },
	{ id: '660000000000000000000003', name: 'vip_since', type: 'date' },
	{ id: '660000000000000000000004', name: 'work_email', type: 'email' },
	{ id: '660000000000000000000005', name: 'office_phone', type: 'phone_number' },
];

/** A service that lists FIELDS and creates, changes and lists contacts. */
export const fieldsService = () =>
	mockService()
		.on('GET', '/contacts/fields', () => [200, { size: FIELDS.length, collection: FIELDS }])
		.on('POST', '/contacts', (request) => [201, { ...contact(1), ...request.body }])
		.on('PUT', `/contacts/${contact(1).id}`, (request) => [200, { ...contact(1), ...request.body }]);

/** A Contact → Add to Group or Remove from Group node's parameters, for contact(1) chosen from the list. */
export const membership = (operation: string, groupId: string) => ({
	resource: 'contact',
	operation,
	contactId: { __rl: true, mode: 'list', value: contact(1).id },
	groupId,
});
