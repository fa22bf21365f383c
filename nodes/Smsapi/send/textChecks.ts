/**
 * Checks of a send's text before anything is sent: its parts and length as the service counts
 * them (per recipient, with [%1%]..[%4%] filled in), its special characters with No Unicode and
 * Flash, and binary messages. Each returns problems that say what to change.
 */
import { MAX_PARTS, findSpecialCharacters, normalizeText } from '../helpers/segments';
import type { SendProblem } from './problems';
import { type TextSizes, measureTexts } from './recipientTexts';
import { SINGLE_MAX_CHARACTERS, type SendRequest } from './request';

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function listCharacters(characters: string[]): string {
	return characters
		.map((c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\f' ? '\\f' : c))
		.join(' ');
}

/** `max_parts` when valid, otherwise the service's maximum (10). */
function effectiveMaxParts(request: SendRequest): number {
	const value = request.maxParts?.value ?? NaN;
	return Number.isInteger(value) && value >= 1 && value <= MAX_PARTS ? value : MAX_PARTS;
}

function isBinary(request: SendRequest): boolean {
	return request.texts.has('datacoding');
}

/** The checks of the text apply to a text message (not a template, not binary). */
function textOf(request: SendRequest): string | undefined {
	return isBinary(request) ? undefined : request.message;
}

/**
 * The message (each recipient's version when [%1%]..[%4%] are filled in) fits in `max_parts`
 * parts when Max Parts is set, and in the service's 10 parts otherwise. Without Max Parts the
 * account's own maximum (its SMS settings) applies at the service, which answers error 12 above
 * it; the node does not know that setting, so it does not guess. Other placeholders (short links,
 * codes, contact fields) count as written.
 */
function partsProblems(request: SendRequest, sizes: TextSizes): SendProblem[] {
	const { calculation, index, recipients } = sizes;
	const normalize = request.flags.normalize === true;
	const maxParts = effectiveMaxParts(request);
	const fromOption = maxParts === request.maxParts?.value;
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

/** With `single`, the message may not exceed 160 characters (as the service counts them). */
function singleProblems(request: SendRequest, sizes: TextSizes): SendProblem[] {
	if (request.flags.single !== true || sizes.longest <= SINGLE_MAX_CHARACTERS) return [];
	return [
		{
			parameter: 'single',
			message: `Single is on and the message is ${sizes.longest} characters, more than ${SINGLE_MAX_CHARACTERS}: shorten it or turn Single off.`,
			serviceError: 12,
		},
	];
}

/**
 * The longest message of a send (the recipient whose text needs the most parts), as the service
 * counts it; undefined for a binary send or one without a message (a template).
 */
export function longestMessage(
	request: SendRequest,
): { parts: number; characters: number; encoding: string; recipients: number } | undefined {
	if (textOf(request) === undefined) return undefined;
	const { calculation, recipients } = measureTexts(request, request.flags.normalize === true);
	return {
		parts: calculation.parts,
		characters: calculation.characters,
		encoding: calculation.encoding,
		recipients,
	};
}

/**
 * Special characters of the text that is sent (after normalize when it is on), found once: with
 * No Unicode they are refused (error 11), and a flash message cannot carry them (error 17).
 */
function specialCharacterProblems(request: SendRequest, message: string): SendProblem[] {
	const { nounicode, flash, normalize } = request.flags;
	if (nounicode !== true && flash !== true) return [];
	const found = findSpecialCharacters(normalize ? normalizeText(message) : message);
	if (found.length === 0) return [];
	const special = listCharacters(found);
	const problems: SendProblem[] = [];
	if (nounicode === true) {
		problems.push({
			parameter: 'nounicode',
			message: `No Unicode is on but the message contains special characters: ${special}. Remove or replace them${normalize ? '' : ' (Normalize replaces accented letters)'}, or turn No Unicode off.`,
			serviceError: 11,
		});
	}
	if (flash === true) {
		problems.push({
			parameter: 'flash',
			message: `A flash message cannot contain special characters, and this one contains: ${special}. Remove or replace them, or turn Flash off.`,
			serviceError: 17,
		});
	}
	return problems;
}

/**
 * The text message (not a template, not binary): its size, every recipient's version measured
 * once (parts; with Single, the length), and its special characters.
 */
export function checkText(request: SendRequest): SendProblem[] {
	const message = textOf(request);
	if (message === undefined) return [];
	const sizes = measureTexts(request, request.flags.normalize === true);
	return [
		...partsProblems(request, sizes),
		...singleProblems(request, sizes),
		...specialCharacterProblems(request, message),
	];
}

/** Binary messages (`datacoding=bin`): hex message and a hex `udh`; never with `normalize`. */
export function checkBinary(request: SendRequest): SendProblem[] {
	const problems: SendProblem[] = [];
	const datacoding = request.texts.get('datacoding')?.trim();
	if (datacoding === undefined) return problems;
	if (request.flags.normalize) {
		problems.push({
			parameter: 'normalize',
			message: 'Normalize cannot be combined with Data Coding: turn one of them off.',
			serviceError: 25,
		});
	}
	if (datacoding !== 'bin') {
		problems.push({
			parameter: 'datacoding',
			message: `Data Coding "${datacoding}" is unknown: the only value is "bin".`,
		});
		return problems;
	}
	const udh = request.texts.get('udh');
	if (udh === undefined) {
		problems.push({
			parameter: 'udh',
			message: 'A binary message (Data Coding "bin") needs a UDH header: enter it as hexadecimal.',
			serviceError: 30,
		});
	} else if (!HEX.test(udh.trim())) {
		problems.push({
			parameter: 'udh',
			message:
				'UDH must be hexadecimal (pairs of 0-9 and A-F, for example 0B0504158200000003AA0301).',
			serviceError: 30,
		});
	}
	if (request.message !== undefined && !HEX.test(request.message.trim())) {
		problems.push({
			parameter: 'message',
			message:
				'With Data Coding "bin" the message must be hexadecimal (pairs of 0-9 and A-F): encode the binary content as hex.',
		});
	}
	return problems;
}
