/**
 * Issue 29, "An id of `.` or `..` reaches a collection": generated over every operation of the
 * router, so that a new operation is covered by itself.
 *
 * Each operation runs (n8n-core's ExecuteContext against a nock service that answers every path)
 * with each of `.`, `..`, `a/b`, `%2e%2e`, empty and blank in each of its text parameters (top
 * level and inside its collections), and with those values as the ids in the service's answers
 * (a sub-user found by name, a blacklist entry, a contact's groups). Whatever the value, no
 * request may go to a path with an empty or dot segment or a segment that decodes to one or to a
 * slash: HTTP clients collapse `contacts/groups/..` into `/contacts/`, the published API's path
 * for every contact. A parameter that goes into a path as it is (found by running the operation
 * with a marker in it) must stop the operation before any request.
 */
import nock from 'nock';
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { modules } from '../../nodes/Smsapi/actions/router';
import type { OperationModule } from '../../nodes/Smsapi/actions/operationModule';
import { apiPath, InvalidPathIdError, unsafePathSegment } from '../../nodes/Smsapi/transport/apiPath';
import { PRIMARY } from '../support/n8n-context';
import { runNode } from './support/run-node';

const BAD_VALUES = ['.', '..', 'a/b', '%2e%2e', '', '   '];

/** Values that let an operation get as far as its requests (a number where a number is checked, ...). */
const VALID: Record<string, unknown> = {
	phoneNumber: '48500000001',
	to: '48500000001',
	numbers: '48500000001',
	message: 'Hello',
	subject: 'Hello',
	tts: 'Hello',
	pictureUrl: 'https://example.com/a.png',
	file: 'https://example.com/a.wav',
	smil: '<smil><body><par><img src="https://example.com/a.png"/></par></body></smil>',
	url: 'https://example.com/offer',
	code: '123456',
	ids: '1234567890123456789',
	template: 'Hello [%1%]',
	name: 'Zq9name',
	// Ids of the published formats (transport/idFormats.ts).
	contactId: '5b802315a788494a04690d1d',
	groupId: '5b802315a788494a04690d1e',
	contactFieldId: '660000000000000000000001',
	optOutId: '670000000000000000000001',
	templateId: '5b802315a788494a04690d1f',
	linkId: '101',
};

/** More than the generic values, for operations whose path ids come from the service's answers. */
const BASE_BY_OPERATION: Record<string, INodeParameters> = {
	'contact.create': { additionalFields: { groups: ['Zq9name'] } },
	'contact.update': { updateFields: { removeFromAllGroups: true } },
};

/**
 * Parameters shaped like ids that do not go into a path: the service takes them in a body or a
 * query (sub-users, found by username first; a group name on sms.do, link ids as
 * `links[]`), or resolves them to ids first (group names). A new id-like parameter must either
 * reach a path (and be checked there) or be listed here.
 */
const NOT_IN_PATH = new Set([
	'contact.create additionalFields.groups',
	'contact.update updateFields.groups',
	'emailGateway.compose options.from',
	'emailGateway.compose options.template',
	'oneTimeCode.send options.from',
	'rcs.send sender',
	'shortLink.getClicks linkIds',
	'sms.send options.from',
	'sms.send options.template',
	'sms.sendAndWait options.from',
	'sms.sendAndWaitForDelivery options.from',
	'sms.sendAndWaitForDelivery options.template',
	'sms.sendToGroup group',
	'sms.sendToGroup options.from',
	'sms.sendToGroup options.template',
	'subuser.delete name',
	'subuser.get name',
	'subuser.getShares name',
	'subuser.update name',
	'subuser.updateShares name',
]);

const TEXT_TYPES = new Set(['string', 'options', 'multiOptions', 'resourceLocator']);

interface Slot {
	/** `contactId`, or `updateFields.groups` inside a collection. */
	path: string;
	property: INodeProperties;
	collection?: string;
}

interface Operation {
	key: string;
	resource: string;
	operation: string;
	module: OperationModule;
}

const operations: Operation[] = Object.entries(modules).flatMap(([resource, byOperation]) =>
	Object.entries(byOperation as Record<string, OperationModule>).map(([operation, module]) => ({
		key: `${resource}.${operation}`,
		resource,
		operation,
		module,
	})),
);

function slotsOf(module: OperationModule): Slot[] {
	return module.description.flatMap((property): Slot[] => {
		if (TEXT_TYPES.has(property.type)) return [{ path: property.name, property }];
		if (property.type !== 'collection') return [];
		return ((property.options ?? []) as INodeProperties[])
			.filter((option) => TEXT_TYPES.has(option.type))
			.map((option) => ({
				path: `${property.name}.${option.name}`,
				property: option,
				collection: property.name,
			}));
	});
}

/** A parameter's value as the node takes it, for the text `value`. */
function asParameter(property: INodeProperties, value: string): unknown {
	if (property.type === 'resourceLocator') return { __rl: true, mode: 'id', value };
	if (property.type === 'multiOptions') return [value];
	return value;
}

function baseParameters(op: Operation): INodeParameters {
	const parameters: INodeParameters = { resource: op.resource, operation: op.operation };
	for (const property of op.module.description) {
		if (
			TEXT_TYPES.has(property.type) &&
			!(property.type === 'options' && !property.typeOptions?.loadOptionsMethod)
		) {
			parameters[property.name] = asParameter(
				property,
				String(VALID[property.name] ?? `Zq9${property.name}`),
			) as string;
		}
		if (property.name === 'updateFields') {
			const first = ((property.options ?? []) as INodeProperties[]).find(
				(option) => option.type === 'string',
			);
			if (first)
				parameters.updateFields = { [first.name]: String(VALID[first.name] ?? 'Zq9change') };
		}
	}
	return { ...parameters, ...BASE_BY_OPERATION[op.key] };
}

function withValue(base: INodeParameters, slot: Slot, value: string): INodeParameters {
	const parameter = asParameter(slot.property, value) as string;
	if (!slot.collection) return { ...base, [slot.path]: parameter };
	return {
		...base,
		[slot.collection]: {
			...((base[slot.collection] as INodeParameters) ?? {}),
			[slot.property.name]: parameter,
		},
	};
}

interface Answers {
	/** The id of every record the service answers. */
	id: string;
	/** The names (name, username, sender) of a second record, besides the base one. */
	name: string;
}

/**
 * A service answering every request: records with `answers.id` (a record just created in no group,
 * others in the group `answers.id`), legacy endpoints with error 8, deletes with 204.
 */
function serviceAnswering(answers: Answers): string[] {
	const paths: string[] = [];
	const record = (name: string, created: boolean): IDataObject => ({
		id: answers.id,
		name,
		username: name,
		sender: name,
		phone_number: '48500000001',
		groups: created ? [] : [{ id: answers.id, name }],
	});
	const scope = nock(PRIMARY).persist();
	for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
		scope
			.intercept(/.*/, method)
			.query(true)
			.reply((uri) => {
				const path = new URL(uri, PRIMARY).pathname;
				paths.push(path);
				if (path.endsWith('.do'))
					return [200, JSON.stringify({ error: 8, message: 'Not served in this test' })];
				if (method === 'DELETE') return [204, ''];
				const records = [
					record(String(VALID.name), method === 'POST'),
					record(answers.name, method === 'POST'),
				];
				return [200, JSON.stringify({ size: records.length, collection: records, ...records[0] })];
			});
	}
	return paths;
}

/** Runs the node; its error, or undefined when it succeeded. */
async function run(parameters: INodeParameters): Promise<Error | undefined> {
	try {
		await runNode({ parameters });
		return undefined;
	} catch (error) {
		return error as Error;
	}
}

/** Path segments that a client or a server could read as another path. */
function unsafeSegments(paths: readonly string[]): string[] {
	return paths.filter((path) => unsafePathSegment(path) !== undefined);
}

const MARKER_ANSWER_ID = '0f0f0f0f0f0f0f0f0f0f0f0f';
/**
 * A value only this slot has: for an id, 24 digits (an id of every published format: object id,
 * short link id, letters and digits); for a name, a short text of letters (a sender name).
 */
function markerOf(slot: Slot): string {
	if (!/Ids?$/.test(slot.property.name)) return `Zq9m${slot.path.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 11);
	let hash = 7;
	for (const char of slot.path) hash = (hash * 31 + char.charCodeAt(0)) % 1e9;
	return `9${String(hash).padStart(23, '0')}`;
}

/** The slots whose value went into a path as it is, found by running each with a marker (some 160 runs: time for a busy machine). */
const inPath = new Map<string, Set<string>>();

beforeAll(async () => {
	nock.disableNetConnect();
	for (const op of operations) {
		const found = new Set<string>();
		for (const slot of slotsOf(op.module)) {
			const paths = serviceAnswering({ id: MARKER_ANSWER_ID, name: String(VALID.name) });
			await run(withValue(baseParameters(op), slot, markerOf(slot)));
			nock.cleanAll();
			if (paths.some((path) => path.split('/').includes(markerOf(slot)))) found.add(slot.path);
		}
		inPath.set(op.key, found);
	}
}, 120_000);
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('the path builder', () => {
	it('names the field and the value of an id it refuses, and lets ids of their kind through', () => {
		expect(
			apiPath`contacts/${{ contactId: '5b802315a788494a04690d1d' }}/groups/${{ groupId: VALID.groupId }}`,
		).toBe('contacts/5b802315a788494a04690d1d/groups/5b802315a788494a04690d1e');
		expect(apiPath`callbacks/${{ callbackId: 42 }}`).toBe('callbacks/42');
		for (const value of [...BAD_VALUES, 'a b', 'ab?c', 'a#b', 'a\\b', undefined, null, {}]) {
			let error: unknown;
			try {
				apiPath`contacts/groups/${{ groupId: value }}`;
			} catch (thrown) {
				error = thrown;
			}
			expect(error).toBeInstanceOf(InvalidPathIdError);
			expect((error as InvalidPathIdError).message).toBe(
				`Not a valid ID in groupId: ${JSON.stringify(String(value ?? ''))}`,
			);
		}
	});
});

describe.each(operations.map((op) => [op.key, op] as const))('%s', (_key, op) => {
	it('id-like parameters either go into a path (and are checked there) or are known not to', () => {
		const idLike = slotsOf(op.module).filter(
			({ property }) =>
				property.type === 'resourceLocator' ||
				property.typeOptions?.loadOptionsMethod !== undefined ||
				/Ids?$/.test(property.name),
		);
		const unaccounted = idLike
			.map((slot) => slot.path)
			.filter((path) => !inPath.get(op.key)?.has(path) && !NOT_IN_PATH.has(`${op.key} ${path}`));
		expect(unaccounted).toEqual([]);
	});

	const slots = slotsOf(op.module);
	// An operation without text parameters has no case here (jest refuses an empty table).
	if (slots.length > 0) {
		it.each(slots.map((slot) => [slot.path, slot] as const))(
			'a bad value in %s never reaches a path; where the value goes into a path, nothing is sent',
			async (_path, slot) => {
				for (const value of BAD_VALUES) {
					const paths = serviceAnswering({ id: MARKER_ANSWER_ID, name: value });
					const error = await run(withValue(baseParameters(op), slot, value));
					nock.cleanAll();
					expect({ value, unsafe: unsafeSegments(paths) }).toEqual({ value, unsafe: [] });
					if (inPath.get(op.key)?.has(slot.path)) {
						expect({ value, requests: paths }).toEqual({ value, requests: [] });
						expect(error).toBeDefined();
						if (value.trim() !== '') expect(error?.message).toContain(JSON.stringify(value));
					}
				}
			},
		);
	}

	it('a bad id in the service answers never reaches a path', async () => {
		for (const value of BAD_VALUES) {
			const paths = serviceAnswering({ id: value, name: String(VALID.name) });
			await run(baseParameters(op));
			nock.cleanAll();
			expect({ value, unsafe: unsafeSegments(paths) }).toEqual({ value, unsafe: [] });
		}
	});
});

describe('operations whose ids go into paths', () => {
	it('every parameter listed as not going into a path exists and is not found in one', () => {
		const slots = new Set(
			operations.flatMap((op) => slotsOf(op.module).map((slot) => `${op.key} ${slot.path}`)),
		);
		expect([...NOT_IN_PATH].filter((entry) => !slots.has(entry))).toEqual([]);
		const [key, path] =
			[...NOT_IN_PATH]
				.map((entry) => entry.split(' '))
				.find(([op, slot]) => inPath.get(op)?.has(slot)) ?? [];
		expect({ key, path }).toEqual({ key: undefined, path: undefined });
	});

	it('are found by the marker runs (the generated checks above do reach them)', () => {
		const found = Object.fromEntries(
			[...inPath]
				.filter(([, slots]) => slots.size > 0)
				.map(([key, slots]) => [key, [...slots].sort()]),
		);
		expect(found).toEqual({
			'contact.addToGroup': ['contactId', 'groupId'],
			'contact.removeFromGroup': ['contactId', 'groupId'],
			'contact.update': ['contactId'],
			'contactField.delete': ['contactFieldId'],
			'contactField.getOptions': ['contactFieldId'],
			'contactField.update': ['contactFieldId'],
			'contactGroup.delete': ['groupId'],
			'contactGroup.get': ['groupId'],
			'contactGroup.update': ['groupId'],
			'optOut.delete': ['optOutId'],
			// Token logins: /sms/sendernames/{sender}, the name percent-encoded (namePathSegment).
			'sender.delete': ['name'],
			'sender.getStatus': ['name'],
			'sender.setDefault': ['name'],
			'shortLink.delete': ['linkId'],
			'shortLink.update': ['linkId'],
			'template.delete': ['templateId'],
			'template.get': ['templateId'],
			'template.update': ['templateId'],
		});
	});
});
