import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ContactCondition, ContactFilter } from '../../helpers/contactFilters';
import {
	type CustomFieldCheck,
	customFieldPart,
	customFieldValue,
} from '../../helpers/customFieldValues';
import { accountFields, findAccountField } from './accountFields';

/**
 * Custom field values of a contact. The published API's contact bodies list only the built-in
 * fields (contacts_com.yml `CreateContact`, `UpdateContact`); the official PHP client sends a
 * custom field as a form field of its own, named like the field (`setCustomField($name, $value)`),
 * and reads the answer's other keys as custom fields. So does the node, after checking the name
 * against the account's fields and the value against the field's type.
 */

const EXPRESSION_HINT =
	'Choose from the list, or specify a name or an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

/** The dropdown of the account's custom fields by name (the key a contact body and a filter use). */
export const customFieldChoice = {
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getContactFieldNames' },
	default: '',
} as const;

export const customFieldsParameter: INodeProperties = {
	displayName: 'Custom Fields',
	name: 'customFields',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Custom Field',
	default: {},
	description:
		"Values of the account's custom contact fields, each checked against its field's type before anything is sent",
	options: [
		{
			displayName: 'Custom Field',
			name: 'field',
			values: [
				{
					...customFieldChoice,
					displayName: 'Field Name or ID',
					name: 'name',
					description: `The custom field (Contact Field → Get Many lists them with their types). ${EXPRESSION_HINT}`,
				},
				{
					displayName: 'Value',
					name: 'value',
					type: 'string',
					default: '',
					description:
						"The value as the field's type takes it: a number (42, 12.5), a date (YYYY-MM-DD), an e-mail address, a phone number with its country prefix, or any text",
				},
			],
		},
	],
};

interface CustomFieldRow {
	name?: unknown;
	value?: unknown;
}

function rowsOf(parameter: unknown): CustomFieldRow[] {
	const rows = (parameter as { field?: unknown } | undefined)?.field;
	return Array.isArray(rows) ? (rows as CustomFieldRow[]) : [];
}

function refusal(
	this: IExecuteFunctions,
	itemIndex: number,
	message: string,
	description: string,
): NodeOperationError {
	return new NodeOperationError(this.getNode(), message, { itemIndex, description });
}

/**
 * The form fields of the Custom Fields rows (`{<field name>: <value>}`), each name one of the
 * account's fields and each value of its type; empty when no row is given (no read then).
 * `nothingDone` opens every error's description ("Nothing was created.").
 */
export async function customFieldBody(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter: unknown,
	nothingDone: string,
): Promise<IDataObject> {
	const rows = rowsOf(parameter);
	const body: IDataObject = {};
	if (rows.length === 0) return body;
	const fields = await accountFields.call(this, itemIndex);
	rows.forEach((row, position) => {
		const wanted = String(row.name ?? '').trim();
		if (wanted === '') {
			throw refusal.call(
				this,
				itemIndex,
				`Custom Field ${position + 1}: choose a field`,
				`${nothingDone} Choose the custom field from the list, or remove the row.`,
			);
		}
		const field = findAccountField.call(this, fields, wanted, itemIndex, nothingDone);
		if (field.name in body) {
			throw refusal.call(
				this,
				itemIndex,
				`The custom field "${field.name}" is given twice`,
				`${nothingDone} A contact has one value per field: keep one row for it.`,
			);
		}
		const checked = customFieldValue(field.type, row.value);
		if (!checked.ok) {
			throw valueRefusal.call(this, itemIndex, field.name, field.type, checked, nothingDone);
		}
		body[field.name] = checked.value;
	});
	return body;
}

/** A value not of its field's type, naming the field and the fix. */
function valueRefusal(
	this: IExecuteFunctions,
	itemIndex: number,
	name: string,
	type: string,
	checked: Extract<CustomFieldCheck, { ok: false }>,
	nothingDone: string,
): NodeOperationError {
	return refusal.call(
		this,
		itemIndex,
		`The custom field "${name}" (${type}) ${checked.problem}`,
		`${nothingDone} ${checked.fix}`,
	);
}

/**
 * The Filters rows with each custom field resolved to the account's field (a name from the list
 * or from a workflow saved when the name was typed, or an id) and its values checked by the
 * field's type, and the type of each custom field filtered, for comparing (`ContactCondition.type`).
 * Without a custom-field row nothing is read.
 */
export async function resolveCustomFilters(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: readonly ContactFilter[],
): Promise<{ filters: ContactFilter[]; types: Map<string, string> }> {
	const types = new Map<string, string>();
	if (!filters.some((filter) => filter.field === 'custom')) return { filters: [...filters], types };
	const fields = await accountFields.call(this, itemIndex);
	const nothingDone = 'Nothing was requested.';
	const resolved = filters.map((filter, position) => {
		const wanted = String(filter.customField ?? '').trim();
		// An empty name is left to the filter check, which names the row.
		if (filter.field !== 'custom' || wanted === '') return filter;
		const field = findAccountField.call(this, fields, wanted, itemIndex, nothingDone);
		types.set(field.name, field.type);
		const operator = filter.operator ?? 'contains';
		const check = (raw: unknown): string => {
			// An empty value is left to the filter check, which names what is missing.
			if (raw === undefined || raw === null || String(raw).trim() === '') return '';
			const checked =
				operator === 'contains'
					? customFieldPart(field.type, raw)
					: customFieldValue(field.type, raw);
			if (checked.ok) return checked.value;
			throw valueRefusal.call(
				this,
				itemIndex,
				field.name,
				field.type,
				{ ...checked, problem: `in Filter ${position + 1} ${checked.problem}` },
				nothingDone,
			);
		};
		return {
			...filter,
			customField: field.name,
			operator,
			value: check(filter.value),
			...(operator === 'between' ? { valueTo: check(filter.valueTo) } : {}),
		};
	});
	return { filters: resolved, types };
}

/** The conditions the node applies, each custom field's with its type. */
export function typedConditions(
	conditions: readonly ContactCondition[],
	types: ReadonlyMap<string, string>,
): ContactCondition[] {
	return conditions.map((condition) => {
		const type = types.get(condition.field);
		return type ? { ...condition, type } : condition;
	});
}
