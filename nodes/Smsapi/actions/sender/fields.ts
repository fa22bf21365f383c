import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { idDropdownField } from '../byId';

/** An existing sender name, for status, delete and default. */
export const existingSenderField: INodeProperties = idDropdownField(
	'Sender Name or ID',
	'name',
	'getAllSenderNames',
	'A sender name of the account, active or not.',
);

/**
 * A sender entry as an output item: `sender`, `status`, `default` as the list names them (the
 * status query of the earlier variant says `name` instead of `sender`).
 */
export function senderItem(entry: unknown, name?: string): IDataObject {
	const item: IDataObject =
		entry && typeof entry === 'object' && !Array.isArray(entry)
			? { ...(entry as IDataObject) }
			: {};
	if (item.sender === undefined) item.sender = item.name ?? name ?? null;
	delete item.name;
	return item;
}

/** The answer of add, delete and set default (`{count}`, or text `OK`) with the name it was about. */
export function senderActionItem(
	data: unknown,
	name: string,
	extra: IDataObject = {},
): IDataObject {
	const answer =
		data && typeof data === 'object' && !Array.isArray(data) ? (data as IDataObject) : {};
	const item: IDataObject = { sender: name, ...extra };
	if (answer.count !== undefined) item.count = answer.count;
	return item;
}
