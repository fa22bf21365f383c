'use strict';
// Values written for a reader, in the expression-parity test's failure messages (parity-child.js).

/** Characters a reader cannot see (controls, spaces other than ' ', joiners, lone surrogates). */
const INVISIBLE = /[\u0000-\u001f\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A string in double quotes, with what a reader cannot see written as escapes. */
function quote(text) {
	const escaped = text
		.replace(/["\\]/g, '\\$&')
		.replace(INVISIBLE, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
	return `"${escaped}"`;
}

/** A value as JavaScript-like text that shows undefined, -0, NaN, Dates, holes and lone surrogates. */
function show(value, depth = 0) {
	if (value === undefined) return 'undefined';
	if (value === null) return 'null';
	switch (typeof value) {
		case 'number':
			return Object.is(value, -0) ? '-0' : String(value);
		case 'string':
			return quote(value);
		case 'boolean':
		case 'bigint':
			return String(value);
		case 'function':
			return `[Function ${value.name || 'anonymous'}]`;
		case 'symbol':
			return value.toString();
		default:
	}
	if (depth > 6) return '…';
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'new Date(NaN)' : `new Date(${JSON.stringify(value.toISOString())})`;
	if (Array.isArray(value)) {
		const parts = [];
		for (let i = 0; i < value.length; i++) parts.push(i in value ? show(value[i], depth + 1) : '<hole>');
		return `[${parts.join(', ')}]`;
	}
	const prefix = Object.getPrototypeOf(value) === null ? '[null prototype] ' : Object.getPrototypeOf(value) === Object.prototype ? '' : `[${value.constructor?.name ?? 'object'}] `;
	const parts = Object.keys(value).map((key) => `${quote(key)}: ${show(value[key], depth + 1)}`);
	return `${prefix}{${parts.join(', ')}}`;
}

module.exports = { show, quote };
