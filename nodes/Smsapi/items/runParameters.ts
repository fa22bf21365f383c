import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	type JsonTemplate,
	compileJsonTemplate,
	renderJsonPieces,
	renderJsonTemplate,
} from '../helpers/jsonTemplate';
import { neutralizeMacros } from '../helpers/macros';
import { holdsExpression, storedParameter } from './storedParameters';
import { withInertMacros } from './untrustedText';

/**
 * A node's parameters for the items of one run.
 * - A parameter whose stored value holds no expression is the same for every item: it is resolved
 *   once (with the first item that asks) and handed to every later item. Callers must not change
 *   what they get (copy it first).
 * - A parameter that is a plain read of the item (`{{ $json.to }}`, `Hi {{ $json.name }}`) is
 *   rendered from the item by the fast path (helpers/jsonTemplate.ts), as n8n would render it.
 * - Anything else, and any item the fast path does not render, is n8n's `getNodeParameter`.
 * A collection (`options`) is taken member by member, so that one member with another
 * expression does not send the others to n8n.
 */
export class RunParameters {
	private readonly resolved = new Map<string, unknown>();

	private readonly constant = new Map<string, boolean>();

	private readonly templates = new Map<string, JsonTemplate | null>();

	private inputJson?: unknown[];

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

	/** `getNodeParameter(path, itemIndex, fallback)`, as n8n gives it, with less work. */
	get<T>(path: string, itemIndex: number, fallback: T): T {
		if (this.isConstant(path)) {
			if (!this.resolved.has(path))
				this.resolved.set(path, this.context.getNodeParameter(path, itemIndex, fallback));
			return this.resolved.get(path) as T;
		}
		const template = this.template(path);
		if (template) {
			const fast = renderJsonTemplate(template, this.json(itemIndex));
			if (fast.rendered) return fast.value as T;
		}
		const stored = storedParameter(this.context, path);
		if (stored !== null && typeof stored === 'object' && !Array.isArray(stored))
			return this.collection(path, stored as IDataObject, itemIndex) as T;
		return this.context.getNodeParameter(path, itemIndex, fallback) as T;
	}

	/**
	 * A text parameter's value (`resolved`, what `get` gave) with the service's macros made inert
	 * where the item's values produced the text (`withInertMacros`).
	 */
	inertText(path: string, itemIndex: number, resolved: string): string {
		const template = this.template(path);
		const pieces = template && renderJsonPieces(template, this.json(itemIndex));
		if (pieces) return neutralizeMacros(pieces);
		return withInertMacros.call(this.context, path, itemIndex, resolved);
	}

	/** A collection resolved member by member, in its stored order. */
	private collection(path: string, stored: IDataObject, itemIndex: number): IDataObject {
		const value: IDataObject = {};
		for (const key of Object.keys(stored)) {
			const member: unknown = this.get(`${path}.${key}`, itemIndex, undefined);
			// n8n turns Luxon DateTimes inside a parameter into text (n8n-core's cleanupParameterData).
			value[key] = isLuxonDateTime(member) ? String(member) : (member as IDataObject[string]);
		}
		return value;
	}

	private template(path: string): JsonTemplate | null {
		let template = this.templates.get(path);
		if (template === undefined) {
			template = compileJsonTemplate(storedParameter(this.context, path));
			this.templates.set(path, template);
		}
		return template;
	}

	/** `$json` of the item: what n8n's expressions read. */
	private json(itemIndex: number): unknown {
		this.inputJson ??= this.context.getInputData().map((item) => item.json);
		return this.inputJson[itemIndex];
	}
}

function isLuxonDateTime(value: unknown): boolean {
	return (
		value !== null &&
		typeof value === 'object' &&
		(value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true
	);
}

const runs = new WeakMap<IExecuteFunctions, RunParameters>();

/** The run's parameters: one `RunParameters` per execution of the node (its context). */
export function runParameters(context: IExecuteFunctions): RunParameters {
	let parameters = runs.get(context);
	if (!parameters) {
		parameters = new RunParameters(context);
		runs.set(context, parameters);
	}
	return parameters;
}
