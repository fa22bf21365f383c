import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { smsapiApiRequestPage } from '../transport';

const PAGE_SIZE = 50;

function contactLabel(contact: IDataObject): string {
	const name = [contact.first_name, contact.last_name]
		.filter((part) => typeof part === 'string' && part.trim() !== '')
		.join(' ');
	const reach = [contact.phone_number, contact.email]
		.filter((part) => typeof part === 'string' && part.trim() !== '')
		.join(', ');
	if (name && reach) return `${name} (${reach})`;
	return name || reach || String(contact.id);
}

/** Contacts matching the typed text (the service's `q` search), 50 at a time. */
export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0) || 0;
	const qs: IDataObject = { order_by: 'last_name' };
	if (filter && filter.trim() !== '') qs.q = filter.trim();
	const page = await smsapiApiRequestPage.call(
		this,
		{ method: 'GET', endpoint: 'contacts', qs, safeToRepeat: true },
		offset,
		PAGE_SIZE,
	);
	return {
		results: page.entries.map((contact) => ({
			name: contactLabel(contact),
			value: String(contact.id),
		})),
		paginationToken: page.nextOffset === undefined ? undefined : String(page.nextOffset),
	};
}
