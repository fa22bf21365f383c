import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	type ContactCondition,
	type ContactFilter,
	contactFilterQuery,
	contactOrderBy,
	matchesContact,
} from '../../helpers/contactFilters';
import { mapItems } from '../../items/loop';
import {
	type ListPage,
	type SmsapiRequest,
	smsapiApiRequestAllItems,
	smsapiApiRequestPage,
} from '../../transport';
import { optionsCollection } from '../commonFields';
import { returnAllFields, searchField, searchText, wantedCount } from '../listFields';
import { customFieldChoice, resolveCustomFilters, typedConditions } from './customFields';
import { genderSelect } from './fields';

/** Contacts per request when paging; the service's own default is only 5, so a limit is always sent. */
export const CONTACTS_PAGE_SIZE = 100;

/** `order_by` of the published API (contacts_com.yml): these four fields, ascending. */
const ORDER_FIELDS = [
	{ name: 'Date Created', value: 'date_created' },
	{ name: 'Date Updated', value: 'date_updated' },
	{ name: 'First Name', value: 'first_name' },
	{ name: 'Last Name', value: 'last_name' },
];

const properties: INodeProperties[] = [
	...returnAllFields,
	searchField(
		'e.g. smith',
		'Text searched case-insensitively in first name, last name, phone number, e-mail and city (q). Empty: no search.',
	),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Filter',
		default: {},
		description:
			'Conditions every returned contact meets; each field may be used once. Conditions the service does not offer (custom fields, and operators other than Contains on names, e-mail and phone number) are checked by the node on the contacts it reads.',
		options: [
			{
				displayName: 'Filter',
				name: 'filter',
				values: [
					{
						displayName: 'Contact Field',
						name: 'field',
						type: 'options',
						options: [
							{ name: 'Birthday Date', value: 'birthday_date' },
							{
								name: 'Custom Field',
								value: 'custom',
								description: 'A custom field of the contacts database, by name',
							},
							{ name: 'Email', value: 'email' },
							{ name: 'First Name', value: 'first_name' },
							{ name: 'Gender', value: 'gender' },
							{ name: 'Group', value: 'group_id' },
							{ name: 'Last Name', value: 'last_name' },
							{ name: 'Phone Number', value: 'phone_number' },
						],
						default: 'phone_number',
						description: 'The contact field to filter by',
					},
					{
						// A dropdown since issue 32; workflows saved when it was typed keep their name.
						...customFieldChoice,
						displayName: 'Custom Field Name or ID',
						name: 'customField',
						description:
							'The custom field of the contacts database; the value is checked against its type and compared as one (numbers as numbers). Choose from the list, or specify a name or an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
						displayOptions: { show: { field: ['custom'] } },
					},
					{
						...genderSelect,
						displayOptions: { show: { field: ['gender'] } },
					},
					{
						displayName: 'Group Name or ID',
						name: 'groupId',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getContactGroupIds' },
						default: '',
						description:
							'Contacts in this group. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
						displayOptions: { show: { field: ['group_id'] } },
					},
					{
						displayName: 'Operator',
						name: 'operator',
						type: 'options',
						options: [
							{ name: 'Between', value: 'between', description: 'From Value to To, both included' },
							{
								name: 'Contains',
								value: 'contains',
								description: 'The field contains the value (case-insensitive)',
							},
							{ name: 'Equals', value: 'equals', description: 'The field equals the value (eq)' },
							{ name: 'Greater Than', value: 'gt' },
							{ name: 'Greater Than or Equal', value: 'gte' },
							{ name: 'Less Than', value: 'lt' },
							{ name: 'Less Than or Equal', value: 'lte' },
						],
						default: 'contains',
						description:
							'How the field is compared with the value. Not every operator works for every field type (e.g. Greater Than for dates and numbers).',
						displayOptions: { hide: { field: ['group_id', 'gender'] } },
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'The value to compare with; dates as YYYY-MM-DD',
						displayOptions: { hide: { field: ['group_id', 'gender'] } },
					},
					{
						displayName: 'Value To',
						name: 'valueTo',
						type: 'string',
						default: '',
						description: 'The upper end of the range, included',
						displayOptions: {
							show: { operator: ['between'] },
							hide: { field: ['group_id', 'gender'] },
						},
					},
				],
			},
		],
	},
	optionsCollection([
		{
			// Named `sort` as in workflows saved before; sent as the published API's `order_by`.
			displayName: 'Order By',
			name: 'sort',
			type: 'options',
			options: ORDER_FIELDS,
			default: 'date_created',
			description:
				'The field the contacts are sorted by, ascending: A to Z, oldest first (order_by)',
		},
		{
			displayName: 'Sort Direction',
			name: 'sortDirection',
			type: 'options',
			options: [
				{ name: 'Ascending', value: 'ascending' },
				{ name: 'Descending (Not Offered by the Service)', value: 'descending' },
			],
			default: 'ascending',
			description:
				'The service sorts in ascending order only (order_by has no direction). Descending is refused with an error rather than answered in another order; it stays for workflows saved when it was offered.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const limit = wantedCount.call(this, itemIndex);
		const q = searchText.call(this, itemIndex);
		const rows = this.getNodeParameter('filters.filter', itemIndex, []) as ContactFilter[];
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		// Custom fields: the account's own, each value of its field's type (one read of the fields).
		const { filters, types } = await resolveCustomFilters.call(this, itemIndex, rows);

		const { query, inNode, problems } = contactFilterQuery(filters);
		const order = contactOrderBy(options);
		if (order.problem) problems.push(order.problem);
		if (problems.length > 0) {
			throw new NodeOperationError(this.getNode(), problems.join(' '), {
				itemIndex,
				description: 'Nothing was requested. Fix the Filters or the options.',
			});
		}
		if (q !== '') query.q = q;
		if (order.orderBy) query.order_by = order.orderBy;

		const request: SmsapiRequest = {
			method: 'GET',
			endpoint: 'contacts',
			qs: query,
			safeToRepeat: true,
			itemIndex,
		};
		if (inNode.length > 0) {
			return await matchingContacts.call(this, request, typedConditions(inNode, types), limit);
		}
		return await smsapiApiRequestAllItems.call(this, request, {
			limit,
			pageSize: CONTACTS_PAGE_SIZE,
		});
	});
}

/**
 * Up to `limit` contacts meeting the conditions the node applies itself: Return All reads every
 * page, a Limit reads page after page until that many contacts matched or the list ends.
 */
async function matchingContacts(
	this: IExecuteFunctions,
	request: SmsapiRequest,
	conditions: readonly ContactCondition[],
	limit: number,
): Promise<IDataObject[]> {
	const matches = (contacts: IDataObject[]) =>
		contacts.filter((contact) => matchesContact(contact, conditions));
	if (!Number.isFinite(limit)) {
		const all = await smsapiApiRequestAllItems.call(this, request, {
			limit,
			pageSize: CONTACTS_PAGE_SIZE,
		});
		return matches(all);
	}
	const found: IDataObject[] = [];
	let offset: number | undefined = 0;
	while (offset !== undefined && found.length < limit) {
		const page: ListPage = await smsapiApiRequestPage.call(
			this,
			request,
			offset,
			CONTACTS_PAGE_SIZE,
		);
		found.push(...matches(page.entries));
		offset = page.nextOffset;
	}
	return found.slice(0, limit);
}
