/**
 * One item's send, parsed once: recipients as a list, flags as booleans, dates as instants, idx and
 * param1..4 as one value per recipient. The checks (checks.ts, textChecks.ts), batching
 * (batching.ts) and the wire form (wire.ts) read it; none of them parses a value again.
 */
import type { IDataObject } from 'n8n-workflow';

import { splitNumbers } from '../helpers/numbers';
import { toDate } from '../helpers/serviceDates';
import { sharedStep } from '../helpers/sharedValues';
import { isGiven } from '../helpers/values';
import {
	type SendParameterSettings,
	type SendParameters,
	forEachSendParameter,
} from './parameters';

export const PARAM_KEYS = ['param1', 'param2', 'param3', 'param4'] as const;
/** Parameters that carry one value per recipient, `|`-separated on the wire. */
export const PER_RECIPIENT_KEYS = ['idx', ...PARAM_KEYS] as const;
export type PerRecipientKey = (typeof PER_RECIPIENT_KEYS)[number];

const FLAG_KEYS = [
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
type FlagKey = (typeof FLAG_KEYS)[number];
type Flags = Readonly<Partial<Record<FlagKey, boolean>>>;

const DATE_KEYS = ['date', 'expiration_date'] as const;
type DateKey = (typeof DATE_KEYS)[number];

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

/** A point in time as given: the instant, or null when the text is no date (a check names it). */
interface GivenDate {
	at: Date | null;
	text: string;
}

/** A number as given (`max_parts`): its value (NaN when it is none) and the text. */
interface GivenNumber {
	value: number;
	text: string;
}

/** One send, every value in its own type. A parameter that was not given (blank) has no value. */
export interface SendRequest {
	/** Recipients, one number each, in the order given; empty for a group send. */
	to: string[];
	group?: string;
	message?: string;
	/** Never changed in place: the sends of a run share their flags (`withFlag`). */
	flags: Flags;
	dates: Partial<Record<DateKey, GivenDate>>;
	maxParts?: GivenNumber;
	/** idx and param1..4: one value per recipient, also when a blank text gave them. */
	perRecipient: Partial<Record<PerRecipientKey, string[]>>;
	/** Every other parameter as text (from, template, encoding, ..., a channel's own: subject, tts...). */
	texts: Map<string, string>;
	/** The name of every parameter set, in the order set (the wire form's); shared, as `flags`. */
	order: readonly string[];
	/** `to` or per-recipient values set from a blank text or an empty list: checked, not sent. */
	blankLists?: string[];
}

const FLAGS = new Set<string>(FLAG_KEYS);
const DATES = new Set<string>(DATE_KEYS);
const PER_RECIPIENT = new Set<string>(PER_RECIPIENT_KEYS);

export function isFlagKey(name: string): name is FlagKey {
	return FLAGS.has(name);
}

export function isDateKey(name: string): name is DateKey {
	return DATES.has(name);
}

export function isPerRecipientKey(name: string): name is PerRecipientKey {
	return PER_RECIPIENT.has(name);
}

/** A 0/1 flag that is on: true, 1, '1' or 'true' (as users and expressions give them). */
function isFlagOn(flag: unknown): boolean {
	return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/**
 * Per-recipient values as an array: arrays as they are, strings split on `|` (their wire
 * form). Undefined when the parameter is not used.
 */
function perRecipientValues(value: unknown): string[] | undefined {
	if (value === undefined || value === null) return undefined;
	if (Array.isArray(value))
		return value.map((v) => (v === undefined || v === null ? '' : String(v)));
	const text = String(value);
	return text === '' ? undefined : text.split('|');
}

/** Recipients as a list: arrays as they are, strings split like user input. */
function recipientList(to: unknown): string[] {
	if (to === undefined || to === null) return [];
	if (Array.isArray(to)) return to.map((n) => String(n).trim()).filter((n) => n !== '');
	return splitNumbers(String(to));
}

// The sends of a run set the same parameters in the same order and mostly the same flags: they
// share one order list and one flags record (helpers/sharedValues.ts), never changed in place.
const NO_NAMES: readonly string[] = Object.freeze([]);
const NO_FLAGS: Flags = Object.freeze({});

/** `order` with `name` at its end (the same list when it holds the name already). */
function withName(order: readonly string[], name: string): readonly string[] {
	if (order.includes(name)) return order;
	return sharedStep(order, name, () => [...order, name]);
}

/** `flags` with `name` on, off or (undefined) not set. */
function withFlag(flags: Flags, name: FlagKey, on: boolean | undefined): Flags {
	if (flags[name] === on) return flags;
	return sharedStep(flags, `${name}=${on}`, () => {
		const record: Partial<Record<FlagKey, boolean>> = { ...flags, [name]: on };
		if (on === undefined) delete record[name];
		return record;
	});
}

/** Every field present from the start: all requests share one shape. */
function emptyRequest(): SendRequest {
	return {
		to: [],
		group: undefined,
		message: undefined,
		flags: NO_FLAGS,
		dates: {},
		maxParts: undefined,
		perRecipient: {},
		texts: new Map(),
		order: NO_NAMES,
		blankLists: undefined,
	};
}

/** Notes that `name` is (or is no longer) a list set from a blank value. */
function noteBlank(request: SendRequest, name: string, blank: boolean): void {
	const blanks = request.blankLists;
	if (blank) {
		if (!blanks) request.blankLists = [name];
		else if (!blanks.includes(name)) blanks.push(name);
	} else if (blanks?.includes(name)) {
		const rest = blanks.filter((entry) => entry !== name);
		request.blankLists = rest.length > 0 ? rest : undefined;
	}
}

/** A list parameter (`to`, idx, param1..4) as given: parsed even when blank, which the checks see. */
function setList(request: SendRequest, name: string, value: unknown): void {
	if (name === 'to') request.to = recipientList(value);
	else {
		const key = name as PerRecipientKey;
		const values = perRecipientValues(value);
		if (values === undefined) delete request.perRecipient[key];
		else request.perRecipient[key] = values;
	}
	noteBlank(request, name, !isGiven(value));
}

/**
 * Any other parameter: kept, in its type, only when a value was given. Dates and texts of a
 * request that may be a copy (`forRecipients`, which shares them) are replaced, not changed in
 * place; `owned`: they are the request's own (it is being parsed).
 */
function setValue(request: SendRequest, name: string, value: unknown, owned: boolean): void {
	const given = isGiven(value);
	if (isFlagKey(name)) {
		request.flags = withFlag(request.flags, name, given ? isFlagOn(value) : undefined);
	} else if (isDateKey(name)) {
		const dates = owned ? request.dates : { ...request.dates };
		if (given) dates[name] = { at: toDate(value), text: String(value) };
		else delete dates[name];
		request.dates = dates;
	} else if (name === 'max_parts') {
		request.maxParts = given ? { value: Number(value), text: String(value) } : undefined;
	} else if (name === 'message') {
		request.message = given ? String(value) : undefined;
	} else if (name === 'group') {
		request.group = given ? String(value) : undefined;
	} else if (given || request.texts.has(name)) {
		const texts = owned ? request.texts : new Map(request.texts);
		if (given) texts.set(name, String(value));
		else texts.delete(name);
		request.texts = texts;
	}
}

function assign(request: SendRequest, name: string, value: unknown, owned: boolean): void {
	request.order = withName(request.order, name);
	if (name === 'to' || isPerRecipientKey(name)) setList(request, name, value);
	else setValue(request, name, value, owned);
}

/** Set one parameter from a value as a user or an expression gave it. */
export function setParameter(request: SendRequest, name: string, value: unknown): void {
	assign(request, name, value, false);
}

/** The parameters as given, parsed: the one place where a send's values are read. */
export function parseSendParameters(params: SendParameters): SendRequest {
	const request = emptyRequest();
	for (const [name, value] of Object.entries(params)) assign(request, name, value, true);
	return request;
}

/** An item's Options collection parsed straight into a request (its recipients and text to come). */
export function parseSendOptions(
	options: IDataObject,
	settings: SendParameterSettings = {},
): SendRequest {
	const request = emptyRequest();
	forEachSendParameter(options, settings, (name, value) => assign(request, name, value, true));
	return request;
}

/** Whether the parameter was set at all (a blank value included). */
export function hasParameter(request: SendRequest, name: string): boolean {
	return request.order.includes(name);
}

/**
 * A copy of `base` (parameters shared by the items of a run) for one item's recipients, already
 * split, cleaned and checked (`recipientNumbers`): they are taken as they are. The copy shares
 * the base's dates and texts, which `setParameter` replaces rather than changes.
 */
export function forRecipients(base: SendRequest, numbers: string[]): SendRequest {
	const request: SendRequest = {
		to: base.to,
		group: base.group,
		message: base.message,
		flags: base.flags,
		dates: base.dates,
		maxParts: base.maxParts,
		perRecipient: { ...base.perRecipient },
		texts: base.texts,
		order: base.order,
		blankLists: base.blankLists && [...base.blankLists],
	};
	setRecipientValues(request, 'to', numbers);
	return request;
}

/** `to` or one value per recipient (idx, param1..4), as lists the node made itself. */
export function setRecipientValues(
	request: SendRequest,
	name: 'to' | PerRecipientKey,
	values: string[],
): void {
	request.order = withName(request.order, name);
	if (name === 'to') request.to = values;
	else request.perRecipient[name] = values;
	noteBlank(request, name, values.length === 0);
}

/**
 * Without the user's own idx the node generates one per message (idxSeed.ts, once every item is
 * read) and always sends check_idx=1: a repeat of the request (failover, Retry On Fail) is then
 * refused by the service instead of sent twice. A user's own idx goes with the user's Check Idx
 * (off unless set, as at the service): an order id reused within 24 hours must not make the
 * service refuse a whole request. Returns whether the idx values are to be generated.
 */
export function guardWithGeneratedIdx(request: SendRequest): boolean {
	if (request.perRecipient.idx !== undefined) return false;
	setParameter(request, 'check_idx', true);
	return true;
}
