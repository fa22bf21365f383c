/**
 * Personalised texts as one template, the mechanics: the template of a Message expression
 * (`Hi {{ $json.name }}, your code is {{ $json.code }}.` → `Hi [%1%], your code is [%2%].`), the
 * cut of an item's final text (exactly as n8n rendered it) into the template's fixed text and the
 * values between, which values a parameter carries as they are, and a send rewritten as the
 * template with its values. The service puts the values in per recipient (`[%1%]`–`[%4%]` with
 * `param1`–`param4`, 100 recipients per request: the spec, sms.do rules 5 and 11;
 * docs/service-differences.md, S9). Which sends go that way, and what happens when the service
 * refuses such a request, is decided in one place: routing.ts.
 *
 * - The cut: the fixed text around the Message's `{{ … }}` (at most five pieces: between two
 *   expressions with little or no text the values join). Any cut whose pieces rejoin to the item's
 *   text byte for byte serves: the recipient receives the template with the values put in, which
 *   is that text.
 * - A value a parameter cannot carry (`carriable`): empty, with the separator `|`, a line break or
 *   another control character, with white space at either end.
 */
import { splitTemplate } from '../helpers/macros';
import type { PlannedSend } from './batching';
import { PARAM_KEYS, forRecipients, setParameter, setRecipientValues } from './request';

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

/** The send as the template with its values, one per recipient (the wire form as it was, but those). */
export function asTemplate<S extends PlannedSend>(
	send: S,
	template: TextTemplate,
	values: string[],
): S {
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
