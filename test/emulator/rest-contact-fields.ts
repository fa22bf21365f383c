/**
 * Custom fields of the contacts database `/contacts/fields` (contacts_com.yml): list, create (form
 * `name`, `type` of text, date, email, phone_number, number; default text), rename (`PUT`, form
 * `name`), delete (with the values contacts had in it), and `/contacts/fields/{fieldId}/options`:
 * the choices of the built-in `gender` (the official PHP client reads them so); 501 for a custom
 * field (no published field type has choices); 404 for an unknown id; `/contacts/fields/available`
 * lists the custom fields as `FieldAvailable` (GET only). A second field of a name in
 * use is refused with 400 (the published API documents no answer for it). Tests reach the state
 * with `contactFieldState(emulator.state)`; a reset restores the seeds.
 */
import { empty, json, restError, type HandlerResponse, type RequestContext } from './http-types';
import type { Runtime } from './runtime';
import type { EmulatorState } from './state';
import { hexId } from './util';
import { invalid, methodNotAllowed, notFound, requireForm } from './rest-http';

export const FIELD_TYPES = ['text', 'date', 'email', 'phone_number', 'number'] as const;

export interface ContactField {
	id: string;
	name: string;
	type: (typeof FIELD_TYPES)[number];
}

/** The seeded fields: the custom fields the seeded contacts carry. */
export const SEEDED_FIELDS: readonly ContactField[] = [
	{ id: '660000000000000000000001', name: 'loyalty_level', type: 'text' },
	{ id: '660000000000000000000002', name: 'points_balance', type: 'number' },
];

/** The built-in fields with fixed choices, by the name their options are read with. */
const BUILT_IN_OPTIONS: Record<string, ReadonlyArray<{ name: string; value: string }>> = {
	gender: [
		{ name: 'Female', value: 'female' },
		{ name: 'Male', value: 'male' },
		{ name: 'Undefined', value: 'undefined' },
	],
};

const states = new WeakMap<EmulatorState, { fields: ContactField[] }>();

export function contactFieldState(state: EmulatorState): { fields: ContactField[] } {
	let fields = states.get(state);
	if (!fields) {
		fields = { fields: SEEDED_FIELDS.map((field) => ({ ...field })) };
		states.set(state, fields);
	}
	return fields;
}

/** The names of the defined custom fields (usable in contact bodies and filters). */
export function definedFieldNames(state: EmulatorState): string[] {
	return contactFieldState(state).fields.map((field) => field.name);
}

function nameOf(ctx: RequestContext, fields: ContactField[], except?: ContactField): string | HandlerResponse {
	const name = (ctx.params.name ?? '').trim();
	if (!name) return invalid('name', ctx.params.name ?? null, 'Field name is required', 'required');
	if (fields.some((field) => field.name === name && field !== except)) {
		return invalid('name', name, 'A field with this name already exists', 'already_exists');
	}
	return name;
}

function options(rt: Runtime, ctx: RequestContext, fieldId: string): HandlerResponse {
	if (ctx.method !== 'GET') return methodNotAllowed();
	const builtIn = Object.prototype.hasOwnProperty.call(BUILT_IN_OPTIONS, fieldId) ? BUILT_IN_OPTIONS[fieldId] : undefined;
	if (builtIn) return json(200, { size: builtIn.length, collection: builtIn });
	if (!contactFieldState(rt.state).fields.some((field) => field.id === fieldId)) return notFound('Field not found');
	return restError(501, 'not_implemented', 'Feature not implemented: this field has no options');
}

export function contactFields(rt: Runtime, ctx: RequestContext, rest: string[]): HandlerResponse {
	const { fields } = contactFieldState(rt.state);
	if (rest.length === 0) {
		if (ctx.method === 'GET') return json(200, { size: fields.length, collection: fields });
		if (ctx.method !== 'POST') return methodNotAllowed();
		const media = requireForm(ctx);
		if (media) return media;
		const name = nameOf(ctx, fields);
		if (typeof name !== 'string') return name;
		const type = (ctx.params.type ?? 'text') as ContactField['type'];
		const field: ContactField = { id: hexId(), name, type };
		fields.push(field);
		return json(201, field);
	}
	if (rest.length === 2 && rest[1] === 'options') return options(rt, ctx, rest[0]);
	// `/contacts/fields/available` is a path of its own beside the fields (GET only), not a field.
	if (rest.length === 1 && rest[0] === 'available') {
		if (ctx.method !== 'GET') return methodNotAllowed();
		return json(200, fields.map((field) => ({ ...field, built_in: false, options: null })));
	}
	if (rest.length !== 1) return notFound();
	const field = fields.find((candidate) => candidate.id === rest[0]);
	if (ctx.method !== 'PUT' && ctx.method !== 'DELETE') return methodNotAllowed();
	if (!field) return notFound('Field not found');
	if (ctx.method === 'PUT') {
		const media = requireForm(ctx);
		if (media) return media;
		const name = nameOf(ctx, fields, field);
		if (typeof name !== 'string') return name;
		for (const contact of rt.state.contacts) {
			if (contact.custom[field.name] === undefined) continue;
			contact.custom[name] = contact.custom[field.name];
			delete contact.custom[field.name];
		}
		field.name = name;
		return json(200, field);
	}
	for (const contact of rt.state.contacts) delete contact.custom[field.name];
	fields.splice(fields.indexOf(field), 1);
	return empty(204);
}
