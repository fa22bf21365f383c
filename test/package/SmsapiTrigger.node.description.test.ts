/**
 * The BUILT trigger (dist/nodes/Smsapi/SmsapiTrigger.node.js, what n8n loads) offers the five
 * callback events, the secret, and the three webhook lifecycle methods n8n calls on activation
 * and deactivation; its webhook's path and method follow the chosen event. dist/ is rebuilt
 * first when it is older than the sources.
 */
import path from 'node:path';
import type { INodeParameters, INodeProperties, INodeType, INodeTypeDescription, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { ensureBuilt } from '../e2e/harness/build';

const ROOT = path.resolve(__dirname, '../..');
const BUILT = path.join(ROOT, 'dist/nodes/Smsapi/SmsapiTrigger.node.js');

let trigger: INodeType;
let description: INodeTypeDescription;

beforeAll(() => {
	ensureBuilt();
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { SmsapiTrigger } = require(BUILT) as { SmsapiTrigger: new () => INodeType };
	trigger = new SmsapiTrigger();
	description = trigger.description;
}, 300_000);

function property(name: string): INodeProperties {
	const found = description.properties.filter((p) => p.name === name);
	expect(found).toHaveLength(1);
	return found[0];
}

/** The value of a description expression for a node with these parameters, as n8n evaluates it. */
function evaluate(expression: string, parameters: INodeParameters): unknown {
	const nodeTypes = {
		getByName: () => trigger,
		getByNameAndVersion: () => trigger,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const node = {
		id: '0f5b6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
		name: 'SMSAPI Trigger',
		type: 'n8n-nodes-smsapi-plus.smsapiTrigger',
		typeVersion: 1,
		position: [0, 0] as [number, number],
		webhookId: '5d7c4b3a-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
		parameters,
	};
	const workflow = new Workflow({ id: 'w1', nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(workflow.getNode(node.name)!, expression, 'internal', {});
}

describe('built trigger description', () => {
	it('is the contract node type: smsapiTrigger, SMSAPI Trigger, a trigger with the smsapiApi credential', () => {
		expect(description).toMatchObject({
			name: 'smsapiTrigger',
			displayName: 'SMSAPI Trigger',
			group: ['trigger'],
			// Versions 1 and 2 stay served for saved triggers; new nodes get 3 (no Secret by default,
			// the combine window counted from the latest callback of a burst).
			version: [1, 2, 3],
			defaultVersion: 3,
			inputs: [],
		});
		expect(description.credentials).toEqual([{ name: 'smsapiApi', required: true }]);
	});

	it('offers the events dlr, bulk, click, mo and hlr of the contract and the MMS and voice ones (default dlr)', () => {
		const event = property('event');
		expect(event.type).toBe('options');
		expect(event.default).toBe('dlr');
		expect(event.noDataExpression).toBe(true);
		const values = (event.options as Array<{ value: string }>).map((option) => option.value);
		expect([...values].sort()).toEqual(['bulk', 'click', 'dlr', 'hlr', 'mmsDlr', 'mmsMo', 'mo', 'vmsDlr']);
	});

	it('has a secret whose default is the node id up to version 2 and empty from 3, and the options usernames, allowedIps, registerCallback', () => {
		const secrets = description.properties.filter((p) => p.name === 'secret');
		expect(secrets).toEqual([
			expect.objectContaining({ type: 'string', default: '={{ $nodeId }}', displayOptions: { show: { '@version': [{ _cnd: { lte: 2 } }] } } }),
			expect.objectContaining({ type: 'string', default: '', displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } } }),
		]);
		expect(property('deduplicate')).toMatchObject({ type: 'boolean', default: true });
		const options = (property('options').options as INodeProperties[]).map((option) => option.name);
		expect(options).toEqual(expect.arrayContaining(['usernames', 'allowedIps', 'registerCallback']));
	});

	it('implements the webhook lifecycle: webhookMethods.default.checkExists, create and delete', () => {
		const methods = trigger.webhookMethods?.default as Record<string, unknown> | undefined;
		expect(methods).toBeDefined();
		for (const name of ['checkExists', 'create', 'delete']) expect(typeof methods?.[name]).toBe('function');
		expect(typeof trigger.webhook).toBe('function');
	});

	it('has the default webhook at the event plus the secret as a path segment, and a hidden one for earlier ?secret= URLs', () => {
		expect(description.webhooks?.map((w) => w.name)).toEqual(['default', 'queryStringSecret']);
		const [webhook, legacy] = description.webhooks!;
		expect(legacy).toMatchObject({ ndvHideUrl: true, ndvHideMethod: true });
		const methods = { dlr: 'GET', bulk: 'GET,POST', click: 'GET', mo: 'POST', hlr: 'POST' };
		for (const [event, method] of Object.entries(methods)) {
			// By default the secret is the node's ID (a random UUID n8n creates with the node).
			expect(evaluate(String(webhook.path), { event })).toBe(`${event}/0f5b6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b`);
			// Cleared: the path is the event, and the hidden webhook has no method (n8n registers none).
			expect(evaluate(String(webhook.path), { event, secret: '' })).toBe(event);
			expect(evaluate(String(webhook.httpMethod), { event, secret: '' })).toBe(method);
			expect(evaluate(String(legacy.httpMethod), { event, secret: '' })).toBe('');
			// With one: the secret is a path segment the URL shown in the editor carries; the hidden one keeps `event`.
			expect(evaluate(String(webhook.path), { event, secret: ' s3cr3t ' })).toBe(`${event}/s3cr3t`);
			expect(evaluate(String(legacy.path), { event, secret: 's3cr3t' })).toBe(event);
			expect(evaluate(String(legacy.httpMethod), { event, secret: 's3cr3t' })).toBe(method);
		}
		// Characters that n8n's path matching or URL parsing would treat specially become `_`.
		expect(evaluate(String(webhook.path), { event: 'mo', secret: "a b/c'd" })).toBe('mo/a_20b_2Fc_d');
	});
});
