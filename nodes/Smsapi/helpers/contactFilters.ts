/**
 * Contact list filters (`GET /contacts`) from the node's friendly form. Only what the published
 * API lists goes to the service (contacts_com.yml): `phone_number`, `email`, `first_name`,
 * `last_name` as plain values, `group_id`, `gender`, and `birthday_date` plain or with `lt`, `lte`,
 * `gt`, `gte`, `between(a, b)`. A service that ignores a parameter it does not know would answer
 * every contact, and the next node would text them all; so custom fields and the other operators
 * are not sent but applied by the node to the contacts read (`matchesContact`).
 */
import type { IDataObject } from 'n8n-workflow';

import { cleanNumber } from './numbers';
import { isDecimalText } from './values';

type ContactFilterOperator = 'contains' | 'equals' | 'gt' | 'gte' | 'lt' | 'lte' | 'between';

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

/** A condition the node applies to the contacts the service answered. */
export interface ContactCondition {
	field: string;
	operator: ContactFilterOperator;
	value: string;
	/** Upper bound for `between`. */
	valueTo?: string;
	/** A custom field's type (`FieldType`: number, date, phone_number, email, text), compared as such. */
	type?: string;
}

/** Fields the service matches as a whole; an operator makes no sense for them. */
const PLAIN_FIELDS = new Set(['group_id', 'gender']);

/** Text fields the published API filters by a plain value (no operators documented). */
const PUBLISHED_TEXT_FIELDS = new Set(['phone_number', 'email', 'first_name', 'last_name']);

/** The one field the published API documents operators for. */
const PUBLISHED_DATE_FIELD = 'birthday_date';

/** Query parameters the list itself uses; a custom field of that name would be mistaken for them. */
const RESERVED = new Set(['q', 'offset', 'limit', 'order_by']);

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** The query parameter name of a filter row, or undefined when none is given. */
function fieldName(filter: ContactFilter): string {
	return filter.field === 'custom' ? text(filter.customField) : text(filter.field);
}

/** The published form of a birthday condition: the date alone (equality), `gt(date)`, `between(a, b)`. */
function birthdayExpression(
	operator: ContactFilterOperator,
	value: string,
	valueTo: string,
): string {
	switch (operator) {
		case 'contains':
		case 'equals':
			return value;
		case 'between':
			return `between(${value}, ${valueTo})`;
		default:
			return `${operator}(${value})`;
	}
}

/**
 * The published query parameters for the filter rows, the conditions left to the node, or the
 * problems that keep them from being used. A field may appear once (the query has one value per
 * name): two bounds are one Between.
 */
export function contactFilterQuery(filters: readonly ContactFilter[]): {
	query: IDataObject;
	inNode: ContactCondition[];
	problems: string[];
} {
	const query: IDataObject = {};
	const inNode: ContactCondition[] = [];
	const problems: string[] = [];
	const seen = new Set<string>();
	/** Whether this is the field's first condition; a second one is a problem (one per field). */
	const firstCondition = (row: string, field: string): boolean => {
		if (seen.has(field)) {
			problems.push(
				`${row}: "${field}" is filtered twice; the service takes one condition per field (use Between for a range).`,
			);
			return false;
		}
		seen.add(field);
		return true;
	};
	filters.forEach((filter, position) => {
		const row = `Filter ${position + 1}`;
		const field = fieldName(filter);
		if (field === '') {
			problems.push(
				`${row}: ${filter.field === 'custom' ? 'choose the custom field' : 'choose a field'}.`,
			);
			return;
		}
		if (RESERVED.has(field)) {
			problems.push(`${row}: "${field}" is not a contact field; use Search or the options for it.`);
			return;
		}
		if (PLAIN_FIELDS.has(field)) {
			const value = text(
				field === 'group_id' ? (filter.groupId ?? filter.value) : (filter.gender ?? filter.value),
			);
			if (value === '') {
				problems.push(`${row} (${field}): enter a value.`);
				return;
			}
			if (!firstCondition(row, field)) return;
			query[field] = value;
			return;
		}
		const operator = filter.operator ?? 'contains';
		const value = text(filter.value);
		const valueTo = text(filter.valueTo);
		if (value === '') {
			problems.push(`${row} (${field}): enter a value.`);
			return;
		}
		if (operator === 'between' && valueTo === '') {
			problems.push(`${row} (${field}): Between needs a second value (To).`);
			return;
		}
		if (!firstCondition(row, field)) return;
		if (field === PUBLISHED_DATE_FIELD) {
			query[field] = birthdayExpression(operator, value, valueTo);
		} else if (PUBLISHED_TEXT_FIELDS.has(field) && operator === 'contains') {
			query[field] = value;
		} else {
			inNode.push(
				operator === 'between' ? { field, operator, value, valueTo } : { field, operator, value },
			);
		}
	});
	return { query, inNode, problems };
}

/** Numbers compare as numbers, everything else as case-insensitive text (dates as YYYY-MM-DD do). */
function compare(a: string, b: string): number {
	const numberA = Number(a);
	const numberB = Number(b);
	if (a !== '' && b !== '' && Number.isFinite(numberA) && Number.isFinite(numberB)) {
		return numberA - numberB;
	}
	const textA = a.toLowerCase();
	const textB = b.toLowerCase();
	return textA < textB ? -1 : textA > textB ? 1 : 0;
}

/** The values a contact has for a field, as text; none when the field is missing or empty. */
function fieldValues(contact: IDataObject, field: string): string[] {
	const raw = contact[field];
	const list = Array.isArray(raw) ? raw : [raw];
	return list
		.filter(
			(entry) =>
				typeof entry === 'string' || typeof entry === 'number' || typeof entry === 'boolean',
		)
		.map((entry) => String(entry).trim())
		.filter((entry) => entry !== '')
		.map((entry) => (field === 'phone_number' ? cleanNumber(entry) : entry));
}

/** A contact's value as the condition's type compares it; undefined when it cannot match. */
function typedActual(actual: string, condition: ContactCondition): string | undefined {
	switch (condition.type) {
		case 'number':
			return condition.operator === 'contains' || isDecimalText(actual) ? actual : undefined;
		case 'date':
			return /^\d{4}-\d{2}-\d{2}T/.test(actual) ? actual.slice(0, 10) : actual;
		case 'phone_number':
			return cleanNumber(actual);
		default:
			return actual;
	}
}

function satisfies(value: string, condition: ContactCondition): boolean {
	const asPhoneNumber = condition.field === 'phone_number' || condition.type === 'phone_number';
	const asValue = (text: string): string => (asPhoneNumber ? cleanNumber(text) : text);
	const actual = typedActual(value, condition);
	// A number field's value that is no number meets no comparison: a filter never widens the list.
	if (actual === undefined) return false;
	const wanted = asValue(condition.value);
	switch (condition.operator) {
		case 'contains':
			return actual.toLowerCase().includes(wanted.toLowerCase());
		case 'equals':
			return compare(actual, wanted) === 0;
		case 'gt':
			return compare(actual, wanted) > 0;
		case 'gte':
			return compare(actual, wanted) >= 0;
		case 'lt':
			return compare(actual, wanted) < 0;
		case 'lte':
			return compare(actual, wanted) <= 0;
		case 'between':
			return compare(actual, wanted) >= 0 && compare(actual, asValue(condition.valueTo ?? '')) <= 0;
		default:
			return false;
	}
}

/**
 * Whether a contact meets every condition. A contact without a value for a field meets no
 * condition on it: a filter never widens the list.
 */
export function matchesContact(
	contact: IDataObject,
	conditions: readonly ContactCondition[],
): boolean {
	return conditions.every((condition) =>
		fieldValues(contact, condition.field).some((value) => satisfies(value, condition)),
	);
}

/** The fields the published API sorts contacts by (`order_by`, ascending; it has no direction). */
const CONTACT_ORDER_FIELDS = ['date_created', 'date_updated', 'first_name', 'last_name'] as const;

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
