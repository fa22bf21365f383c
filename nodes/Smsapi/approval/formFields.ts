/**
 * Custom Form of Send and Wait for Approval: its fields (named as n8n's Form node names them:
 * `formFields.values[]` with `fieldLabel`, `fieldType`, `fieldOptions`, `requiredField`), read
 * once when the SMS is sent, and a submitted answer checked against them. The answer's data is
 * keyed by each field's label, as n8n's own Send and Wait forms give it.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const FIELD_TYPES = ['date', 'dropdown', 'email', 'number', 'text', 'textarea'] as const;
type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
	label: string;
	type: FieldType;
	required: boolean;
	placeholder?: string;
	/** Dropdown: the choices. */
	options?: string[];
}

/** The longest text a field takes (a free-text answer too). */
export const MAX_ANSWER_LENGTH = 10_000;

export const formFieldsProperty: INodeProperties = {
	displayName: 'Form Fields',
	name: 'formFields',
	placeholder: 'Add Form Field',
	type: 'fixedCollection',
	default: {},
	typeOptions: { multipleValues: true, sortable: true },
	description: 'The fields of the form the link opens',
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Field Label',
					name: 'fieldLabel',
					type: 'string',
					default: '',
					placeholder: 'e.g. What is your name?',
					description: 'The label above the field, also the name of its value in the answer',
					required: true,
				},
				{
					displayName: 'Field Type',
					name: 'fieldType',
					type: 'options',
					default: 'text',
					description: 'The kind of value the field takes',
					options: [
						{ name: 'Date', value: 'date' },
						{ name: 'Dropdown List', value: 'dropdown' },
						{ name: 'Email', value: 'email' },
						{ name: 'Number', value: 'number' },
						{ name: 'Text', value: 'text' },
						{ name: 'Textarea', value: 'textarea' },
					],
				},
				{
					// After Field Type, on which it depends: n8n reads a field's display conditions in
					// this order (n8n-workflow's getNodeParameters), and before it the type is not set.
					displayName: 'List Options',
					name: 'fieldOptions',
					placeholder: 'Add Field Option',
					type: 'fixedCollection',
					default: { values: [{ option: '' }] },
					required: true,
					description: 'The choices of the dropdown list',
					displayOptions: { show: { fieldType: ['dropdown'] } },
					typeOptions: { multipleValues: true, sortable: true },
					options: [
						{
							displayName: 'Values',
							name: 'values',
							values: [
								{
									displayName: 'Option',
									name: 'option',
									type: 'string',
									default: '',
									description: 'One choice',
								},
							],
						},
					],
				},
				{
					displayName: 'Placeholder',
					name: 'placeholder',
					type: 'string',
					default: '',
					description: 'A sample value shown in the empty field',
					displayOptions: { hide: { fieldType: ['dropdown', 'date'] } },
				},
				{
					displayName: 'Required Field',
					name: 'requiredField',
					type: 'boolean',
					default: false,
					description: 'Whether the form can only be sent with this field filled in',
				},
			],
		},
	],
};

function fieldOf(entry: IDataObject): FormField | string {
	const label = typeof entry.fieldLabel === 'string' ? entry.fieldLabel.trim() : '';
	if (label === '') return 'a field has no Field Label';
	const type = (entry.fieldType ?? 'text') as FieldType;
	if (!FIELD_TYPES.includes(type))
		return `the field "${label}" has an unknown type "${String(type)}"`;
	const field: FormField = { label, type, required: entry.requiredField === true };
	if (typeof entry.placeholder === 'string' && entry.placeholder !== '')
		field.placeholder = entry.placeholder;
	if (type === 'dropdown') {
		const choices = (entry.fieldOptions as IDataObject | undefined)?.values;
		field.options = (Array.isArray(choices) ? (choices as IDataObject[]) : [])
			.map((choice) => (typeof choice.option === 'string' ? choice.option.trim() : ''))
			.filter((option) => option !== '');
		if (field.options.length === 0) return `the dropdown "${label}" has no options`;
	}
	return field;
}

/** The Custom Form's fields, checked: at least one, each with its own label. */
export function readFormFields(this: IExecuteFunctions, itemIndex: number): FormField[] {
	const given = this.getNodeParameter('formFields.values', itemIndex, []);
	const entries = (Array.isArray(given) ? given : []) as IDataObject[];
	const fields: FormField[] = [];
	const problems: string[] = [];
	for (const entry of entries) {
		const field = fieldOf(entry);
		if (typeof field === 'string') problems.push(field);
		else if (fields.some((other) => other.label === field.label))
			problems.push(`two fields are labelled "${field.label}"`);
		else fields.push(field);
	}
	if (entries.length === 0) problems.push('the form has no fields');
	if (problems.length > 0)
		throw new NodeOperationError(this.getNode(), `Custom Form: ${problems.join('; ')}`, {
			itemIndex,
			description: 'Nothing was sent. Add at least one field to Form Fields, each with a label.',
		});
	return fields;
}

/** The name of field `index` in the page's form (n8n's forms name them so too). */
export function fieldName(index: number): string {
	return `field-${index}`;
}

/** Line breaks as `\n`: a browser sends a text area's as `\r\n` (the HTML form encodings). */
export function withLineFeeds(text: string): string {
	return text.replace(/\r\n?/g, '\n');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One submitted value: its value for the answer, or what is wrong with it. */
function valueOf(field: FormField, given: unknown): { value: unknown } | { problem: string } {
	if (given !== undefined && typeof given !== 'string')
		return { problem: `"${field.label}" was sent more than once` };
	const text = given ?? '';
	if (text.length > MAX_ANSWER_LENGTH)
		return { problem: `"${field.label}" is longer than ${MAX_ANSWER_LENGTH} characters` };
	if (text.trim() === '') {
		if (field.required) return { problem: `"${field.label}" is required` };
		return { value: field.type === 'number' ? null : '' };
	}
	switch (field.type) {
		case 'number': {
			const number = Number(text);
			return Number.isFinite(number)
				? { value: number }
				: { problem: `"${field.label}" must be a number` };
		}
		case 'email':
			return EMAIL.test(text.trim())
				? { value: text.trim() }
				: { problem: `"${field.label}" must be an e-mail address` };
		case 'date':
			return DATE.test(text) ? { value: text } : { problem: `"${field.label}" must be a date` };
		case 'dropdown':
			return field.options?.includes(text)
				? { value: text }
				: { problem: `"${field.label}" must be one of its choices` };
		default:
			return { value: withLineFeeds(text) };
	}
}

/** A submitted form (the body n8n parsed, any shape) as the answer's data, or its problems. */
export function readSubmission(
	fields: readonly FormField[],
	body: IDataObject,
): { data: IDataObject } | { problems: string[] } {
	const data: IDataObject = {};
	const problems: string[] = [];
	fields.forEach((field, index) => {
		const result = valueOf(field, body[fieldName(index)]);
		if ('problem' in result) problems.push(result.problem);
		else data[field.label] = result.value as IDataObject[string];
	});
	return problems.length > 0 ? { problems } : { data };
}
