import type { IDataObject } from 'n8n-workflow';

import { listEntries, listSize } from '../helpers/lists';
import { DEFAULT_MAX_PARALLEL_REQUESTS, runInParallel } from '../helpers/parallel';
import { smsapiApiRequest } from './smsapiApiRequest';
import type { SmsapiContext, SmsapiRequest } from './types';

/** One page of a REST list (`{size, collection}` read with `offset` and `limit`). */
export interface ListPage {
	entries: IDataObject[];
	/** Offset of the next page, when there is one. */
	nextOffset?: number;
	/** The service's count of all matching entries, when it gives one. */
	size?: number;
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
	return more ? { entries, nextOffset: next, size } : { entries, size };
}

/**
 * Up to `limit` entries of a REST list (`Infinity`: all of them); n8n's Airtable node calls the
 * same helper `apiRequestAllItems`. The first page tells the list's `size`; the pages after it
 * are then asked for in parallel, at most `parallel` at a time (below the service's limit of
 * simultaneous requests), and joined in offset order. Without `size`, or when a page comes back
 * shorter than the pages before it (the list changed meanwhile), paging goes on one page at a time.
 */
export async function smsapiApiRequestAllItems(
	this: SmsapiContext,
	request: SmsapiRequest,
	options: { limit: number; pageSize: number; parallel?: number },
): Promise<IDataObject[]> {
	const first = await smsapiApiRequestPage.call(
		this,
		request,
		0,
		Math.min(options.pageSize, options.limit),
	);
	const all: IDataObject[] = [...first.entries];
	let offset = first.nextOffset;

	// The service may cap `limit` below the page size asked for: the first page's length is the step.
	const step = first.entries.length;
	const size = first.size;
	if (offset !== undefined && size !== undefined && step > 0) {
		const end = Math.min(size, options.limit);
		const offsets: number[] = [];
		for (let at = offset; at < end; at += step) offsets.push(at);
		const pages: ListPage[] = [];
		let failure: { error: unknown } | undefined;
		await runInParallel(
			offsets.length,
			async (index) =>
				await smsapiApiRequestPage.call(
					this,
					request,
					offsets[index],
					Math.min(options.pageSize, options.limit - offsets[index]),
				),
			{
				limit: options.parallel ?? DEFAULT_MAX_PARALLEL_REQUESTS,
				settled: (_index, result) => {
					if (!result.ok) {
						failure = { error: result.error };
						return false;
					}
					pages.push(result.value);
					// A short page before the end: the list changed; the rest is read one page at a time.
					return result.value.entries.length >= step || result.value.nextOffset === undefined;
				},
			},
		);
		if (failure) throw failure.error;
		for (const page of pages) all.push(...page.entries);
		if (pages.length > 0) offset = pages[pages.length - 1].nextOffset;
	}

	while (offset !== undefined && all.length < options.limit) {
		const pageSize = Math.min(options.pageSize, options.limit - all.length);
		const page: ListPage = await smsapiApiRequestPage.call(this, request, offset, pageSize);
		all.push(...page.entries);
		offset = page.nextOffset;
	}
	return all.slice(0, options.limit);
}
