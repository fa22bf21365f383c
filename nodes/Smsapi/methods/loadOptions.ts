import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchList } from '../actions/wholeList';
import { servedByRestApi } from '../transport';

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}

/**
 * A list of the account as dropdown options sorted by name: one GET, each entry an option
 * (`toOption` leaves an entry out by answering undefined).
 */
async function listOptions(
	this: ILoadOptionsFunctions,
	endpoint: string,
	qs: IDataObject | undefined,
	toOption: (entry: IDataObject) => INodePropertyOptions | undefined,
	tokenOnly?: boolean,
): Promise<INodePropertyOptions[]> {
	return (await fetchList.call(this, endpoint, qs, undefined, tokenOnly))
		.map(toOption)
		.filter((option): option is INodePropertyOptions => option !== undefined)
		.sort(byName);
}

/** A text to show, or undefined when it is not one or empty. */
function shownText(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An option named by a text of the entry, left out when the entry has none. */
function namedOption(
	name: string,
	description: string | undefined,
): INodePropertyOptions | undefined {
	return name === '' ? undefined : { name, value: name, description };
}

/** Every sender name of the account (shared ones of the main user included), any status. */
const SENDER_LIST = { list: 1, with_nat_names: 1 };

function senderName(entry: IDataObject): string {
	return String(entry.sender ?? entry.name ?? '');
}

/** sender.do says `default`, the REST list `is_default`. */
function isDefaultSender(entry: IDataObject): boolean {
	return entry.default === true || entry.is_default === true;
}

/** The sender names as dropdown options: from `/sms/sendernames` for token logins, else sender.do. */
async function senderOptions(
	this: ILoadOptionsFunctions,
	toOption: (entry: IDataObject) => INodePropertyOptions | undefined,
): Promise<INodePropertyOptions[]> {
	return (await servedByRestApi(this))
		? await listOptions.call(this, 'sms/sendernames', undefined, toOption)
		: await listOptions.call(this, 'sender.do', SENDER_LIST, toOption);
}

/** The account's active sender names (only those are accepted in `from`). */
export async function getSenderNames(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options = await senderOptions.call(this, (entry) => {
		const name = senderName(entry);
		if (name === '' || String(entry.status ?? '').toUpperCase() !== 'ACTIVE') return undefined;
		return { name: isDefaultSender(entry) ? `${name} (default)` : name, value: name };
	});
	return [{ name: "Account's Default", value: '' }, ...options];
}

/** Every sender name of the account, active or not, with its status (sender status, delete, default). */
export async function getAllSenderNames(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await senderOptions.call(this, (entry) => {
		const name = senderName(entry);
		if (name === '') return undefined;
		const status = String(entry.status ?? '').toUpperCase();
		const labels = [status, isDefaultSender(entry) ? 'default' : ''].filter(Boolean).join(', ');
		return { name: labels ? `${name} (${labels})` : name, value: name };
	});
}

/** The account's message templates, by name (the service takes the name in `template`). */
export async function getTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options = await listOptions.call(this, 'sms/templates', undefined, (entry) =>
		namedOption(
			String(entry.name ?? ''),
			typeof entry.template === 'string' ? entry.template : undefined,
		),
	);
	return [{ name: 'None (Use Message)', value: '' }, ...options];
}

/** A group, when it has a name: the option label is the name and, when the service tells it, how many contacts it has. */
function groupOption(group: IDataObject, value: string, description: string | undefined) {
	if (group.name === undefined || group.name === null) return undefined;
	const count = group.contacts_count;
	const label = `${String(group.name)}${count !== undefined && count !== null ? ` (${String(count)})` : ''}`;
	return { name: label, value, description };
}

/** Contact groups by name, for group sends (the service takes the group's name). */
export async function getContactGroupNames(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await listOptions.call(this, 'contacts/groups', undefined, (group) =>
		groupOption(
			group,
			String(group.name),
			typeof group.description === 'string' ? group.description : undefined,
		),
	);
}

/** Contact groups by id: contact filters, group membership (create, update, add to and remove from group). */
export async function getContactGroupIds(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await listOptions.call(this, 'contacts/groups', undefined, (group) =>
		groupOption(group, String(group.id), shownText(group.description)),
	);
}

/** The account's sub-users by username. */
export async function getSubuserNames(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await servedByRestApi(this))
		? await listOptions.call(this, 'subusers', undefined, (entry) =>
				namedOption(String(entry.username ?? ''), shownText(entry.description)),
			)
		: await listOptions.call(this, 'user.do', { list: 1 }, (entry) =>
				namedOption(String(entry.username ?? ''), shownText(entry.info)),
			);
}

/** An entry the service names by id, labelled by its name (its id when it has none). */
function idOption(entry: IDataObject, description: string | undefined) {
	if (entry.id === undefined || entry.id === null) return undefined;
	return { name: String(entry.name ?? entry.id), value: String(entry.id), description };
}

/** SMS templates by id, for editing and deleting them. */
export async function getTemplateIds(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await listOptions.call(this, 'sms/templates', undefined, (entry) =>
		idOption(entry, typeof entry.template === 'string' ? entry.template : undefined),
	);
}

/** Short links by id: their name and address. */
export async function getShortLinkIds(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await listOptions.call(this, 'short_url/links', undefined, (entry) =>
		idOption(
			entry,
			typeof entry.url === 'string' ? `${String(entry.short_url ?? '')} → ${entry.url}` : undefined,
		),
	);
}

/** The custom fields of the contacts database (only the bearer token reads them). */
async function contactFieldOptions(
	this: ILoadOptionsFunctions,
	toOption: (entry: IDataObject) => INodePropertyOptions | undefined,
): Promise<INodePropertyOptions[]> {
	return await listOptions.call(this, 'contacts/fields', undefined, toOption, true);
}

/** Custom fields of the contacts database by id: their name, and their type as the description. */
export async function getContactFieldIds(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await contactFieldOptions.call(this, (entry) => idOption(entry, shownText(entry.type)));
}

/**
 * Custom fields of the contacts database by name (contact bodies and filters name them so), each
 * labelled with its type.
 */
export async function getContactFieldNames(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await contactFieldOptions.call(this, (entry) => {
		const name = shownText(entry.name);
		if (!name) return undefined;
		const type = shownText(entry.type) ?? 'text';
		return { name: `${name} (${type})`, value: name, description: `A ${type} field` };
	});
}

/**
 * The RCS senders (agents) the account may send from, by id (`GET /rcs/senders`); token logins
 * only (REST), the username/password login is refused before anything is sent.
 */
export async function getRcsSenders(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await listOptions.call(
		this,
		'rcs/senders',
		undefined,
		(entry) =>
			entry.id === undefined || entry.id === null
				? undefined
				: { name: String(entry.sender ?? entry.id), value: String(entry.id) },
		true,
	);
}
