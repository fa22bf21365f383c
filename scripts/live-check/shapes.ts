/**
 * The shape of an answer: which JSON types appear at which field, which fields are always there,
 * what the elements of a list look like — not the values, which differ from account to account.
 * The live check pins the emulator's shapes (expected.json) and reports every place where the
 * service's answer has a shape the emulator's would not have.
 */

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

export interface Shape {
	types: JsonType[];
	/** Fields of objects; `optional` when some objects lacked it. */
	fields?: Record<string, FieldShape>;
	/** Elements of arrays; absent while no array had any. */
	items?: Shape;
}

export interface FieldShape extends Shape {
	optional?: true;
}

function typeOf(value: unknown): JsonType {
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return 'array';
	const type = typeof value;
	if (type === 'boolean' || type === 'number' || type === 'string') return type;
	return 'object';
}

const sortedTypes = (types: Iterable<JsonType>): JsonType[] => [...new Set(types)].sort();

/** The shape of one JSON value. */
export function shapeOf(value: unknown): Shape {
	const type = typeOf(value);
	const shape: Shape = { types: [type] };
	if (type === 'object') {
		shape.fields = {};
		for (const key of Object.keys(value as object).sort()) shape.fields[key] = shapeOf((value as Record<string, unknown>)[key]);
	}
	if (type === 'array') {
		const items = (value as unknown[]).map(shapeOf);
		if (items.length > 0) shape.items = items.reduce(mergeShapes);
	}
	return shape;
}

/** One shape that both values fit: types united, fields missing on one side optional. */
export function mergeShapes(a: Shape, b: Shape): Shape {
	const merged: Shape = { types: sortedTypes([...a.types, ...b.types]) };
	if (a.fields || b.fields) {
		const fields: Record<string, FieldShape> = {};
		const keys = [...new Set([...Object.keys(a.fields ?? {}), ...Object.keys(b.fields ?? {})])].sort();
		for (const key of keys) {
			const left = a.fields?.[key];
			const right = b.fields?.[key];
			const bothObjects = a.types.includes('object') && b.types.includes('object');
			if (left && right) {
				fields[key] = { ...mergeShapes(left, right), ...(left.optional || right.optional ? { optional: true } : {}) };
			} else {
				const only = (left ?? right) as FieldShape;
				fields[key] = bothObjects ? { ...only, optional: true } : { ...only };
			}
		}
		merged.fields = fields;
	}
	if (a.items || b.items) merged.items = a.items && b.items ? mergeShapes(a.items, b.items) : (a.items ?? b.items);
	return merged;
}

/** Where the service may answer more than the emulator on purpose (see known-variance.ts). */
export interface Tolerance {
	/** Types accepted besides the pinned ones at this path (`list[].points`). */
	extraTypes?: Record<string, JsonType[]>;
	/** Paths of objects whose other fields are account data (contacts' custom fields). */
	openObjects?: string[];
}

/**
 * Where `actual` (the service's answer) does not fit `expected` (the emulator's): one line per
 * place, e.g. `list[].points: the service answered string, the emulator answers number`.
 * Lists without elements fit any element shape; empty means the shapes agree.
 */
export function shapeDifferences(expected: Shape, actual: Shape, tolerance: Tolerance = {}, path = ''): string[] {
	const where = path === '' ? 'the answer' : path;
	const accepted = new Set([...expected.types, ...(tolerance.extraTypes?.[path] ?? [])]);
	const foreign = actual.types.filter((type) => !accepted.has(type));
	const differences: string[] = [];
	if (foreign.length > 0) {
		differences.push(`${where}: the service answered ${foreign.join(' or ')}, the emulator answers ${expected.types.join(' or ')}`);
	}
	if (actual.fields && expected.fields) {
		const open = tolerance.openObjects?.includes(path) ?? false;
		for (const [key, field] of Object.entries(actual.fields)) {
			const child = path === '' ? key : `${path}.${key}`;
			const pinned = expected.fields[key];
			if (!pinned) {
				if (!open) differences.push(`${child}: a field the emulator does not answer (${field.types.join(' or ')})`);
				continue;
			}
			differences.push(...shapeDifferences(pinned, field, tolerance, child));
		}
		for (const [key, field] of Object.entries(expected.fields)) {
			if (!field.optional && !actual.fields[key]) {
				differences.push(`${path === '' ? key : `${path}.${key}`}: the emulator always answers it, the service did not`);
			}
		}
	}
	if (actual.items && expected.items) differences.push(...shapeDifferences(expected.items, actual.items, tolerance, `${path}[]`));
	return differences;
}
