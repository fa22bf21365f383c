/**
 * Checks of a send request before anything is sent. Each check returns problems that say
 * what to change; nothing here throws, so the caller decides how to report them.
 */
import {
	MAX_PARTS,
	calculateMessage,
	findSpecialCharacters,
	gsm7Length,
	hasSpecialCharacters,
	normalizeText,
	partsFor,
} from './segments';
import { splitNumbers, validateNumber } from './numbers';
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

const DATE_KEYS = ['date', 'expiration_date'] as const;

/** Limits the service sets per request (spec, "Limits"). */
export const MAX_RECIPIENTS_PER_REQUEST = 10000;
export const MAX_PERSONALISED_PER_REQUEST = 100;
export const MAX_SHORT_LINK_RECIPIENTS = 100;
export const MAX_IDX_LENGTH = 255;
export const SINGLE_MAX_CHARACTERS = 160;
export const EXPIRATION_MIN_MINUTES = 15;
export const EXPIRATION_MAX_HOURS = 72;

const TIME_RESTRICTIONS = ['follow', 'ignore', 'nearest_available'];
const SHORT_LINK = /\[%goto:/i;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

export function isOn(flag: unknown): boolean {
	return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/** The message as text: an expression may give a number or anything else, sent as its text. */
export function messageText(params: SendParameters): string {
	return toText(params.message);
}

function isPresent(value: unknown): boolean {
	if (value === undefined || value === null) return false;
	if (typeof value === 'string') return value.trim() !== '';
	if (Array.isArray(value)) return value.length > 0;
	return true;
}

// ---------------------------------------------------------------- dates

// Larger than any plausible UNIX-seconds value (year 5138): such numbers are milliseconds.
const MILLISECONDS_THRESHOLD = 1e11;

function fromEpochNumber(value: number): Date {
	return new Date(Math.abs(value) >= MILLISECONDS_THRESHOLD ? value : value * 1000);
}

/**
 * A Date for any `DateLike`, or null when it is empty or not a date. Digit strings and
 * numbers are UNIX seconds (milliseconds when 13 digits or more); other strings are ISO 8601
 * (without an offset JavaScript reads them as local time).
 */
export function toDate(value: unknown): Date | null {
	if (value === undefined || value === null) return null;
	let date: Date | null = null;
	if (value instanceof Date) date = new Date(value.getTime());
	else if (typeof value === 'number') date = fromEpochNumber(value);
	else if (typeof value === 'string') {
		const trimmed = value.trim();
		if (trimmed === '') return null;
		date = /^-?\d+(\.\d+)?$/.test(trimmed) ? fromEpochNumber(Number(trimmed)) : new Date(trimmed);
	} else if (typeof value === 'object') {
		const like = value as DateTimeLike;
		if (typeof like.toJSDate === 'function') date = like.toJSDate();
		else if (typeof like.toISO === 'function') {
			const iso = like.toISO();
			date = iso ? new Date(iso) : null;
		}
	}
	return date && !Number.isNaN(date.getTime()) ? date : null;
}

// ISO 8601 date or date-time without an offset: what n8n's date picker stores.
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** Milliseconds `timeZone` is ahead of UTC at the instant `utcMs`. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: 'numeric',
		day: 'numeric',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(new Date(utcMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return asUtc - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/**
 * The instant of a wall-clock time without an offset ("2025-01-31T09:00:00", as n8n's date
 * picker stores it) in the IANA zone `timeZone` (the workflow's time zone). Null when `text` is
 * not such a time (it has an offset, or is not ISO 8601) or the zone is unknown: then `toDate`
 * applies.
 */
export function wallTimeToDate(text: string, timeZone: string): Date | null {
	const match = WALL_TIME.exec(text.trim());
	if (!match || !timeZone) return null;
	const [, y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = match;
	const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec), Number(ms.padEnd(3, '0')));
	if (Number.isNaN(wall)) return null;
	try {
		// Two passes: the offset at the guessed instant, which differs near a DST change.
		const guess = wall - zoneOffsetMs(wall, timeZone);
		return new Date(wall - zoneOffsetMs(guess, timeZone));
	} catch {
		// RangeError: not a time zone this runtime knows.
		return null;
	}
}

/** UNIX seconds for any `DateLike`, or null when it is empty or not a date. */
export function toUnixSeconds(value: unknown): number | null {
	const date = toDate(value);
	return date ? Math.floor(date.getTime() / 1000) : null;
}

/**
 * The wire form of a date: UNIX seconds as a string. The service takes UNIX seconds or
 * ISO 8601; seconds leave no doubt about time zones. Null when it is empty or not a date.
 */
export function toServiceDate(value: unknown): string | null {
	const seconds = toUnixSeconds(value);
	return seconds === null ? null : String(seconds);
}

// ---------------------------------------------------------------- wire form

/**
 * Per-recipient values as an array: arrays as they are, strings split on `|` (their wire
 * form). Undefined when the parameter is not used.
 */
export function perRecipientValues(value: unknown): string[] | undefined {
	if (value === undefined || value === null) return undefined;
	if (Array.isArray(value)) return value.map((v) => (v === undefined || v === null ? '' : String(v)));
	const text = String(value);
	return text === '' ? undefined : text.split('|');
}

/** Recipients as a list: arrays as they are, strings split like user input. */
export function recipientList(to: unknown): string[] {
	if (to === undefined || to === null) return [];
	if (Array.isArray(to)) return to.map((n) => String(n).trim()).filter((n) => n !== '');
	return splitNumbers(String(to));
}

/**
 * The parameters as the service receives them, all strings: `to` comma-joined, `idx` and
 * `param1..4` pipe-joined, flags `1`/`0`, dates in UNIX seconds, empty values left out.
 * `format=json` is the transport's business and not added here.
 */
export function toWireParameters(params: SendParameters): Record<string, string> {
	const wire: Record<string, string> = {};
	for (const [key, value] of Object.entries(params)) {
		if (!isPresent(value)) continue;
		if (key === 'to') wire.to = recipientList(value).join(',');
		else if ((PER_RECIPIENT_KEYS as readonly string[]).includes(key)) {
			wire[key] = (perRecipientValues(value) ?? []).join('|');
		} else if ((FLAG_KEYS as readonly string[]).includes(key)) wire[key] = isOn(value) ? '1' : '0';
		else if ((DATE_KEYS as readonly string[]).includes(key)) wire[key] = toServiceDate(value) ?? String(value);
		else wire[key] = String(value);
	}
	return wire;
}

// ---------------------------------------------------------------- checks

export interface SendProblem {
	/** The wire parameter to change (`message`, `expiration_date`, `param2`...). */
	parameter: string;
	/** What is wrong and what to change, in one or two sentences. */
	message: string;
	/** The error code the service would answer, when known. */
	serviceError?: number;
}

export interface ValidationOptions {
	/** The current time; default now. */
	now?: DateLike;
	/**
	 * Check the per-request recipient limits (100 personalised or short-link recipients).
	 * Turn off when the request will go through `splitIntoRequests`, which keeps to them.
	 * Default true.
	 */
	checkRequestLimits?: boolean;
}

function listCharacters(characters: string[]): string {
	return characters.map((c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\f' ? '\\f' : c)).join(' ');
}

function listSome(values: string[], max = 10): string {
	const shown = values.slice(0, max).join(', ');
	return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

/** A text's size as the service counts it, in both encodings. */
interface TextSize {
	gsmUnits: number;
	utf16Units: number;
	special: boolean;
}

function sizeOf(text: string, normalize: boolean): TextSize {
	const sent = normalize ? normalizeText(text) : text;
	return { gsmUnits: gsm7Length(sent), utf16Units: sent.length, special: hasSpecialCharacters(sent) };
}

const PLACEHOLDER = /\[%([1-4])%\]/;

/**
 * The messages the recipients receive, [%1%]..[%4%] filled in where values are given, measured
 * piece by piece (fixed text once, each value once): linear in the message and the values, also
 * for 100,000 personalised recipients, where building every text would not be.
 */
class RecipientTexts {
	/** The message around its placeholders: text, placeholder number, text, ... */
	private readonly pieces: string[];
	private readonly values: Array<string[] | undefined>;
	readonly count: number;

	constructor(
		private readonly params: SendParameters,
		private readonly normalize: boolean,
	) {
		const message = messageText(params);
		this.values = PARAM_KEYS.map((key) => perRecipientValues(params[key]));
		this.pieces = message.split(new RegExp(PLACEHOLDER.source, 'g'));
		const used = this.values.some((v, i) => v !== undefined && message.includes(`[%${i + 1}%]`));
		let count = 1;
		if (used) {
			count = 0;
			for (const list of this.values) count = Math.max(count, list?.length ?? 0);
		}
		this.count = count;
	}

	/** The text of recipient `r` (only for reporting one of them). */
	text(r: number): string {
		if (this.count === 1 && this.values.every((v) => v === undefined)) return messageText(this.params);
		return this.pieces.map((piece, i) => (i % 2 === 0 ? piece : (this.values[Number(piece) - 1]?.[r] ?? `[%${piece}%]`))).join('');
	}

	/** Characters (as counted in the encoding the text needs) and parts of each recipient's text. */
	*measure(): Generator<{ index: number; characters: number; parts: number }> {
		const fixed: TextSize = { gsmUnits: 0, utf16Units: 0, special: false };
		/** How often [%1%]..[%4%] occur in the message. */
		const occurrences = [0, 0, 0, 0];
		this.pieces.forEach((piece, i) => {
			if (i % 2 === 1) {
				occurrences[Number(piece) - 1]++;
				return;
			}
			const size = sizeOf(piece, this.normalize);
			fixed.gsmUnits += size.gsmUnits;
			fixed.utf16Units += size.utf16Units;
			fixed.special ||= size.special;
		});
		for (let r = 0; r < this.count; r++) {
			const total = { ...fixed };
			occurrences.forEach((times, i) => {
				if (times === 0) return;
				const size = sizeOf(this.values[i]?.[r] ?? `[%${i + 1}%]`, this.normalize);
				total.gsmUnits += size.gsmUnits * times;
				total.utf16Units += size.utf16Units * times;
				total.special ||= size.special;
			});
			const encoding = total.special ? 'UCS-2' : 'GSM-7';
			const characters = total.special ? total.utf16Units : total.gsmUnits;
			yield { index: r, characters, parts: partsFor(characters, encoding) };
		}
	}
}

/** The recipient whose text needs the most parts (the first of them), and its calculation. */
function worstRecipient(params: SendParameters, normalize: boolean) {
	const texts = new RecipientTexts(params, normalize);
	let worst = { index: 0, parts: 0 };
	for (const measured of texts.measure()) if (measured.parts > worst.parts) worst = measured;
	return {
		index: worst.index,
		recipients: texts.count,
		calculation: calculateMessage(texts.text(worst.index), { normalize }),
	};
}

/** `max_parts` when valid, otherwise the service's maximum (10). */
function effectiveMaxParts(params: SendParameters): number {
	const value = Number(params.max_parts);
	return isPresent(params.max_parts) && Number.isInteger(value) && value >= 1 && value <= MAX_PARTS
		? value
		: MAX_PARTS;
}

function isBinary(params: SendParameters): boolean {
	return isPresent(params.datacoding);
}

/** `to` or `group`, `message` or `template`: one of each. */
export function checkRequired(params: SendParameters): SendProblem[] {
	const problems: SendProblem[] = [];
	const hasTo = recipientList(params.to).length > 0;
	const hasGroup = isPresent(params.group);
	if (!hasTo && !hasGroup) {
		problems.push({ parameter: 'to', message: 'No recipient: enter at least one phone number in To, or a group.' });
	} else if (hasTo && hasGroup) {
		problems.push({ parameter: 'group', message: 'Both To and Group are set: send either to numbers or to a group.' });
	}
	if (!isPresent(params.message) && !isPresent(params.template)) {
		problems.push({ parameter: 'message', message: 'No message: enter the text, or choose a template.' });
	}
	return problems;
}

/** Every number in `to` must be digits with the country prefix, 7 to 15 of them. */
export function checkNumbers(params: SendParameters): SendProblem[] {
	const invalid = recipientList(params.to)
		.map((n) => validateNumber(n))
		.filter((checked) => !checked.ok);
	if (invalid.length === 0) return [];
	const reasons = invalid.slice(0, 5).map((checked) => (checked.ok ? '' : checked.reason));
	const more = invalid.length > 5 ? ` (and ${invalid.length - 5} more invalid numbers)` : '';
	return [{ parameter: 'to', message: `${reasons.join(' ')}${more}`, serviceError: 13 }];
}

/** `max_parts` is a whole number from 1 to 10 (the published API's `SmsParts`). */
export function checkMaxPartsValue(params: SendParameters): SendProblem[] {
	if (!isPresent(params.max_parts)) return [];
	const value = Number(params.max_parts);
	if (Number.isInteger(value) && value >= 1 && value <= MAX_PARTS) return [];
	return [
		{
			parameter: 'max_parts',
			message: `Max parts is ${String(params.max_parts)}: use a whole number from 1 to ${MAX_PARTS}.`,
		},
	];
}

/**
 * The message (each recipient's version when [%1%]..[%4%] are filled in) fits in `max_parts`
 * parts when Max Parts is set, and in the service's 10 parts otherwise. Without Max Parts the
 * account's own maximum (its SMS settings) applies at the service, which answers error 12 above
 * it; the node does not know that setting, so it does not guess. Other placeholders (short links,
 * codes, contact fields) count as written.
 */
export function checkParts(params: SendParameters): SendProblem[] {
	if (!isPresent(params.message) || isBinary(params)) return [];
	const normalize = isOn(params.normalize);
	const maxParts = effectiveMaxParts(params);
	const fromOption = isPresent(params.max_parts) && maxParts === Number(params.max_parts);
	const { calculation, index, recipients } = worstRecipient(params, normalize);
	if (calculation.parts <= maxParts) return [];
	const who = recipients > 1 ? ` for recipient ${index + 1} (with its parameter values)` : '';
	const why =
		calculation.encoding === 'UCS-2'
			? ` It contains special characters (${listCharacters(calculation.specialCharacters)}), so each part holds fewer characters; removing them${normalize ? '' : ' or turning on Normalize'} may help.`
			: '';
	const limit = fromOption
		? `more than the ${maxParts} Max Parts allows: shorten it${maxParts < MAX_PARTS ? ` or raise Max Parts (up to ${MAX_PARTS})` : ''}`
		: `more than the ${MAX_PARTS} a message can have: shorten it`;
	return [
		{
			parameter: 'message',
			message: `The message is ${calculation.characters} characters (${calculation.encoding})${who} and needs ${calculation.parts} parts, ${limit}.${why}`,
			serviceError: fromOption ? 12 : 11,
		},
	];
}

/**
 * The longest message of a send (the recipient whose text needs the most parts), as the service
 * counts it; undefined for a binary send or one without a message (a template).
 */
export function longestMessage(
	params: SendParameters,
): { parts: number; characters: number; encoding: string; recipients: number } | undefined {
	if (!isPresent(params.message) || isBinary(params)) return undefined;
	const { calculation, recipients } = worstRecipient(params, isOn(params.normalize));
	return { parts: calculation.parts, characters: calculation.characters, encoding: calculation.encoding, recipients };
}

/** With `single`, the message may not exceed 160 characters (as the service counts them). */
export function checkSingle(params: SendParameters): SendProblem[] {
	if (!isOn(params.single) || !isPresent(params.message) || isBinary(params)) return [];
	let longest = 0;
	for (const measured of new RecipientTexts(params, isOn(params.normalize)).measure()) {
		longest = Math.max(longest, measured.characters);
	}
	if (longest <= SINGLE_MAX_CHARACTERS) return [];
	return [
		{
			parameter: 'single',
			message: `Single is on and the message is ${longest} characters, more than ${SINGLE_MAX_CHARACTERS}: shorten it or turn Single off.`,
			serviceError: 12,
		},
	];
}

/** Special characters of the text that is sent (after normalize when it is on). */
function sentSpecialCharacters(params: SendParameters): string[] {
	const message = messageText(params);
	return findSpecialCharacters(isOn(params.normalize) ? normalizeText(message) : message);
}

/** With `nounicode`, no special characters; they are listed. */
export function checkNoUnicode(params: SendParameters): SendProblem[] {
	if (!isOn(params.nounicode) || !isPresent(params.message) || isBinary(params)) return [];
	const special = sentSpecialCharacters(params);
	if (special.length === 0) return [];
	return [
		{
			parameter: 'nounicode',
			message: `No Unicode is on but the message contains special characters: ${listCharacters(special)}. Remove or replace them${isOn(params.normalize) ? '' : ' (Normalize replaces accented letters)'}, or turn No Unicode off.`,
			serviceError: 11,
		},
	];
}

/** Flash messages cannot carry special characters (service error 17). */
export function checkFlash(params: SendParameters): SendProblem[] {
	if (!isOn(params.flash) || !isPresent(params.message) || isBinary(params)) return [];
	const special = sentSpecialCharacters(params);
	if (special.length === 0) return [];
	return [
		{
			parameter: 'flash',
			message: `A flash message cannot contain special characters, and this one contains: ${listCharacters(special)}. Remove or replace them, or turn Flash off.`,
			serviceError: 17,
		},
	];
}

function describeDuration(ms: number): string {
	const minutes = Math.round(ms / 60000);
	if (Math.abs(minutes) < 120) return `${minutes} minutes`;
	return `${Math.round((minutes / 60) * 10) / 10} hours`;
}

/**
 * `date` and `expiration_date` are dates; the expiration is 15 minutes to 72 hours after the
 * send time (`date`, or now when it is absent or past), both ends included.
 *
 * Decision: the service's ±5 minute tolerance is not used to widen the window. A client that
 * relied on it could be refused by the service for a few seconds of clock difference; keeping
 * to the documented window never is.
 */
export function checkDates(params: SendParameters, options: ValidationOptions = {}): SendProblem[] {
	const problems: SendProblem[] = [];
	const now = toDate(options.now ?? new Date()) ?? new Date();
	let sendTime = now;
	if (isPresent(params.date)) {
		const date = toDate(params.date);
		if (!date) {
			problems.push({
				parameter: 'date',
				message: `The send date "${String(params.date)}" is not a date: use ISO 8601 (2025-01-31T09:00:00+01:00) or UNIX seconds.`,
				serviceError: 54,
			});
		} else if (date.getTime() > now.getTime()) sendTime = date;
	}
	if (!isPresent(params.expiration_date)) return problems;
	const expiration = toDate(params.expiration_date);
	if (!expiration) {
		problems.push({
			parameter: 'expiration_date',
			message: `The expiration date "${String(params.expiration_date)}" is not a date: use ISO 8601 or UNIX seconds.`,
		});
		return problems;
	}
	const after = expiration.getTime() - sendTime.getTime();
	const min = EXPIRATION_MIN_MINUTES * 60000;
	const max = EXPIRATION_MAX_HOURS * 3600000;
	const base = isPresent(params.date) && sendTime !== now ? 'the send date' : 'now';
	if (after < min || after > max) {
		const position = after < 0 ? `${describeDuration(-after)} before ${base}` : `${describeDuration(after)} after ${base}`;
		problems.push({
			parameter: 'expiration_date',
			message: `The expiration date is ${position}; it must be ${EXPIRATION_MIN_MINUTES} minutes to ${EXPIRATION_MAX_HOURS} hours after the send time (1 to 12 hours recommended). Set it ${after < min ? 'later' : 'earlier'}.`,
			serviceError: 56,
		});
	}
	return problems;
}

/**
 * `param1..4` and `idx` give one value per recipient; no value contains `|` (the separator);
 * idx values are at most 255 characters; param1..4 are not used with a group.
 */
export function checkPerRecipientValues(params: SendParameters): SendProblem[] {
	const problems: SendProblem[] = [];
	const recipients = recipientList(params.to).length;
	const toGroup = isPresent(params.group);
	for (const key of PER_RECIPIENT_KEYS) {
		const raw = params[key];
		const values = perRecipientValues(raw);
		if (values === undefined) continue;
		const label = key === 'idx' ? 'idx' : key;
		if (toGroup && key !== 'idx') {
			problems.push({
				parameter: key,
				message: `${label} cannot be used with a group send: use [%contact.field%] placeholders, or send to numbers.`,
				serviceError: 93,
			});
			continue;
		}
		if (Array.isArray(raw)) {
			const withPipe = values.map((v, i) => (v.includes('|') ? i + 1 : 0)).filter((i) => i > 0);
			if (withPipe.length > 0) {
				problems.push({
					parameter: key,
					message: `${label} value${withPipe.length > 1 ? 's' : ''} for recipient${withPipe.length > 1 ? 's' : ''} ${listSome(withPipe.map(String))} contain${withPipe.length > 1 ? '' : 's'} "|", which separates the values of different recipients: remove it.`,
					serviceError: 76,
				});
			}
		}
		if (!toGroup && values.length !== recipients) {
			problems.push({
				parameter: key,
				message: `${label} has ${values.length} value${values.length === 1 ? '' : 's'} for ${recipients} recipient${recipients === 1 ? '' : 's'}: give exactly one value per recipient, in recipient order, separated by "|".`,
				serviceError: key === 'idx' ? 20 : 18,
			});
		}
		if (key === 'idx') {
			const tooLong = values.map((v, i) => (v.length > MAX_IDX_LENGTH ? i + 1 : 0)).filter((i) => i > 0);
			if (tooLong.length > 0) {
				problems.push({
					parameter: 'idx',
					message: `idx for recipient${tooLong.length > 1 ? 's' : ''} ${listSome(tooLong.map(String))} is longer than ${MAX_IDX_LENGTH} characters: shorten it.`,
					serviceError: 27,
				});
			}
		}
	}
	return problems;
}

/** At most 100 recipients of personalised (param1..4) or short-link messages per request. */
export function checkRequestLimits(params: SendParameters): SendProblem[] {
	const recipients = recipientList(params.to).length;
	const problems: SendProblem[] = [];
	const personalised = PARAM_KEYS.some((key) => perRecipientValues(params[key]) !== undefined);
	if (personalised && recipients > MAX_PERSONALISED_PER_REQUEST) {
		problems.push({
			parameter: 'to',
			message: `${recipients} personalised messages (param1..4) in one request, more than ${MAX_PERSONALISED_PER_REQUEST}: send them in requests of at most ${MAX_PERSONALISED_PER_REQUEST} recipients.`,
			serviceError: 19,
		});
	}
	if (SHORT_LINK.test(messageText(params)) && recipients > MAX_SHORT_LINK_RECIPIENTS) {
		problems.push({
			parameter: 'to',
			message: `${recipients} recipients of a message with a short link ([%goto:...%]) in one request, more than ${MAX_SHORT_LINK_RECIPIENTS}: send them in requests of at most ${MAX_SHORT_LINK_RECIPIENTS} recipients.`,
			serviceError: 19,
		});
	}
	return problems;
}

/** Binary messages (`datacoding=bin`): hex message and a hex `udh`; never with `normalize`. */
export function checkBinary(params: SendParameters): SendProblem[] {
	const problems: SendProblem[] = [];
	if (!isPresent(params.datacoding)) return problems;
	if (isOn(params.normalize)) {
		problems.push({
			parameter: 'normalize',
			message: 'Normalize cannot be combined with Data Coding: turn one of them off.',
			serviceError: 25,
		});
	}
	const datacoding = String(params.datacoding).trim();
	if (datacoding !== 'bin') {
		problems.push({ parameter: 'datacoding', message: `Data Coding "${datacoding}" is unknown: the only value is "bin".` });
		return problems;
	}
	if (!isPresent(params.udh)) {
		problems.push({
			parameter: 'udh',
			message: 'A binary message (Data Coding "bin") needs a UDH header: enter it as hexadecimal.',
			serviceError: 30,
		});
	} else if (!HEX.test(String(params.udh).trim())) {
		problems.push({
			parameter: 'udh',
			message: 'UDH must be hexadecimal (pairs of 0-9 and A-F, for example 0B0504158200000003AA0301).',
			serviceError: 30,
		});
	}
	if (isPresent(params.message) && !HEX.test(String(params.message).trim())) {
		problems.push({
			parameter: 'message',
			message: 'With Data Coding "bin" the message must be hexadecimal (pairs of 0-9 and A-F): encode the binary content as hex.',
		});
	}
	return problems;
}

/** `time_restriction` is follow, ignore or nearest_available. */
export function checkTimeRestriction(params: SendParameters): SendProblem[] {
	if (!isPresent(params.time_restriction) || TIME_RESTRICTIONS.includes(String(params.time_restriction))) return [];
	return [
		{
			parameter: 'time_restriction',
			message: `Time restriction "${String(params.time_restriction)}" is unknown: use follow, ignore or nearest_available.`,
			serviceError: 28,
		},
	];
}

/**
 * Every check in turn. Returns the problems found, or null when the request may be sent.
 */
export function validateSendParameters(
	params: SendParameters,
	options: ValidationOptions = {},
): SendProblem[] | null {
	const problems = [
		...checkRequired(params),
		...checkNumbers(params),
		...checkMaxPartsValue(params),
		...checkParts(params),
		...checkSingle(params),
		...checkNoUnicode(params),
		...checkFlash(params),
		...checkDates(params, options),
		...checkPerRecipientValues(params),
		...(options.checkRequestLimits === false ? [] : checkRequestLimits(params)),
		...checkBinary(params),
		...checkTimeRestriction(params),
	];
	return problems.length > 0 ? problems : null;
}

/** The problems as one message for an error: one line each. */
export function formatProblems(problems: readonly SendProblem[]): string {
	return problems.map((problem) => problem.message).join('\n');
}
