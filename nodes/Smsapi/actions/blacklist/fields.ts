import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { phoneNumberInput } from '../commonFields';
import { fetchList } from '../wholeList';

/**
 * The blacklist of the account (panel_com.yml `/blacklist/phone_numbers`): numbers on it get no
 * messages from the account. Entries are `{id, phone_number, expire_at, created_at}`.
 */
export const phoneNumberField: INodeProperties = phoneNumberInput(
	'The phone number with its country prefix (phone_number)',
);

/** The blacklist entry of a number, found with the list's search (`q`), or undefined. */
export async function findBlacklistEntry(
	this: IExecuteFunctions,
	itemIndex: number,
	phoneNumber: string,
): Promise<IDataObject | undefined> {
	const entries = await fetchList.call(
		this,
		'blacklist/phone_numbers',
		{ q: phoneNumber, limit: 100 },
		itemIndex,
	);
	return entries.find((entry) => String(entry.phone_number) === phoneNumber);
}
