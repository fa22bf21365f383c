import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { type ListPage, smsapiApiRequestPage } from '../../transport';
import { phoneNumberInput } from '../commonFields';

/**
 * The blacklist of the account (panel_com.yml `/blacklist/phone_numbers`): numbers on it get no
 * messages from the account. Entries are `{id, phone_number, expire_at, created_at}`.
 */
export const phoneNumberField: INodeProperties = phoneNumberInput(
	'The phone number with its country prefix (phone_number)',
);

/** Entries per page when looking a number up; the service's own default page is only 5. */
const LOOKUP_PAGE_SIZE = 100;

/** The digits of a number as the service lists it (it may show a `+` or spaces). */
function digitsOf(value: unknown): string {
	return String(value ?? '').replace(/\D/g, '');
}

/**
 * The blacklist entry of a number, or undefined. The list's search (`q`) finds every entry that
 * CONTAINS the text (485000000012 for 48500000001), a page at a time: the pages are read until
 * the entry whose number is exactly this one turns up or the list ends.
 */
export async function findBlacklistEntry(
	this: IExecuteFunctions,
	itemIndex: number,
	phoneNumber: string,
): Promise<IDataObject | undefined> {
	const wanted = digitsOf(phoneNumber);
	let offset: number | undefined = 0;
	while (offset !== undefined) {
		const page: ListPage = await smsapiApiRequestPage.call(
			this,
			{
				method: 'GET',
				endpoint: 'blacklist/phone_numbers',
				qs: { q: phoneNumber },
				safeToRepeat: true,
				itemIndex,
			},
			offset,
			LOOKUP_PAGE_SIZE,
		);
		const entry = page.entries.find((candidate) => digitsOf(candidate.phone_number) === wanted);
		if (entry) return entry;
		offset = page.nextOffset;
	}
	return undefined;
}
