/**
 * Service macros in text that came from outside. SMSAPI expands `[%…%]` in a message: a short
 * link under the account's sender name (`[%goto:https://…%]`), a discount code (`[%code%]`), a
 * parameter (`[%1%]`), a contact field, an opt-out link. Text a customer typed into a form must
 * not be able to do that: its macros are made inert by a space inside the brackets
 * (`[%goto:x%]` → `[ %goto:x% ]`), which keeps the text readable and in the GSM-7 alphabet.
 */

/** A piece of an n8n expression: fixed text, or the code of a `{{ … }}` segment. */
type TemplatePiece = { kind: 'text'; text: string } | { kind: 'code'; code: string };

/** A piece of the final text and whether it came from outside (an expression's value). */
export interface TextPiece {
	text: string;
	untrusted: boolean;
}

/**
 * An n8n expression (the part after its leading `=`) split into fixed text and `{{ … }}` code,
 * where n8n-workflow's own `splitExpression` splits it. Null when the node cannot reproduce n8n's
 * reading for sure: an unclosed `{{`, or escaped brackets (`\{{`, `\}}`).
 */
export function splitTemplate(expression: string): TemplatePiece[] | null {
	if (expression.includes('\\{{') || expression.includes('\\}}')) return null;
	const pieces: TemplatePiece[] = [];
	let position = 0;
	while (position < expression.length) {
		const open = expression.indexOf('{{', position);
		if (open === -1) {
			pieces.push({ kind: 'text', text: expression.slice(position) });
			break;
		}
		const close = expression.indexOf('}}', open + 2);
		if (close === -1) return null;
		if (open > position) pieces.push({ kind: 'text', text: expression.slice(position, open) });
		pieces.push({ kind: 'code', code: expression.slice(open + 2, close) });
		position = close + 2;
	}
	return pieces;
}

/**
 * The pieces joined, with every `[%` and `%]` that involves a character of an untrusted piece
 * broken by a space; macros wholly inside the trusted text keep working, also around an
 * untrusted value (`[%goto:https://shop.example/o/{{ $json.id }}%]`). Linear in the text.
 */
export function neutralizeMacros(pieces: readonly TextPiece[]): string {
	let out = '';
	let previous = '';
	let previousUntrusted = false;
	for (const piece of pieces) {
		for (let i = 0; i < piece.text.length; i++) {
			const char = piece.text[i];
			const opens = previous === '[' && char === '%';
			const closes = previous === '%' && char === ']';
			if ((opens || closes) && (piece.untrusted || previousUntrusted)) out += ' ';
			out += char;
			previous = char;
			previousUntrusted = piece.untrusted;
		}
	}
	return out;
}

/** `text` with all its macros made inert (a value that is untrusted as a whole). */
export function neutralizeAllMacros(text: string): string {
	return neutralizeMacros([{ text, untrusted: true }]);
}
