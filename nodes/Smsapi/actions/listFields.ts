import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** Return All and Limit, as n8n's own list operations show them. */
export const returnAllFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** The service's text search of a list (`q`), placeholder and description for what it searches. */
export function searchField(placeholder: string, description: string): INodeProperties {
	return {
		displayName: 'Search',
		name: 'q',
		type: 'string',
		default: '',
		placeholder,
		description,
	};
}

/** The item's Search, trimmed; empty when none. */
export function searchText(this: IExecuteFunctions, itemIndex: number): string {
	return String(this.getNodeParameter('q', itemIndex, '') ?? '').trim();
}

/** How many entries the item asks for: Infinity with Return All. */
export function wantedCount(this: IExecuteFunctions, itemIndex: number): number {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	return returnAll ? Infinity : (this.getNodeParameter('limit', itemIndex, 50) as number);
}

/** The first entries up to the item's Limit (all with Return All), for lists the service answers whole. */
export function limitEntries(
	this: IExecuteFunctions,
	itemIndex: number,
	entries: IDataObject[],
): IDataObject[] {
	const wanted = wantedCount.call(this, itemIndex);
	return Number.isFinite(wanted) ? entries.slice(0, wanted) : entries;
}
