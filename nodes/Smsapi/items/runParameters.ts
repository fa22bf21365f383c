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

/**
 * A node's parameters for the items of one run. A parameter whose stored value holds no
 * expression is the same for every item: it is resolved once (with the first item that asks) and
 * handed to every later item, instead of being resolved again per item. Callers must not change
 * what they get (copy it first). Parameters with an expression are resolved per item, as always.
 */
export class RunParameters {
	private readonly resolved = new Map<string, unknown>();

	private readonly constant = new Map<string, boolean>();

	constructor(private readonly context: IExecuteFunctions) {}

	/** No expression in the parameter: every item of the run gets the same value. */
	isConstant(path: string): boolean {
		let known = this.constant.get(path);
		if (known === undefined) {
			known = !holdsExpression(storedParameter(this.context, path));
			this.constant.set(path, known);
		}
		return known;
	}

	/** `getNodeParameter(path, itemIndex, fallback)`, resolved once per run when it is constant. */
	get<T>(path: string, itemIndex: number, fallback: T): T {
		if (!this.isConstant(path))
			return this.context.getNodeParameter(path, itemIndex, fallback) as T;
		if (!this.resolved.has(path))
			this.resolved.set(path, this.context.getNodeParameter(path, itemIndex, fallback));
		return this.resolved.get(path) as T;
	}
}
