/**
 * The send operation's parameters as the service names them (`sms.do`), the keys that need
 * special wire treatment, and the limits the service sets per request.
 */
import { toText } from './values';

/** 0/1 flags as users and expressions give them. */
export type Flag = boolean | 0 | 1 | '0' | '1' | 'true' | 'false';

/** A Luxon `DateTime` or anything alike (n8n's `$now`, `DateTime.fromISO(...)`). */
export interface DateTimeLike {
	toISO?(): string | null;
	toJSDate?(): Date;
}

/** A point in time: Date, ISO 8601 string, UNIX seconds (number or digit string), Luxon-like. */
export type DateLike = Date | string | number | DateTimeLike;

/** Values aligned with the recipients: an array, or a `|`-separated string as on the wire. */
export type PerRecipientValues = string | string[];

/** The send operation's parameters, named as on the wire (`sms.do`). */
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

export const PARAM_KEYS = ['param1', 'param2', 'param3', 'param4'] as const;
/** Parameters that carry one value per recipient, `|`-separated on the wire. */
export const PER_RECIPIENT_KEYS = ['idx', ...PARAM_KEYS] as const;
export type PerRecipientKey = (typeof PER_RECIPIENT_KEYS)[number];

export const FLAG_KEYS = [
	'flash',
	'test',
	'details',
	'date_validate',
	'allow_duplicates',
	'check_idx',
	'nounicode',
	'normalize',
	'fast',
	'single',
] as const;

export const DATE_KEYS = ['date', 'expiration_date'] as const;

/** Limits the service sets per request (docs/service-behaviour.md, "Limits"). */
export const MAX_RECIPIENTS_PER_REQUEST = 10000;
export const MAX_PERSONALISED_PER_REQUEST = 100;
export const MAX_SHORT_LINK_RECIPIENTS = 100;
export const MAX_IDX_LENGTH = 255;
export const SINGLE_MAX_CHARACTERS = 160;
export const EXPIRATION_MIN_MINUTES = 15;
export const EXPIRATION_MAX_HOURS = 72;

/** The service's short-link macro (`[%goto:https://...%]`). */
export const SHORT_LINK_MACRO = /\[%goto:/i;

/** A 0/1 flag that is on: true, 1, '1' or 'true' (as users and expressions give them). */
export function isFlagOn(flag: unknown): boolean {
	return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/** The message as text: an expression may give a number or anything else, sent as its text. */
export function messageText(params: SendParameters): string {
	return toText(params.message);
}
