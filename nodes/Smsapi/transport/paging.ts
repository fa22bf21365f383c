import type { IDataObject } from 'n8n-workflow';

import { listEntries, listSize } from '../helpers/lists';
import { smsapiApiRequest } from './smsapiApiRequest';
import type { SmsapiContext } from './smsapiApiRequest';
import type { SmsapiRequest } from './types';

/** One page of a REST list (`{size, collection}` read with `offset` and `limit`). */
export interface ListPage {
	entries: IDataObject[];
	/** Offset of the next page, when there is one. */
	nextOffset?: number;
}

/**
 * The page of a REST list at `offset`, at most `pageSize` entries. There is a next page when
 * the service's `size` (all matches) says so; without `size`, when the page came full. A page
 * shorter than asked for may only mean that the service caps `limit` lower than `pageSize`.
 */
export async function smsapiApiRequestPage(
	this: SmsapiContext,
	request: SmsapiRequest,
	offset: number,
	pageSize: number,
): Promise<ListPage> {
	const { data } = await smsapiApiRequest.call(this, {
		...request,
		qs: { ...request.qs, offset, limit: pageSize },
	});
	const entries = listEntries(data).slice(0, pageSize);
	const size = listSize(data);
	const next = offset + entries.length;
	const more =
		entries.length > 0 && (size !== undefined ? next < size : entries.length >= pageSize);
	return more ? { entries, nextOffset: next } : { entries };
}

/**
 * Up to `limit` entries of a REST list (`Infinity`: all of them), page by page; n8n's Airtable
 * node calls the same helper `apiRequestAllItems`.
 */
export async function smsapiApiRequestAllItems(
	this: SmsapiContext,
	request: SmsapiRequest,
	options: { limit: number; pageSize: number },
): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	let offset: number | undefined = 0;
	while (offset !== undefined && all.length < options.limit) {
		const pageSize = Math.min(options.pageSize, options.limit - all.length);
		const page: ListPage = await smsapiApiRequestPage.call(this, request, offset, pageSize);
		all.push(...page.entries);
		offset = page.nextOffset;
	}
	return all;
}
