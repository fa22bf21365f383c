import type { IExecuteFunctions } from 'n8n-workflow';

/** The stored value of a parameter (`options.from`: a value inside a collection), unresolved. */
export function storedParameter(context: IExecuteFunctions, path: string): unknown {
	let value: unknown = context.getNode().parameters;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

/** Whether a parameter's stored value holds an expression anywhere (a text starting with `=`). */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object')
		return Object.values(value).some(holdsExpression);
	return false;
}
