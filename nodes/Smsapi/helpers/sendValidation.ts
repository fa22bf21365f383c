/**
 * Checks of a send request before anything is sent. Each check returns problems that say
 * what to change; nothing here throws, so the caller decides how to report them.
 */
import { MAX_PARTS } from './segments';
import { checkBinary, checkFlash, checkNoUnicode, checkParts, checkSingle } from './sendTextChecks';
import { validateNumber } from './numbers';
import {
	EXPIRATION_MAX_HOURS,
	EXPIRATION_MIN_MINUTES,
	MAX_IDX_LENGTH,
	MAX_PERSONALISED_PER_REQUEST,
	MAX_SHORT_LINK_RECIPIENTS,
	PARAM_KEYS,
	PER_RECIPIENT_KEYS,
	SHORT_LINK_MACRO,
	messageText,
	type DateLike,
	type SendParameters,
} from './sendModel';
import { toDate } from './serviceDates';
import { perRecipientValues, recipientList } from './sendWire';
import { isGiven } from './values';

const TIME_RESTRICTIONS = ['follow', 'ignore', 'nearest_available'];

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

function listSome(values: string[], max = 10): string {
	const shown = values.slice(0, max).join(', ');
	return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

/** `to` or `group`, `message` or `template`: one of each. */
export function checkRequired(params: SendParameters): SendProblem[] {
	const problems: SendProblem[] = [];
	const hasTo = recipientList(params.to).length > 0;
	const hasGroup = isGiven(params.group);
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
	if (!isGiven(params.message) && !isGiven(params.template)) {
		problems.push({
			parameter: 'message',
			message: 'No message: enter the text, or choose a template.',
		});
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
	if (!isGiven(params.max_parts)) return [];
	const value = Number(params.max_parts);
	if (Number.isInteger(value) && value >= 1 && value <= MAX_PARTS) return [];
	return [
		{
			parameter: 'max_parts',
			message: `Max parts is ${String(params.max_parts)}: use a whole number from 1 to ${MAX_PARTS}.`,
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
	if (isGiven(params.date)) {
		const date = toDate(params.date);
		if (!date) {
			problems.push({
				parameter: 'date',
				message: `The send date "${String(params.date)}" is not a date: use ISO 8601 (2025-01-31T09:00:00+01:00) or UNIX seconds.`,
				serviceError: 54,
			});
		} else if (date.getTime() > now.getTime()) sendTime = date;
	}
	if (!isGiven(params.expiration_date)) return problems;
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
	const base = isGiven(params.date) && sendTime !== now ? 'the send date' : 'now';
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
export function checkPerRecipientValues(params: SendParameters): SendProblem[] {
	const problems: SendProblem[] = [];
	const recipients = recipientList(params.to).length;
	const toGroup = isGiven(params.group);
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
			// An empty idx leaves that recipient without the reference the others have, and outside
			// check_idx's protection: a repeat of the request (failover, Retry On Fail) could send
			// that one message twice while the rest are refused.
			const numbers = recipientList(params.to);
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
	if (SHORT_LINK_MACRO.test(messageText(params)) && recipients > MAX_SHORT_LINK_RECIPIENTS) {
		problems.push({
			parameter: 'to',
			message: `${recipients} recipients of a message with a short link ([%goto:...%]) in one request, more than ${MAX_SHORT_LINK_RECIPIENTS}: send them in requests of at most ${MAX_SHORT_LINK_RECIPIENTS} recipients.`,
			serviceError: 19,
		});
	}
	return problems;
}

/** `time_restriction` is follow, ignore or nearest_available. */
export function checkTimeRestriction(params: SendParameters): SendProblem[] {
	if (
		!isGiven(params.time_restriction) ||
		TIME_RESTRICTIONS.includes(String(params.time_restriction))
	)
		return [];
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
