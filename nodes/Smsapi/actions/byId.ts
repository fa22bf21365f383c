import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requiredText } from '../items/loop';
import { smsapiApiRequest } from '../transport';
import { itemOperation } from './itemOperation';
import type { OperationModule } from './operationModule';

/**
 * A record of a REST resource the service names by id at `<collection>/<id>` (contact groups,
 * templates, short links): the field that chooses it, and how its answer becomes an item.
 */
export interface RecordById {
	resource: string;
	/** What the record is called in messages, e.g. "template". */
	noun: string;
	/** The field choosing the record; its name is the parameter read. */
	idField: INodeProperties;
	path: (id: string) => string;
	/** The service's answer as an output item; the answer as it is by default. */
	toItem?: (data: unknown) => IDataObject;
	/** Only the bearer token reaches these records (see SmsapiRequest.tokenOnly). */
	tokenOnly?: true;
}

/** The chosen record's id, trimmed; an error saying "Choose the <noun> to <verb>" when empty. */
export function recordId(
	this: IExecuteFunctions,
	record: RecordById,
	verb: string,
	itemIndex: number,
): string {
	return requiredText.call(
		this,
		record.idField.name,
		itemIndex,
		`Choose the ${record.noun} to ${verb}`,
	);
}

/** The record as an output item. */
function recordItem(record: RecordById, data: unknown): IDataObject {
	return record.toItem ? record.toItem(data) : (data as IDataObject);
}

function operation(
	record: RecordById,
	operationName: string,
	properties: INodeProperties[],
	run: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject>,
): OperationModule {
	return itemOperation(record.resource, operationName, properties, run);
}

/** The service's answer to a GET of the record. */
export async function fetchRecord(
	this: IExecuteFunctions,
	record: RecordById,
	id: string,
	itemIndex: number,
): Promise<unknown> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: record.path(id),
		tokenOnly: record.tokenOnly,
		safeToRepeat: true,
		itemIndex,
	});
	return data;
}

/** Get: one GET of the record. */
export function getByIdOperation(record: RecordById): OperationModule {
	return operation(record, 'get', [record.idField], async function (itemIndex) {
		const id = recordId.call(this, record, 'get', itemIndex);
		return recordItem(record, await fetchRecord.call(this, record, id, itemIndex));
	});
}

/** Delete: one DELETE of the record, `{ id, deleted: true }` as the item. */
export function deleteByIdOperation(
	record: RecordById,
	idField: INodeProperties = record.idField,
): OperationModule {
	return operation(record, 'delete', [idField], async function (itemIndex) {
		const id = recordId.call(this, record, 'delete', itemIndex);
		// Not repeated: a repeat after a lost answer would say "not found" for a record just deleted.
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: record.path(id),
			tokenOnly: record.tokenOnly,
			safeToRepeat: false,
			itemIndex,
		});
		return { id, deleted: true };
	});
}

/**
 * Update: the record's id and an Update Fields collection. `changes` reads the fields in the
 * service's names (and refuses what is wrong); the PUT of the same values again gives the same
 * record, so repeating it is harmless.
 */
export async function putRecord(
	this: IExecuteFunctions,
	record: RecordById,
	id: string,
	changes: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'PUT',
		endpoint: record.path(id),
		tokenOnly: record.tokenOnly,
		body: changes,
		safeToRepeat: true,
		itemIndex,
	});
	return recordItem(record, data);
}

const FROM_LIST_OR_ID =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

/** A required dropdown choosing one record, whose id may also come from an expression. */
export function idDropdownField(
	displayName: string,
	name: string,
	loadOptionsMethod: string,
	what: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod },
		required: true,
		default: '',
		description: `${what} ${FROM_LIST_OR_ID}`,
	};
}
