/**
 * Contact list filters (`GET /contacts`) from the node's friendly form into the service's query:
 * `field=value` (contains), or `field=operator(value)` for eq, gt, gte, lt, lte and
 * `field=between(a, b)`. Group and gender are matched by plain `field=value`.
 */
import type { IDataObject } from 'n8n-workflow';

export type ContactFilterOperator = 'contains' | 'equals' | 'gt' | 'gte' | 'lt' | 'lte' | 'between';

/** One row of the node's Filters list. */
export interface ContactFilter {
	/** A contact field (`phone_number`, `group_id`, ...) or `custom` for a custom field named in `customField`. */
	field?: string;
	customField?: string;
	operator?: ContactFilterOperator;
	value?: unknown;
	/** Upper bound for `between`. */
	valueTo?: unknown;
	/** The group's id, for `group_id`. */
	groupId?: string;
	/** `male` or `female`, for `gender`. */
	gender?: string;
}

/** Fields the service matches as a whole; an operator makes no sense for them. */
const PLAIN_FIELDS = new Set(['group_id', 'gender']);

/** Query parameters the list itself uses; a custom field of that name would be mistaken for them. */
const RESERVED = new Set(['q', 'offset', 'limit', 'order_by']);

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** The query parameter name of a filter row, or undefined when none is given. */
function fieldName(filter: ContactFilter): string {
	return filter.field === 'custom' ? text(filter.customField) : text(filter.field);
}

/** The service's expression for one row (`value`, `gt(value)`, `between(a, b)`). */
function expression(filter: ContactFilter, field: string): string {
	if (field === 'group_id') return text(filter.groupId ?? filter.value);
	if (field === 'gender') return text(filter.gender ?? filter.value);
	const value = text(filter.value);
	switch (filter.operator ?? 'contains') {
		case 'contains':
			return value;
		case 'equals':
			return `eq(${value})`;
		case 'between':
			return `between(${value}, ${text(filter.valueTo)})`;
		default:
			return `${filter.operator}(${value})`;
	}
}

/**
 * The query parameters for the filter rows, or the problems that keep them from being sent.
 * A field may appear once (the query has one value per name): two bounds are one Between.
 */
export function contactFilterQuery(filters: readonly ContactFilter[]): {
	query: IDataObject;
	problems: string[];
} {
	const query: IDataObject = {};
	const problems: string[] = [];
	filters.forEach((filter, position) => {
		const row = `Filter ${position + 1}`;
		const field = fieldName(filter);
		if (field === '') {
			problems.push(
				`${row}: ${filter.field === 'custom' ? 'enter the name of the custom field' : 'choose a field'}.`,
			);
			return;
		}
		if (RESERVED.has(field)) {
			problems.push(`${row}: "${field}" is not a contact field; use Search or the options for it.`);
			return;
		}
		const value = expression(filter, field);
		const operator = PLAIN_FIELDS.has(field) ? 'contains' : (filter.operator ?? 'contains');
		if (text(PLAIN_FIELDS.has(field) ? value : filter.value) === '') {
			problems.push(`${row} (${field}): enter a value.`);
			return;
		}
		if (operator === 'between' && text(filter.valueTo) === '') {
			problems.push(`${row} (${field}): Between needs a second value (To).`);
			return;
		}
		if (field in query) {
			problems.push(
				`${row}: "${field}" is filtered twice; the service takes one condition per field (use Between for a range).`,
			);
			return;
		}
		query[field] = value;
	});
	return { query, problems };
}

/** The fields the published API sorts contacts by (`order_by`, ascending; it has no direction). */
export const CONTACT_ORDER_FIELDS = [
	'date_created',
	'date_updated',
	'first_name',
	'last_name',
] as const;

/**
 * The service's `order_by` from the node's Order By option (`sort`), or the problem that keeps it
 * from being sent. Workflows saved when Sort offered any field and a direction may carry a field
 * the service cannot sort by or a descending order: those are refused in words, not sent.
 */
export function contactOrderBy(options: { sort?: unknown; sortDirection?: unknown }): {
	orderBy?: string;
	problem?: string;
} {
	const field = String(options.sort ?? '').trim();
	if (options.sortDirection === 'descending') {
		return {
			problem:
				'The service sorts contacts in ascending order only. Set Sort Direction to Ascending or remove it.',
		};
	}
	if (field === '') return {};
	if (!(CONTACT_ORDER_FIELDS as readonly string[]).includes(field)) {
		return {
			problem: `The service cannot sort contacts by "${field}"; Order By takes ${CONTACT_ORDER_FIELDS.join(', ')}.`,
		};
	}
	return { orderBy: field };
}
