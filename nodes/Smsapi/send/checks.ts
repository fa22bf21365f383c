/**
 * Checks of a send request before anything is sent. Each check returns problems that say
 * what to change; nothing here throws, so the caller decides how to report them. The checks of
 * the text (parts, characters, binary) are in textChecks.ts.
 */
import { validateNumber } from '../helpers/numbers';
import { MAX_PARTS } from '../helpers/segments';
import { toDate } from '../helpers/serviceDates';
import type { DateLike } from './parameters';
import { type SendProblem, listSome } from './problems';
import {
	EXPIRATION_MAX_HOURS,
	EXPIRATION_MIN_MINUTES,
	MAX_IDX_LENGTH,
	MAX_PERSONALISED_PER_REQUEST,
	MAX_SHORT_LINK_RECIPIENTS,
	PARAM_KEYS,
	PER_RECIPIENT_KEYS,
	SHORT_LINK_MACRO,
	type SendRequest,
} from './request';
import { checkBinary, checkText } from './textChecks';

const TIME_RESTRICTIONS = ['follow', 'ignore', 'nearest_available'];

export interface ValidationOptions {
	/** The current time; default now. */
	now?: DateLike;
	/**
	 * Check the per-request recipient limits (100 personalised or short-link recipients).
	 * Turn off when the request will go through the RequestPlanner (batching.ts), which keeps to them.
	 * Default true.
	 */
	checkRequestLimits?: boolean;
	/**
	 * The recipients were split, cleaned and checked when they were read (`recipientNumbers`
	 * refuses every bad number itself): they are not checked again. Default false.
	 */
	numbersChecked?: boolean;
}

/** `to` or `group`, `message` or `template`: one of each. */
function checkRequired(request: SendRequest): SendProblem[] {
	const problems: SendProblem[] = [];
	const hasTo = request.to.length > 0;
	const hasGroup = request.group !== undefined;
	if (!hasTo && !hasGroup) {
		problems.push({
			parameter: 'to',
			message: 'No recipient: enter at least one phone number in To, or a group.',
		});
	} else if (hasTo && hasGroup) {
		problems.push({
			parameter: 'group',
			message: 'Both To and Group are set: send either to numbers or to a group.',
		});
	}
	if (request.message === undefined && !request.texts.has('template')) {
		problems.push({
			parameter: 'message',
			message: 'No message: enter the text, or choose a template.',
		});
	}
	return problems;
}

/** Every number in `to` must be digits with the country prefix, 7 to 15 of them. */
function checkNumbers(request: SendRequest): SendProblem[] {
	const invalid = request.to.map((n) => validateNumber(n)).filter((checked) => !checked.ok);
	if (invalid.length === 0) return [];
	const reasons = invalid.slice(0, 5).map((checked) => (checked.ok ? '' : checked.reason));
	const more = invalid.length > 5 ? ` (and ${invalid.length - 5} more invalid numbers)` : '';
	return [{ parameter: 'to', message: `${reasons.join(' ')}${more}`, serviceError: 13 }];
}

/** `max_parts` is a whole number from 1 to 10 (the published API's `SmsParts`). */
function checkMaxPartsValue(request: SendRequest): SendProblem[] {
	if (!request.maxParts) return [];
	const { value, text } = request.maxParts;
	if (Number.isInteger(value) && value >= 1 && value <= MAX_PARTS) return [];
	return [
		{
			parameter: 'max_parts',
			message: `Max parts is ${text}: use a whole number from 1 to ${MAX_PARTS}.`,
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
export function checkDates(request: SendRequest, options: ValidationOptions = {}): SendProblem[] {
	const problems: SendProblem[] = [];
	const now = toDate(options.now ?? new Date()) ?? new Date();
	let sendTime = now;
	const { date: given, expiration_date: expirationGiven } = request.dates;
	if (given) {
		const date = given.at;
		if (!date) {
			problems.push({
				parameter: 'date',
				message: `The send date "${given.text}" is not a date: use ISO 8601 (2025-01-31T09:00:00+01:00) or UNIX seconds.`,
				serviceError: 54,
			});
		} else if (date.getTime() > now.getTime()) sendTime = date;
	}
	if (!expirationGiven) return problems;
	const expiration = expirationGiven.at;
	if (!expiration) {
		problems.push({
			parameter: 'expiration_date',
			message: `The expiration date "${expirationGiven.text}" is not a date: use ISO 8601 or UNIX seconds.`,
		});
		return problems;
	}
	const after = expiration.getTime() - sendTime.getTime();
	const min = EXPIRATION_MIN_MINUTES * 60000;
	const max = EXPIRATION_MAX_HOURS * 3600000;
	const base = given && sendTime !== now ? 'the send date' : 'now';
	if (after < min || after > max) {
		const position =
			after < 0
				? `${describeDuration(-after)} before ${base}`
				: `${describeDuration(after)} after ${base}`;
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
export function checkPerRecipientValues(request: SendRequest): SendProblem[] {
	const problems: SendProblem[] = [];
	const recipients = request.to.length;
	const toGroup = request.group !== undefined;
	for (const key of PER_RECIPIENT_KEYS) {
		const values = request.perRecipient[key];
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
		// Only values given as a list can hold "|": a text is split on it.
		const withPipe = values.map((v, i) => (v.includes('|') ? i + 1 : 0)).filter((i) => i > 0);
		if (withPipe.length > 0) {
			problems.push({
				parameter: key,
				message: `${label} value${withPipe.length > 1 ? 's' : ''} for recipient${withPipe.length > 1 ? 's' : ''} ${listSome(withPipe.map(String))} contain${withPipe.length > 1 ? '' : 's'} "|", which separates the values of different recipients: remove it.`,
				serviceError: 76,
			});
		}
		if (!toGroup && values.length !== recipients) {
			problems.push({
				parameter: key,
				message: `${label} has ${values.length} value${values.length === 1 ? '' : 's'} for ${recipients} recipient${recipients === 1 ? '' : 's'}: give exactly one value per recipient, in recipient order, separated by "|".`,
				serviceError: key === 'idx' ? 20 : 18,
			});
		}
		if (key === 'idx') {
			// An empty idx leaves that recipient without the reference the others have, and outside
			// check_idx's protection: a repeat of the request (failover, Retry On Fail) could send
			// that one message twice while the rest are refused.
			const numbers = request.to;
			const empty = values.map((v, i) => (v.trim() === '' ? i + 1 : 0)).filter((i) => i > 0);
			if (empty.length > 0) {
				const named = empty.map((position) =>
					numbers[position - 1] === undefined
						? String(position)
						: `${position} (${numbers[position - 1]})`,
				);
				problems.push({
					parameter: 'idx',
					message: `idx for recipient${empty.length > 1 ? 's' : ''} ${listSome(named)} ${empty.length > 1 ? 'are' : 'is'} empty: give every recipient its own idx (separated by "|"), or leave Idx empty and the node generates one per message.`,
				});
			}
			const tooLong = values
				.map((v, i) => (v.length > MAX_IDX_LENGTH ? i + 1 : 0))
				.filter((i) => i > 0);
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
function checkRequestLimits(request: SendRequest): SendProblem[] {
	const recipients = request.to.length;
	const problems: SendProblem[] = [];
	const personalised = PARAM_KEYS.some((key) => request.perRecipient[key] !== undefined);
	if (personalised && recipients > MAX_PERSONALISED_PER_REQUEST) {
		problems.push({
			parameter: 'to',
			message: `${recipients} personalised messages (param1..4) in one request, more than ${MAX_PERSONALISED_PER_REQUEST}: send them in requests of at most ${MAX_PERSONALISED_PER_REQUEST} recipients.`,
			serviceError: 19,
		});
	}
	if (SHORT_LINK_MACRO.test(request.message ?? '') && recipients > MAX_SHORT_LINK_RECIPIENTS) {
		problems.push({
			parameter: 'to',
			message: `${recipients} recipients of a message with a short link ([%goto:...%]) in one request, more than ${MAX_SHORT_LINK_RECIPIENTS}: send them in requests of at most ${MAX_SHORT_LINK_RECIPIENTS} recipients.`,
			serviceError: 19,
		});
	}
	return problems;
}

/** `time_restriction` is follow, ignore or nearest_available. */
function checkTimeRestriction(request: SendRequest): SendProblem[] {
	const restriction = request.texts.get('time_restriction');
	if (restriction === undefined || TIME_RESTRICTIONS.includes(restriction)) return [];
	return [
		{
			parameter: 'time_restriction',
			message: `Time restriction "${restriction}" is unknown: use follow, ignore or nearest_available.`,
			serviceError: 28,
		},
	];
}

/**
 * The checks whose answer depends on the message: what a run whose Options are the same for every
 * item (and hold no per-recipient values) checks per item once one item passed every check.
 */
export function checkMessage(request: SendRequest): SendProblem[] | null {
	const problems = [...checkRequired(request), ...checkText(request), ...checkBinary(request)];
	return problems.length > 0 ? problems : null;
}

/** Every check of a parsed request in turn: the problems found, or null when it may be sent. */
export function checkRequest(
	request: SendRequest,
	options: ValidationOptions = {},
): SendProblem[] | null {
	const problems = [
		...checkRequired(request),
		...(options.numbersChecked === true ? [] : checkNumbers(request)),
		...checkMaxPartsValue(request),
		...checkText(request),
		...checkDates(request, options),
		...checkPerRecipientValues(request),
		...(options.checkRequestLimits === false ? [] : checkRequestLimits(request)),
		...checkBinary(request),
		...checkTimeRestriction(request),
	];
	return problems.length > 0 ? problems : null;
}
