/**
 * Checks of a send's text before anything is sent: its parts and length as the service counts
 * them (per recipient, with [%1%]..[%4%] filled in), its special characters with No Unicode and
 * Flash, and binary messages. Each returns problems that say what to change.
 */
import { MAX_PARTS, findSpecialCharacters, normalizeText } from './segments';
import { RecipientTexts, worstRecipient } from './recipientTexts';
import { SINGLE_MAX_CHARACTERS, isFlagOn, messageText, type SendParameters } from './sendModel';
import type { SendProblem } from './sendValidation';
import { isGiven } from './values';

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function listCharacters(characters: string[]): string {
	return characters
		.map((c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\f' ? '\\f' : c))
		.join(' ');
}

/** `max_parts` when valid, otherwise the service's maximum (10). */
function effectiveMaxParts(params: SendParameters): number {
	const value = Number(params.max_parts);
	return isGiven(params.max_parts) && Number.isInteger(value) && value >= 1 && value <= MAX_PARTS
		? value
		: MAX_PARTS;
}

function isBinary(params: SendParameters): boolean {
	return isGiven(params.datacoding);
}

/**
 * The message (each recipient's version when [%1%]..[%4%] are filled in) fits in `max_parts`
 * parts when Max Parts is set, and in the service's 10 parts otherwise. Without Max Parts the
 * account's own maximum (its SMS settings) applies at the service, which answers error 12 above
 * it; the node does not know that setting, so it does not guess. Other placeholders (short links,
 * codes, contact fields) count as written.
 */
export function checkParts(params: SendParameters): SendProblem[] {
	if (!isGiven(params.message) || isBinary(params)) return [];
	const normalize = isFlagOn(params.normalize);
	const maxParts = effectiveMaxParts(params);
	const fromOption = isGiven(params.max_parts) && maxParts === Number(params.max_parts);
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
	if (!isGiven(params.message) || isBinary(params)) return undefined;
	const { calculation, recipients } = worstRecipient(params, isFlagOn(params.normalize));
	return {
		parts: calculation.parts,
		characters: calculation.characters,
		encoding: calculation.encoding,
		recipients,
	};
}

/** With `single`, the message may not exceed 160 characters (as the service counts them). */
export function checkSingle(params: SendParameters): SendProblem[] {
	if (!isFlagOn(params.single) || !isGiven(params.message) || isBinary(params)) return [];
	let longest = 0;
	for (const measured of new RecipientTexts(params, isFlagOn(params.normalize)).measure()) {
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
	return findSpecialCharacters(isFlagOn(params.normalize) ? normalizeText(message) : message);
}

/** With `nounicode`, no special characters; they are listed. */
export function checkNoUnicode(params: SendParameters): SendProblem[] {
	if (!isFlagOn(params.nounicode) || !isGiven(params.message) || isBinary(params)) return [];
	const special = sentSpecialCharacters(params);
	if (special.length === 0) return [];
	return [
		{
			parameter: 'nounicode',
			message: `No Unicode is on but the message contains special characters: ${listCharacters(special)}. Remove or replace them${isFlagOn(params.normalize) ? '' : ' (Normalize replaces accented letters)'}, or turn No Unicode off.`,
			serviceError: 11,
		},
	];
}

/** Flash messages cannot carry special characters (service error 17). */
export function checkFlash(params: SendParameters): SendProblem[] {
	if (!isFlagOn(params.flash) || !isGiven(params.message) || isBinary(params)) return [];
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

/** Binary messages (`datacoding=bin`): hex message and a hex `udh`; never with `normalize`. */
export function checkBinary(params: SendParameters): SendProblem[] {
	const problems: SendProblem[] = [];
	if (!isGiven(params.datacoding)) return problems;
	if (isFlagOn(params.normalize)) {
		problems.push({
			parameter: 'normalize',
			message: 'Normalize cannot be combined with Data Coding: turn one of them off.',
			serviceError: 25,
		});
	}
	const datacoding = String(params.datacoding).trim();
	if (datacoding !== 'bin') {
		problems.push({
			parameter: 'datacoding',
			message: `Data Coding "${datacoding}" is unknown: the only value is "bin".`,
		});
		return problems;
	}
	if (!isGiven(params.udh)) {
		problems.push({
			parameter: 'udh',
			message: 'A binary message (Data Coding "bin") needs a UDH header: enter it as hexadecimal.',
			serviceError: 30,
		});
	} else if (!HEX.test(String(params.udh).trim())) {
		problems.push({
			parameter: 'udh',
			message:
				'UDH must be hexadecimal (pairs of 0-9 and A-F, for example 0B0504158200000003AA0301).',
			serviceError: 30,
		});
	}
	if (isGiven(params.message) && !HEX.test(String(params.message).trim())) {
		problems.push({
			parameter: 'message',
			message:
				'With Data Coding "bin" the message must be hexadecimal (pairs of 0-9 and A-F): encode the binary content as hex.',
		});
	}
	return problems;
}
