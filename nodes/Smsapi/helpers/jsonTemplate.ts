/**
 * The fast path for per-item parameters: an n8n expression whose every `{{ … }}` is a plain read
 * of the current item (`$json.to`, `$json["first name"]`, `$json.address.city`, `$json.list[0]`)
 * is rendered here from the item, in microseconds, instead of by n8n's expression engine (which
 * on n8n 2.x also takes an isolate per evaluation). Anything else stays n8n's: `compileJsonTemplate`
 * gives null for an expression it does not take, and `renderJsonTemplate` gives undefined for an
 * item whose values it does not render exactly as n8n does (any object, array or Date reached, a
 * read through something that is not the item's own plain data); the caller then asks n8n.
 *
 * What n8n does, on both lines (n8n-workflow's Expression and @n8n/tournament): the text after `=`
 * is split at `{{` / `}}`; one `{{ … }}` alone is the value itself (a number stays a number); any
 * other mix is `[text, value, text, …].join('')` of each value as `v || v === 0 || v === false ? v : ''`
 * (@n8n/tournament's function body), so null, undefined, NaN and '' give nothing and the rest
 * String(). An expression that matches `/\.\s*constructor/` anywhere is refused by n8n, a key
 * n8n's sanitizer refuses fails there, `.$` is refused by its dollar-sign check, and a key named
 * like a member of Object.prototype reads that member on n8n 2.x (its isolate) even where the
 * item has its own: all of these are left to n8n. The parity of this
 * file with n8n's own evaluation is tested on generated items against both lines
 * (test/e2e/expression-parity.test.ts).
 */
import { type TextPiece, splitTemplate } from './macros';

/** A read of the item: the keys after `$json`, in order. */
type JsonPath = readonly string[];

type Piece = { text: string } | { path: JsonPath };

export interface JsonTemplate {
	/** One `{{ … }}` and nothing else: the value as it is, not as text. */
	readonly whole: boolean;
	readonly pieces: readonly Piece[];
}

/** Names n8n's expression sandbox refuses as keys (n8n-workflow's `unsafeObjectProperties`), and more. */
const REFUSED_KEYS = new Set([
	'__proto__',
	'prototype',
	'constructor',
	'getPrototypeOf',
	'setPrototypeOf',
	'getOwnPropertyDescriptor',
	'getOwnPropertyDescriptors',
	'defineProperty',
	'defineProperties',
	'mainModule',
	'binding',
	'_linkedBinding',
	'_load',
	'prepareStackTrace',
	'__lookupGetter__',
	'__lookupSetter__',
	'__defineGetter__',
	'__defineSetter__',
	'caller',
	'callee',
	'arguments',
	'getBuiltinModule',
	'dlopen',
	'execve',
	'loadEnvFile',
	// n8n 2.x's isolate reads these from Object.prototype even where the item has its own key.
	...Object.getOwnPropertyNames(Object.prototype),
]);

/** n8n refuses a whole expression that matches this (n8n-workflow's Expression). */
const CONSTRUCTOR_CALL = /\.\s*constructor/m;

/** `.name`, `["key"]`, `['key']` or `[0]`, one at a time, after `$json`. */
const ACCESSOR =
	/^(?:\.([A-Za-z_$][\w$]*)|\[\s*"([^"\\\n\r\u2028\u2029]*)"\s*\]|\[\s*'([^'\\\n\r\u2028\u2029]*)'\s*\]|\[\s*(0|[1-9]\d{0,8})\s*\])/;

/** The keys of a `{{ … }}` that is a plain read of `$json` with at least one key; else null. */
function parseJsonPath(code: string): JsonPath | null {
	const trimmed = code.trim();
	if (!trimmed.startsWith('$json')) return null;
	let rest = trimmed.slice('$json'.length);
	const keys: string[] = [];
	while (rest !== '') {
		const match = ACCESSOR.exec(rest);
		if (!match) return null;
		const key = match[1] ?? match[2] ?? match[3] ?? match[4];
		if (REFUSED_KEYS.has(key)) return null;
		// n8n's DollarSignValidator refuses `.$` but as a call; `["$"]` is a plain read.
		if (match[1] === '$') return null;
		keys.push(key);
		rest = rest.slice(match[0].length);
	}
	return keys.length > 0 ? keys : null;
}

/**
 * The stored value of a parameter (`=Hi {{ $json.name }}`) as a template the fast path renders,
 * or null when it is not an expression or not one the fast path takes.
 */
export function compileJsonTemplate(stored: unknown): JsonTemplate | null {
	if (typeof stored !== 'string' || !stored.startsWith('=')) return null;
	const expression = stored.slice(1);
	if (!expression.includes('{{') || CONSTRUCTOR_CALL.test(expression)) return null;
	const split = splitTemplate(expression);
	if (!split) return null;
	const pieces: Piece[] = [];
	for (const piece of split) {
		if (piece.kind === 'text') {
			// n8n rewrites backslashes in text; such text stays n8n's to render.
			if (piece.text.includes('\\')) return null;
			pieces.push({ text: piece.text });
			continue;
		}
		const path = parseJsonPath(piece.code);
		if (!path) return null;
		pieces.push({ path });
	}
	return { whole: pieces.length === 1 && 'path' in pieces[0], pieces };
}

/** Marks a value the fast path does not render (n8n does). */
const NOT_RENDERED = Symbol('not rendered');

function isPlainObject(value: object): boolean {
	const prototype = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === null;
}

/** The value at `path` in the item, when it is a primitive reached through own plain data. */
function read(json: unknown, path: JsonPath): unknown {
	let value = json;
	for (let i = 0; i < path.length; i++) {
		const key = path[i];
		if (value === null || typeof value !== 'object') return NOT_RENDERED;
		if (Array.isArray(value)) {
			if (!/^(?:0|[1-9]\d*)$/.test(key) || !Object.prototype.hasOwnProperty.call(value, key))
				return NOT_RENDERED;
		} else if (!isPlainObject(value)) {
			return NOT_RENDERED;
		} else if (!Object.prototype.hasOwnProperty.call(value, key)) {
			// A missing key at the end reads as undefined, as in n8n; before the end n8n fails.
			return i === path.length - 1 ? undefined : NOT_RENDERED;
		}
		const descriptor = Object.getOwnPropertyDescriptor(value, key);
		if (!descriptor || !('value' in descriptor)) return NOT_RENDERED;
		value = descriptor.value;
	}
	switch (typeof value) {
		case 'string':
		case 'number':
		case 'boolean':
		case 'undefined':
			return value;
		default:
			return value === null ? null : NOT_RENDERED;
	}
}

/** A value as n8n writes it into text: `v || v === 0 || v === false ? v : ''`, joined. */
function asText(value: unknown): string {
	return value || value === 0 || value === false ? String(value) : '';
}

/**
 * The template rendered for one item, as pieces: fixed text trusted, values from the item
 * untrusted (for macro neutralising). Undefined when the item needs n8n's evaluation.
 */
export function renderJsonPieces(template: JsonTemplate, json: unknown): TextPiece[] | undefined {
	const pieces: TextPiece[] = [];
	for (const piece of template.pieces) {
		if ('text' in piece) {
			pieces.push({ text: piece.text, untrusted: false });
			continue;
		}
		const value = read(json, piece.path);
		if (value === NOT_RENDERED) return undefined;
		pieces.push({ text: asText(value), untrusted: true });
	}
	return pieces;
}

/**
 * The template rendered for one item, as n8n's `getNodeParameter` gives it: the value itself for
 * one `{{ … }}` alone, else the joined text. Undefined (`rendered: false`) when the item needs
 * n8n's evaluation.
 */
export function renderJsonTemplate(
	template: JsonTemplate,
	json: unknown,
): { rendered: true; value: unknown } | { rendered: false } {
	if (template.whole) {
		const value = read(json, (template.pieces[0] as { path: JsonPath }).path);
		return value === NOT_RENDERED ? { rendered: false } : { rendered: true, value };
	}
	const pieces = renderJsonPieces(template, json);
	if (!pieces) return { rendered: false };
	let text = '';
	for (const piece of pieces) text += piece.text;
	return { rendered: true, value: text };
}
