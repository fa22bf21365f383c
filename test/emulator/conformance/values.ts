/**
 * Checks of values against the conformance descriptions' rules: form and query values are text,
 * JSON values keep their JSON type. Used by check.ts for query parameters, bodies and legacy parameters.
 */
import type { FieldRule, Fields, Problem } from './types';

const PATTERNS: Partial<Record<FieldRule['type'], RegExp>> = {
	integer: /^-?\d+$/,
	number: /^-?\d+(\.\d+)?$/,
	boolean: /^(0|1|true|false)$/,
	date: /^\d{4}-\d{2}-\d{2}$/,
	email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
	id: /^[0-9a-fA-F]{24}$/,
	phone: /^\d{8,16}$/,
};

function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
}

/** What is wrong with one text value (form, query, or a JSON string), or undefined. */
function textProblem(value: string, rule: FieldRule): string | undefined {
	if (rule.type === 'object') return 'must be an object';
	if (rule.type === 'url' && !isHttpUrl(value)) return 'must be an http(s) address';
	const pattern = PATTERNS[rule.type];
	if (pattern && !pattern.test(value)) return `must be of type ${rule.type}`;
	if ((rule.type === 'integer' || rule.type === 'number') && pattern) {
		const number = Number(value);
		if (rule.min !== undefined && number < rule.min) return `must be at least ${rule.min}`;
		if (rule.max !== undefined && number > rule.max) return `must be at most ${rule.max}`;
	}
	if (rule.enum && !rule.enum.includes(value)) return `must be one of ${rule.enum.join(', ')}`;
	return undefined;
}

/** What is wrong with a JSON value, or undefined. */
function jsonProblem(value: unknown, rule: FieldRule): string | undefined {
	if (rule.list && Array.isArray(value)) {
		for (const entry of value) {
			const problem = jsonProblem(entry, { ...rule, list: false });
			if (problem) return problem;
		}
		return undefined;
	}
	switch (rule.type) {
		case 'object':
			return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'must be an object';
		case 'boolean':
			return typeof value === 'boolean' || value === 0 || value === 1 ? undefined : 'must be a boolean';
		case 'integer':
		case 'number':
			if (typeof value !== 'number' || (rule.type === 'integer' && !Number.isInteger(value))) return `must be a JSON ${rule.type}`;
			return textProblem(String(value), rule);
		default:
			return typeof value === 'string' ? textProblem(value, rule) : `must be a JSON string (${rule.type})`;
	}
}

function formProblem(value: string, rule: FieldRule): string | undefined {
	if (!rule.list) return textProblem(value, rule);
	for (const entry of value.split(',')) {
		const problem = textProblem(entry.trim(), rule);
		if (problem) return problem;
	}
	return undefined;
}

/** Problems of a set of named values against the fields allowed. */
export function fieldProblems(
	values: Readonly<Record<string, unknown>>,
	fields: Fields,
	options: { json: boolean; additional?: FieldRule; customFields?: ReadonlySet<string>; where: string },
): Problem[] {
	const problems: Problem[] = [];
	for (const [name, value] of Object.entries(values)) {
		const rule = fields[name] ?? (options.customFields?.has(name) ? { type: 'string' as const } : options.additional);
		if (!rule) {
			problems.push({ path: name, error: 'unknown_field', message: `${name} is not a ${options.where} of this operation`, value });
			continue;
		}
		if (value === null && options.json) continue;
		const problem = options.json ? jsonProblem(value, rule) : formProblem(String(value), rule);
		if (problem) problems.push({ path: name, error: 'invalid_value', message: `${name} ${problem}`, value, code: rule.code });
	}
	return problems;
}
