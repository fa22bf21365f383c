/**
 * A send's parameters as they arrive: by the service's names (`sms.do`), each value as a user or
 * an expression gave it. `request.ts` parses them once into a `SendRequest`; nothing else reads
 * this loose form.
 */
import type { IDataObject } from 'n8n-workflow';

import { type DateTimeLike, wallTimeToDate } from '../helpers/serviceDates';

/** 0/1 flags as users and expressions give them. */
type Flag = boolean | 0 | 1 | '0' | '1' | 'true' | 'false';

/** A point in time: Date, ISO 8601 string, UNIX seconds (number or digit string), Luxon-like. */
export type DateLike = Date | string | number | DateTimeLike;

/** Values aligned with the recipients: an array, or a `|`-separated string as on the wire. */
type PerRecipientValues = string | string[];

/** A send's parameters, named as on the wire (`sms.do`), as given. */
export interface SendParameters {
	/** Recipients: an array of numbers or a comma-separated string. */
	to?: string | string[];
	group?: string;
	message?: string;
	from?: string;
	/** Character set of `message` on the wire: `utf-8` (default), `iso-8859-2`, `windows-1250`. */
	encoding?: string;
	flash?: Flag;
	test?: Flag;
	details?: Flag;
	date?: DateLike;
	date_validate?: Flag;
	time_restriction?: 'follow' | 'ignore' | 'nearest_available' | string;
	datacoding?: string;
	udh?: string;
	allow_duplicates?: Flag;
	idx?: PerRecipientValues;
	check_idx?: Flag;
	max_parts?: number | string;
	nounicode?: Flag;
	normalize?: Flag;
	fast?: Flag;
	expiration_date?: DateLike;
	notify_url?: string;
	template?: string;
	param1?: PerRecipientValues;
	param2?: PerRecipientValues;
	param3?: PerRecipientValues;
	param4?: PerRecipientValues;
	single?: Flag;
	discount_group?: string;
}

/** The node's camelCase option names and the service's parameter names (docs/service-behaviour.md, "Public names"). */
const WIRE_NAMES = new Map<string, keyof SendParameters>(
	Object.entries({
		allowDuplicates: 'allow_duplicates',
		checkIdx: 'check_idx',
		datacoding: 'datacoding',
		date: 'date',
		dateValidate: 'date_validate',
		details: 'details',
		discountGroup: 'discount_group',
		encoding: 'encoding',
		expirationDate: 'expiration_date',
		fast: 'fast',
		flash: 'flash',
		from: 'from',
		idx: 'idx',
		maxParts: 'max_parts',
		normalize: 'normalize',
		notifyUrl: 'notify_url',
		nounicode: 'nounicode',
		param1: 'param1',
		param2: 'param2',
		param3: 'param3',
		param4: 'param4',
		single: 'single',
		template: 'template',
		test: 'test',
		timeRestriction: 'time_restriction',
		udh: 'udh',
	} as const),
);

/** Options that are the node's own, not service parameters. */
const NODE_OPTIONS = new Set([
	'batching',
	'maxParallelRequests',
	'maxRecipientsPerItem',
	'neutralizeMacros',
	'textsAsTemplate',
]);

const DATE_OPTIONS = new Set(['date', 'expiration_date']);

export interface SendParameterSettings {
	/** The workflow's time zone (`this.getTimezone()`): dates without an offset are read in it. */
	timezone?: string;
}

/**
 * The `options` collection in the service's terms, handed to `use` one parameter at a time.
 * Empty strings are dropped (an unset dropdown); `date_validate=1` goes with a `date` unless the
 * user turned it off, as the service's own clients do. A date without an offset (n8n's date
 * picker stores wall-clock time) is taken in `settings.timezone`, as n8n's own nodes do, not in
 * the server's zone.
 */
export function forEachSendParameter(
	options: IDataObject,
	settings: SendParameterSettings,
	use: (name: keyof SendParameters, value: unknown) => void,
): void {
	let date = false;
	let dateValidate = false;
	for (const name in options) {
		if (!Object.prototype.hasOwnProperty.call(options, name) || NODE_OPTIONS.has(name)) continue;
		const value = options[name];
		if (value === '' || value === undefined || value === null) continue;
		const wireName = WIRE_NAMES.get(name);
		if (!wireName) continue;
		const inZone =
			DATE_OPTIONS.has(wireName) && typeof value === 'string' && settings.timezone
				? wallTimeToDate(value, settings.timezone)
				: null;
		if (wireName === 'date') date = true;
		else if (wireName === 'date_validate') dateValidate = true;
		use(wireName, inZone ?? value);
	}
	if (date && !dateValidate) use('date_validate', true);
}

/** The `options` collection in the service's terms, as one object (`forEachSendParameter`). */
export function toSendParameters(
	options: IDataObject,
	settings: SendParameterSettings = {},
): SendParameters {
	const params: Record<string, unknown> = {};
	forEachSendParameter(options, settings, (name, value) => (params[name] = value));
	return params as SendParameters;
}
