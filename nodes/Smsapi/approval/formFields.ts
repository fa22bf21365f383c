/**
 * Custom Form of Send and Wait for Approval: its fields (named as n8n's Form node names them:
 * `formFields.values[]` with `fieldLabel`, `fieldType`, `fieldOptions`, `requiredField`; their
 * editor fields are in actions/sms/approvalFields.ts), read once when the SMS is sent, checked
 * again when read back from the waiting item, and a submitted answer checked against them. The
 * answer's data is keyed by each field's label, as n8n's own Send and Wait forms give it. Every
 * check here takes time linear in what it reads.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const FIELD_TYPES = ['date', 'dropdown', 'email', 'number', 'text', 'textarea'] as const;
type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
	label: string;
	type: FieldType;
	required: boolean;
	placeholder?: string;
	/** Dropdown: the choices, exactly as given (the page submits a choice by its position). */
	options?: string[];
}

/** The longest text a field takes (a free-text answer too), counted as a browser's maxlength counts. */
export const MAX_ANSWER_LENGTH = 10_000;

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
			.map((choice) => (typeof choice.option === 'string' ? choice.option : ''))
			.filter((option) => option.trim() !== '');
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

function isText(value: unknown): value is string {
	return typeof value === 'string';
}

/** A field as kept in a waiting item, when it has the shape `readFormFields` gave it. */
export function storedField(value: unknown): FormField | undefined {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	const field = value as Partial<FormField>;
	if (!isText(field.label) || field.label === '') return undefined;
	if (!(FIELD_TYPES as readonly unknown[]).includes(field.type)) return undefined;
	if (typeof field.required !== 'boolean') return undefined;
	if (field.placeholder !== undefined && !isText(field.placeholder)) return undefined;
	if (field.type === 'dropdown') {
		if (!Array.isArray(field.options) || field.options.length === 0) return undefined;
		if (!field.options.every(isText)) return undefined;
	} else if (field.options !== undefined) return undefined;
	return field as FormField;
}

/** The name of field `index` in the page's form (n8n's forms name them so too). */
export function fieldName(index: number): string {
	return `field-${index}`;
}

/** Line breaks as `\n`: a browser sends a text area's as `\r\n` (the HTML form encodings). */
export function withLineFeeds(text: string): string {
	return text.replace(/\r\n?/g, '\n');
}

/**
 * An e-mail address as the page's `type="email"` field takes it: one `@` between a local part and
 * a domain with a dot inside it (not its first or last character), no white space. Linear: a few
 * scans, no regular expression that backtracks.
 */
function isEmailAddress(text: string): boolean {
	const at = text.indexOf('@');
	if (at <= 0 || at !== text.lastIndexOf('@') || /\s/.test(text)) return false;
	const domain = text.slice(at + 1);
	const dot = domain.indexOf('.', 1);
	return dot !== -1 && dot < domain.length - 1;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The choice a dropdown's submitted value names: its position among the options. */
function chosenOption(field: FormField, given: string): string | undefined {
	if (!/^(0|[1-9]\d{0,5})$/.test(given)) return undefined;
	return field.options?.[Number(given)];
}

/** One submitted value: its value for the answer, or what is wrong with it. */
function valueOf(field: FormField, given: unknown): { value: unknown } | { problem: string } {
	if (given !== undefined && typeof given !== 'string')
		return { problem: `"${field.label}" was sent more than once` };
	// What the person typed: a browser sends a text area's line breaks as CRLF and counts each as one.
	const text = withLineFeeds(given ?? '');
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
			return isEmailAddress(text.trim())
				? { value: text.trim() }
				: { problem: `"${field.label}" must be an e-mail address` };
		case 'date':
			return DATE.test(text) ? { value: text } : { problem: `"${field.label}" must be a date` };
		case 'dropdown': {
			const option = chosenOption(field, text);
			return option === undefined
				? { problem: `"${field.label}" must be one of its choices` }
				: { value: option };
		}
		default:
			return { value: text };
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
