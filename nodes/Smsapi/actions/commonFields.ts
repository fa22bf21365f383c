import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Fields several operations share. The collections group optional parameters as n8n's own
 * nodes name them: Options (how an operation runs), Additional Fields (more of a new record),
 * Update Fields (what an update changes).
 */
function collection(
	displayName: string,
	name: string,
	placeholder: string,
	options: INodeProperties[],
): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, options };
}

/** `options`: settings of how the operation runs. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return collection('Options', 'options', 'Add option', options);
}

/** `additionalFields`: the optional fields of a record a create makes. */
export function additionalFieldsCollection(options: INodeProperties[]): INodeProperties {
	return collection('Additional Fields', 'additionalFields', 'Add Field', options);
}

/** `updateFields`: the fields an update changes. */
export function updateFieldsCollection(options: INodeProperties[]): INodeProperties {
	return collection('Update Fields', 'updateFields', 'Add Field', options);
}

/** Fields sorted by their display name, as the n8n lint rules want a collection's options. */
export function byDisplayName(fields: INodeProperties[]): INodeProperties[] {
	return [...fields].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** The required Name of the record a create makes. */
export function newNameField(placeholder: string, description: string): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder,
		description,
	};
}

/** An update that changes nothing is refused before anything is sent. */
export function requireChanges(
	this: IExecuteFunctions,
	changes: IDataObject | string[],
	itemIndex: number,
): void {
	const count = Array.isArray(changes) ? changes.length : Object.keys(changes).length;
	if (count === 0) {
		throw new NodeOperationError(this.getNode(), 'Add at least one field to update', {
			itemIndex,
			description: 'Nothing was changed. Use Update Fields to choose what to change.',
		});
	}
}

/** A required phone number with its country prefix (phone_number). */
export function phoneNumberInput(description: string): INodeProperties {
	return {
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 48500000000',
		description,
	};
}

/** A password, masked in the editor. */
export function passwordInput(
	displayName: string,
	name: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description,
	};
}
