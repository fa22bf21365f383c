import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { listEntries } from '../helpers/lists';
import { smsapiApiRequest } from '../transport';

function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	return a.name.localeCompare(b.name);
}

/** Every sender name of the account (shared ones of the main user included), any status. */
async function senderNames(this: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'sender.do',
		qs: { list: 1, with_nat_names: 1 },
		safeToRepeat: true,
	});
	return listEntries(data);
}

/** The account's active sender names (only those are accepted in `from`). */
export async function getSenderNames(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options = (await senderNames.call(this))
		.filter((entry) => String(entry.status ?? '').toUpperCase() === 'ACTIVE')
		.map((entry) => {
			const name = String(entry.sender ?? entry.name ?? '');
			return { name: entry.default ? `${name} (default)` : name, value: name };
		})
		.filter((option) => option.value !== '')
		.sort(byName);
	return [{ name: "Account's Default", value: '' }, ...options];
}

/** The account's message templates, by name (the service takes the name in `template`). */
export async function getTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'sms/templates',
		safeToRepeat: true,
	});
	const options = listEntries(data)
		.map((entry) => ({
			name: String(entry.name ?? ''),
			value: String(entry.name ?? ''),
			description: typeof entry.template === 'string' ? entry.template : undefined,
		}))
		.filter((option) => option.value !== '')
		.sort(byName);
	return [{ name: 'None (Use Message)', value: '' }, ...options];
}

/** The option label of a group: its name and, when the service tells it, how many contacts it has. */
function groupLabel(group: IDataObject): string {
	const count = group.contacts_count;
	return `${String(group.name)}${count !== undefined && count !== null ? ` (${String(count)})` : ''}`;
}

async function contactGroups(this: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'contacts/groups',
		safeToRepeat: true,
	});
	return listEntries(data).filter((group) => group.name !== undefined && group.name !== null);
}

/** Contact groups by name, for group sends (the service takes the group's name). */
export async function getContactGroupNames(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await contactGroups.call(this))
		.map((group) => ({
			name: groupLabel(group),
			value: String(group.name),
			description: typeof group.description === 'string' ? group.description : undefined,
		}))
		.sort(byName);
}

/** Contact groups by id: contact filters, group membership (create, update, add to and remove from group). */
export async function getContactGroupIds(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await contactGroups.call(this))
		.map((group) => ({
			name: groupLabel(group),
			value: String(group.id),
			description:
				typeof group.description === 'string' && group.description !== ''
					? group.description
					: undefined,
		}))
		.sort(byName);
}

/** Every sender name of the account, active or not, with its status (sender status, delete, default). */
export async function getAllSenderNames(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await senderNames.call(this))
		.map((entry) => {
			const name = String(entry.sender ?? entry.name ?? '');
			const status = String(entry.status ?? '').toUpperCase();
			const labels = [status, entry.default ? 'default' : ''].filter(Boolean).join(', ');
			return { name: labels ? `${name} (${labels})` : name, value: name };
		})
		.filter((option) => option.value !== '')
		.sort(byName);
}

/** The account's sub-users by username. */
export async function getSubuserNames(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'user.do',
		qs: { list: 1 },
		safeToRepeat: true,
	});
	return listEntries(data)
		.map((entry) => ({
			name: String(entry.username ?? ''),
			value: String(entry.username ?? ''),
			description: typeof entry.info === 'string' && entry.info !== '' ? entry.info : undefined,
		}))
		.filter((option) => option.value !== '')
		.sort(byName);
}

/** SMS templates by id, for editing and deleting them. */
export async function getTemplateIds(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'sms/templates',
		safeToRepeat: true,
	});
	return listEntries(data)
		.filter((entry) => entry.id !== undefined && entry.id !== null)
		.map((entry) => ({
			name: String(entry.name ?? entry.id),
			value: String(entry.id),
			description: typeof entry.template === 'string' ? entry.template : undefined,
		}))
		.sort(byName);
}

/** Short links by id: their name and address. */
export async function getShortLinkIds(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint: 'short_url/links',
		safeToRepeat: true,
	});
	return listEntries(data)
		.filter((entry) => entry.id !== undefined && entry.id !== null)
		.map((entry) => ({
			name: String(entry.name ?? entry.id),
			value: String(entry.id),
			description:
				typeof entry.url === 'string'
					? `${String(entry.short_url ?? '')} → ${entry.url}`
					: undefined,
		}))
		.sort(byName);
}
