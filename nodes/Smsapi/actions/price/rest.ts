import type { IDataObject } from 'n8n-workflow';

import { numberFromService } from '../../helpers/values';

/**
 * The price list over the published REST API (panel_com.yml `GET /profile/prices`, `Price`:
 * `price` {amount, currency}, `country` {name, mcc}, `network` {name, mnc}, `changed_at`, and per
 * the official PHP client a `type`), as the items prices.do gives: `country`, `network`, `mcc`,
 * `mnc` and `date` as text, `price` a number, plus `currency` and `type`.
 */

/** Tariff types the published API takes in `type` (`ProfilePricingType`). */
export const TARIFF_TYPES = ['2way', 'eco', 'hlr', 'mms', 'pro', 'sms', 'vms'] as const;

const part = (value: unknown): IDataObject =>
	value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};

/** `changed_at` (a date) as prices.do's `date`: UNIX seconds of that day's start (UTC), as text. */
function unixDate(changedAt: unknown): string | null {
	if (typeof changedAt !== 'string' || changedAt === '') return null;
	const time = Date.parse(changedAt.length === 10 ? `${changedAt}T00:00:00Z` : changedAt);
	return Number.isNaN(time) ? null : String(Math.floor(time / 1000));
}

const code = (value: unknown, digits: number): string =>
	value === undefined || value === null ? '' : String(value).padStart(digits, '0');

export function restPriceItem(entry: IDataObject, requestedType: string): IDataObject {
	const price = part(entry.price);
	const country = part(entry.country);
	const network = part(entry.network);
	const item: IDataObject = {
		country: country.name ?? null,
		network: network.name ?? null,
		mcc: code(country.mcc, 3),
		// The REST API gives the MNC as a number: 1 is "01" as prices.do writes it.
		mnc: code(network.mnc, 2),
		date: unixDate(entry.changed_at),
		price: numberFromService(price.amount) as number,
		currency: price.currency ?? null,
	};
	const type = entry.type ?? (requestedType || undefined);
	if (type !== undefined) item.type = type;
	return item;
}
