/**
 * The BUILT node (dist/nodes/Smsapi/Smsapi.node.js, what n8n loads) offers every resource and
 * operation of the public contract (docs/service-behaviour.md, "Public names") with the parameter names users' saved
 * workflows rely on, each operation with an action label and a module that runs it, and is usable
 * as an AI tool. dist/ is rebuilt first when it is older than the sources.
 */
import path from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { ensureBuilt } from '../e2e/harness/build';

const ROOT = path.resolve(__dirname, '../..');

/** Public names: resource -> operations. Values never change; new ones may be added. */
const CONTRACT: Record<string, string[]> = {
	sms: ['send', 'sendToGroup', 'deleteScheduled', 'calculate'],
	account: ['getProfile', 'getBalance'],
	hlr: ['lookup'],
	contact: ['getMany', 'create', 'update'],
	subuser: ['create', 'update', 'get', 'getMany'],
	sender: ['add', 'getStatus', 'delete', 'getMany', 'setDefault'],
	price: ['getMany'],
	emailGateway: ['compose'],
};

/** Public names: required parameters of each operation. */
const REQUIRED: Array<[string, string, string[]]> = [
	['sms', 'send', ['to', 'message']],
	['sms', 'sendToGroup', ['group', 'message']],
	['sms', 'deleteScheduled', ['ids']],
	['sms', 'calculate', ['message']],
	['hlr', 'lookup', ['numbers']],
	['contact', 'create', ['phoneNumber']],
	['contact', 'update', ['contactId']],
	['subuser', 'create', ['name']],
	['subuser', 'update', ['name']],
	['subuser', 'get', ['name']],
	['sender', 'add', ['name']],
	['sender', 'getStatus', ['name']],
	['sender', 'delete', ['name']],
	['sender', 'setDefault', ['name']],
	['emailGateway', 'compose', ['to', 'message']],
];

let description: INodeTypeDescription;
let node: INodeType;

/** Top-level parameters shown for a resource and operation. */
function parametersOf(resource: string, operation: string): INodeProperties[] {
	return description.properties.filter(
		(p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation),
	);
}

function parameter(resource: string, operation: string, name: string): INodeProperties {
	const found = parametersOf(resource, operation).filter((p) => p.name === name);
	expect(found).toHaveLength(1);
	return found[0];
}

function operationProperty(resource: string): INodeProperties {
	const found = description.properties.filter(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	);
	expect(found).toHaveLength(1);
	return found[0];
}

beforeAll(() => {
	ensureBuilt();
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Smsapi } = require(path.join(ROOT, 'dist/nodes/Smsapi/Smsapi.node.js')) as { Smsapi: new () => INodeType };
	node = new Smsapi();
	description = node.description;
}, 300_000);

describe('built node description: every resource and operation of the contract', () => {
	it('is the node smsapi (SMSAPI), usable as an AI tool, with the smsapiApi credential', () => {
		expect(description.name).toBe('smsapi');
		expect(description.displayName).toBe('SMSAPI');
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials).toEqual([expect.objectContaining({ name: 'smsapiApi', required: true })]);
	});

	it('offers every resource of the contract', () => {
		const resource = description.properties.find((p) => p.name === 'resource');
		expect(resource?.type).toBe('options');
		expect(resource?.noDataExpression).toBe(true);
		const values = ((resource?.options ?? []) as INodePropertyOptions[]).map((option) => option.value);
		expect(values).toEqual(expect.arrayContaining(Object.keys(CONTRACT)));
	});

	it.each(Object.entries(CONTRACT))('%s offers its operations, each with an action label', (resource, operations) => {
		const operation = operationProperty(resource);
		expect(operation.type).toBe('options');
		expect(operation.noDataExpression).toBe(true);
		const options = (operation.options ?? []) as INodePropertyOptions[];
		expect(options.map((option) => option.value)).toEqual(expect.arrayContaining(operations));
		for (const option of options) expect(option.action).toBeTruthy();
		expect(options.map((option) => option.value)).toContain(operation.default);
	});

	it.each(REQUIRED)('%s.%s requires %j', (resource, operation, names) => {
		for (const name of names) expect(parameter(resource, operation, name).required).toBe(true);
	});

	it('optional service parameters live in collections with the contract names', () => {
		const getMany = parametersOf('contact', 'getMany').map((p) => p.name);
		expect(getMany).toEqual(expect.arrayContaining(['returnAll', 'limit', 'filters', 'q']));
		expect(parameter('contact', 'create', 'additionalFields').type).toBe('collection');
		expect(parameter('contact', 'update', 'updateFields').type).toBe('collection');
		const gatewayOptions = parameter('emailGateway', 'compose', 'options');
		expect(gatewayOptions.type).toBe('collection');
		const gatewayNames = ((gatewayOptions.options ?? []) as INodeProperties[]).map((option) => option.name);
		expect(gatewayNames).toEqual(expect.arrayContaining(['raport', 'from', 'date', 'idx', 'param1', 'fast']));
		expect(parameter('account', 'getBalance', 'details').type).toBe('boolean');
	});

	it("emailGateway.compose tells how to wire n8n's Send Email, attribution footer off (it would end up in the SMS)", () => {
		const notice = parametersOf('emailGateway', 'compose').find((p) => p.type === 'notice');
		for (const words of ['Send Email', '{{ $json.to }}', '{{ $json.subject }}', 'Email Format Text', '{{ $json.text }}', 'Append n8n Attribution off']) {
			expect(notice?.displayName).toContain(words);
		}
	});

	it('every operation of the contract reaches code that runs it (not "not supported")', async () => {
		for (const [resource, operations] of Object.entries(CONTRACT)) {
			for (const operation of operations) {
				const thrown: Error[] = [];
				const context = {
					getInputData: () => [],
					getNodeParameter: (name: string) => ({ resource, operation })[name as 'resource' | 'operation'],
					getNode: () => ({ name: 'SMSAPI', type: 'n8n-nodes-smsapi-plus.smsapi', typeVersion: 1, parameters: {} }),
					continueOnFail: () => false,
				};
				// No input items: an operation that exists runs for none of them and returns no items.
				await node.execute!.call(context as never).then(
					(output) => expect(output).toEqual([[]]),
					(error: Error) => thrown.push(error),
				);
				expect(thrown.map((error) => `${resource}.${operation}: ${error.message}`)).toEqual([]);
			}
		}
	});
});
