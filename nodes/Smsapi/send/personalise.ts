/**
 * Personalised texts as one template: items whose Message is an expression (`Hi {{ $json.name }},
 * your code is {{ $json.code }}.`) each have a text of their own, and would each need a request.
 * The service carries what differs per recipient itself: `[%1%]`–`[%4%]` in the message with
 * `param1`–`param4`, one value per recipient, 100 recipients per request (the spec, sms.do rules
 * 5 and 11; docs/service-differences.md, S10). Here each item's final text (exactly as n8n
 * rendered it, checked and measured as it is) is cut into the Message's fixed text and the values
 * between, and sent as that template with those values, where that is safe:
 *
 * - The cut: the fixed text around the Message's `{{ … }}` (at most five pieces: between two
 *   expressions with little or no text the values join). Any cut whose pieces rejoin to the item's
 *   text byte for byte serves: the recipient receives the template with the values put in, which
 *   is that text. A text that does not cut (n8n rewrote the fixed text) is sent as it is.
 * - A value a parameter cannot carry keeps its item's text as it is, in a request of its own
 *   (`carriable`): empty, with the separator `|`, a line break or another control character, with
 *   white space at either end, or a text holding `[%` anywhere (the service expands macros, and
 *   might expand the values one after the other).
 * - Encoding: where the fixed text needs no Unicode, only texts that need none either are sent as
 *   the template, so the service's choice of encoding cannot depend on whether it looks at the
 *   template or at the text. With Normalize on, only values that normalizing leaves as they are
 *   (the published API says it replaces special characters "in message"; values: not said).
 * - Sends with the user's own Param 1–4, a stored template or Details on go as they are.
 * - Only worth it when it saves requests: the template takes 100 recipients a request, identical
 *   texts take 10,000.
 */
import { hasSpecialCharacters, normalizeText } from '../helpers/segments';
import { splitTemplate } from '../helpers/macros';
import type { Pacer } from '../helpers/pacer';
import type { PlannedSend } from './batching';
import {
	MAX_PERSONALISED_PER_REQUEST,
	PARAM_KEYS,
	forRecipients,
	hasParameter,
	setParameter,
	setRecipientValues,
	type SendRequest,
} from './request';

/** The fixed text of a Message around its values: `fixed.length - 1` values, at most four. */
export interface TextTemplate {
	readonly fixed: readonly string[];
	/** The message the service gets: the fixed text with `[%1%]`… between. */
	readonly message: string;
}

const MAX_VALUES = PARAM_KEYS.length;

/**
 * The template of a stored Message (`=Hi {{ $json.name }}!`), or null when it is no expression,
 * has no `{{ … }}`, or cannot be split as n8n splits it. Expressions with no text between them
 * share one value; beyond four values, those with the shortest text between them join.
 */
export function textTemplate(stored: unknown): TextTemplate | null {
	if (typeof stored !== 'string' || !stored.startsWith('=')) return null;
	const pieces = splitTemplate(stored.slice(1));
	if (!pieces || !pieces.some((piece) => piece.kind === 'code')) return null;
	const fixed: string[] = [''];
	for (const piece of pieces) {
		if (piece.kind === 'code') fixed.push('');
		else fixed[fixed.length - 1] += piece.text;
	}
	// Interior pieces with no text tell nothing apart: their values join.
	const kept = [
		fixed[0],
		...fixed.slice(1, -1).filter((text) => text !== ''),
		fixed[fixed.length - 1],
	];
	while (kept.length - 1 > MAX_VALUES) {
		let shortest = 1;
		for (let i = 2; i < kept.length - 1; i++)
			if (kept[i].length < kept[shortest].length) shortest = i;
		kept.splice(shortest, 1);
	}
	return { fixed: kept, message: templateMessage(kept) };
}

function templateMessage(fixed: readonly string[]): string {
	let message = fixed[0];
	for (let i = 1; i < fixed.length; i++) message += `[%${i}%]${fixed[i]}`;
	return message;
}

/**
 * The values of `text` between the template's fixed pieces, or null when the text is not the
 * template filled in. Each fixed piece is taken where it first occurs: when any cut exists, this
 * one does too, and every cut rejoins to the text.
 */
export function cutText(template: TextTemplate, text: string): string[] | null {
	const { fixed } = template;
	const first = fixed[0];
	const last = fixed[fixed.length - 1];
	if (!text.startsWith(first) || !text.endsWith(last)) return null;
	const end = text.length - last.length;
	let position = first.length;
	if (end < position) return null;
	const values: string[] = [];
	for (let i = 1; i < fixed.length - 1; i++) {
		const at = text.indexOf(fixed[i], position);
		if (at === -1 || at + fixed[i].length > end) return null;
		values.push(text.slice(position, at));
		position = at + fixed[i].length;
	}
	values.push(text.slice(position, end));
	return values;
}

/** Characters a value may not hold: the separator, control characters, half a surrogate pair. */
const NOT_CARRIED =
	/[|\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a parameter carries the value exactly (see the file's comment). */
export function carriable(value: string): boolean {
	return value !== '' && !NOT_CARRIED.test(value) && !/^\s|\s$/.test(value);
}

function needsUnicode(text: string, normalize: boolean): boolean {
	return hasSpecialCharacters(normalize ? normalizeText(text) : text);
}

/** The values of one send's text, or null when it is sent as it is. */
function valuesOf(
	template: TextTemplate,
	request: SendRequest,
	fixedNeedsUnicode: (normalize: boolean) => boolean,
): string[] | null {
	const text = request.message;
	if (text === undefined || text.includes('[%')) return null;
	if (request.to.length === 0 || request.to.length > MAX_PERSONALISED_PER_REQUEST) return null;
	if (hasParameter(request, 'template') || PARAM_KEYS.some((key) => hasParameter(request, key)))
		return null;
	// With Details the service describes the first message of a request only (answer.ts).
	if (request.flags.details === true) return null;
	const values = cutText(template, text);
	if (!values || !values.every(carriable)) return null;
	const normalize = request.flags.normalize === true;
	if (!fixedNeedsUnicode(normalize) && needsUnicode(text, normalize)) return null;
	// Whether the service normalizes the values too is not published: only values it leaves alone.
	if (normalize && values.some((value) => normalizeText(value) !== value)) return null;
	return values;
}

/** The send as the template with its values, one per recipient (the wire form as it was, but those). */
function asTemplate<S extends PlannedSend>(send: S, template: TextTemplate, values: string[]): S {
	const request = forRecipients(send.request, send.request.to);
	setParameter(request, 'message', template.message);
	const wire: Record<string, string> = { ...send.wire, message: template.message };
	const recipients = request.to.length;
	values.forEach((value, i) => {
		const perRecipient = recipients === 1 ? [value] : request.to.map(() => value);
		setRecipientValues(request, PARAM_KEYS[i], perRecipient);
		wire[PARAM_KEYS[i]] = perRecipient.join('|');
	});
	return { ...send, request, wire };
}

/**
 * The run's sends with those that can go as the template rewritten (in place, in `sends`), and
 * the sends as they were, by item index, for those rewritten (to be sent as they are should the
 * service refuse a request of the template: executeSends.ts). Nothing is rewritten when the template
 * would not save requests. Its loops give the event loop a turn when due (a run of 100,000).
 */
export async function personaliseSends<S extends PlannedSend>(
	sends: S[],
	template: TextTemplate,
	pacer: Pacer,
): Promise<Map<number, S>> {
	const fixedUnicode = [false, true].map((normalize) => needsUnicode(template.message, normalize));
	const fixedNeedsUnicode = (normalize: boolean) => fixedUnicode[normalize ? 1 : 0];
	const candidates: Array<{ position: number; values: string[] }> = [];
	const texts = new Set<string>();
	let recipients = 0;
	for (let position = 0; position < sends.length; position++) {
		const { request } = sends[position];
		const values = valuesOf(template, request, fixedNeedsUnicode);
		if (values) {
			candidates.push({ position, values });
			texts.add(request.message as string);
			recipients += request.to.length;
		}
		if (pacer.due()) await pacer.pause();
	}
	const originals = new Map<number, S>();
	if (Math.ceil(recipients / MAX_PERSONALISED_PER_REQUEST) >= texts.size) return originals;
	for (const { position, values } of candidates) {
		const send = sends[position];
		originals.set(send.itemIndex, send);
		sends[position] = asTemplate(send, template, values);
		if (pacer.due()) await pacer.pause();
	}
	return originals;
}
