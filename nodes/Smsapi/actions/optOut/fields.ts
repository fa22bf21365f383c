import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { apiPath } from '../../transport';
import type { RecordById } from '../byId';

/**
 * The opt-out list of the account (panel_com.yml `/opt_outs`, tag `opt_out`): numbers whose owners
 * used the opt-out link of a campaign (`[%opt_out_link%]`) and are left out of later campaigns. Entries
 * are `OptOut` `{id, phoneNumber, date, _links}`: `phoneNumber` an integer, `date` when they opted
 * out. Separate from the blacklist (`/blacklist/phone_numbers`), which the account keeps itself.
 * The REST API takes only the bearer token.
 */
export const OPT_OUTS = 'opt_outs';

/** The company presentation of the opt-out page (`OptOutSettings.brand`, 0 to 255 characters: code points). */
export const OPT_OUT_SETTINGS = 'opt_outs/settings';
export const BRAND_MAX_LENGTH = 255;

const optOutIdField: INodeProperties = {
	displayName: 'Opt-Out ID',
	name: 'optOutId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 5b802315a788494a04690d1d',
	description:
		'The ID of the opt-out entry, as Get Many returns it. Deleting it lets campaigns reach the number again.',
};

/**
 * An opt-out as an output item: the service's fields as they come, plus `phone_number` as a text of
 * digits (the service gives `phoneNumber` as a number), to match contacts and blacklist entries.
 */
export function optOutItem(entry: unknown): IDataObject {
	const item: IDataObject =
		entry && typeof entry === 'object' && !Array.isArray(entry)
			? { ...(entry as IDataObject) }
			: {};
	const number = item.phoneNumber;
	if ((typeof number === 'number' && Number.isFinite(number)) || typeof number === 'string') {
		item.phone_number = typeof number === 'number' ? number.toFixed(0) : number.replace(/\D/g, '');
	}
	return item;
}

/** An opt-out by id, for delete. */
export const optOutRecord: RecordById = {
	resource: 'optOut',
	noun: 'opt-out',
	idField: optOutIdField,
	path: (optOutId) => apiPath`opt_outs/${{ optOutId }}`,
	toItem: optOutItem,
	tokenOnly: true,
};
