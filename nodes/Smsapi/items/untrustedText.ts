import type { IExecuteFunctions } from 'n8n-workflow';

import {
	type TextPiece,
	neutralizeAllMacros,
	neutralizeMacros,
	splitTemplate,
} from '../helpers/macros';
import { storedParameter } from './storedParameters';

/** Any fixed text before `{{`: n8n then renders the value as text, the way it does inside a message. */
const AS_TEXT = '#';

/**
 * The value of a text parameter (`message`, `options.param1`, ...) with the service's macros made
 * inert where an expression produced the text: `Hi {{ $json.name }}, [%goto:https://shop.example%]`
 * keeps the typed short link and defuses one in the customer's name. A parameter without an
 * expression is the user's own text and stays as it is. Each `{{ … }}` is evaluated again on its
 * own (by n8n, as text); when the node cannot split the expression the way n8n does, or a
 * segment fails, the whole value counts as untrusted.
 */
export function withInertMacros(
	this: IExecuteFunctions,
	path: string,
	itemIndex: number,
	resolved: string,
): string {
	const raw = storedParameter(this, path);
	if (typeof raw !== 'string' || !raw.startsWith('=')) return resolved;
	const template = splitTemplate(raw.slice(1));
	if (!template) return neutralizeAllMacros(resolved);
	const pieces: TextPiece[] = [];
	try {
		for (const piece of template) {
			if (piece.kind === 'text') {
				pieces.push({ text: piece.text, untrusted: false });
				continue;
			}
			// n8n prefixes the expression with `=` itself (evaluateExpression → resolveSimpleParameterValue).
			const value = this.evaluateExpression(`${AS_TEXT}{{${piece.code}}}`, itemIndex);
			pieces.push({ text: String(value ?? '').slice(AS_TEXT.length), untrusted: true });
		}
	} catch {
		// A segment that fails alone (it worked as part of the whole): treat everything as untrusted.
		return neutralizeAllMacros(resolved);
	}
	return neutralizeMacros(pieces);
}
