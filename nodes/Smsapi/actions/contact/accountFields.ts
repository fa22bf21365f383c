import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { fetchList } from '../wholeList';

/**
 * The account's custom contact fields (`GET /contacts/fields`, contacts_com.yml `Field` `{id,
 * name, type}`), read once per node run when a contact operation names one, so that a value is
 * checked against the field's type and an unknown field is refused before anything is sent. Like
 * the Contact Field resource, the read takes only the bearer token (docs/service-differences.md O5).
 */
interface AccountField {
	id: string;
	name: string;
	type: string;
}

/** One read per node run (n8n gives every item of a run the same context). */
const readsPerRun = new WeakMap<object, Promise<AccountField[]>>();

function toField(entry: Record<string, unknown>): AccountField | undefined {
	if (typeof entry.name !== 'string' || entry.name === '') return undefined;
	return { id: String(entry.id ?? ''), name: entry.name, type: String(entry.type ?? 'text') };
}

export async function accountFields(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<AccountField[]> {
	let read = readsPerRun.get(this);
	if (!read) {
		read = fetchList
			.call(this, 'contacts/fields', undefined, itemIndex, true)
			.then((entries) =>
				entries.map(toField).filter((field): field is AccountField => field !== undefined),
			);
		readsPerRun.set(this, read);
		// A failed read is not kept: the next item asks again.
		read.catch(() => readsPerRun.delete(this));
	}
	return await read;
}

/**
 * The account's field given by name (what the dropdown gives) or by id (an expression, e.g. from
 * Contact Field → Get Many); an unknown one is refused, naming the fields there are.
 */
export function findAccountField(
	this: IExecuteFunctions,
	fields: readonly AccountField[],
	wanted: string,
	itemIndex: number,
	nothingDone: string,
): AccountField {
	const field =
		fields.find((candidate) => candidate.name === wanted) ??
		fields.find((candidate) => candidate.id !== '' && candidate.id === wanted);
	if (field) return field;
	const known = fields.map((candidate) => `${candidate.name} (${candidate.type})`).join(', ');
	throw new NodeOperationError(
		this.getNode(),
		`The contacts database has no custom field "${wanted}"`,
		{
			itemIndex,
			description: `${nothingDone} The account's custom fields: ${known || 'none'}. Choose one from the list, or create it with Contact Field → Create first.`,
		},
	);
}
