/**
 * The BUILT node (dist/nodes/Smsapi/Smsapi.node.js, what n8n loads) offers every send option of
 * the service under its camelCase name, is usable as an AI tool, and explains the message
 * placeholders. dist/ is rebuilt first when it is older than the sources.
 */
import path from 'node:path';
import type { INodeParameters, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ensureBuilt } from '../e2e/harness/build';

const ROOT = path.resolve(__dirname, '../..');

/** The 26 optional parameters of the service's send operation, camelCased (docs/service-behaviour.md, "Public names"). */
const SEND_OPTIONS = [
	'from',
	'encoding',
	'flash',
	'test',
	'details',
	'date',
	'dateValidate',
	'timeRestriction',
	'datacoding',
	'udh',
	'allowDuplicates',
	'idx',
	'checkIdx',
	'maxParts',
	'nounicode',
	'normalize',
	'fast',
	'expirationDate',
	'notifyUrl',
	'template',
	'param1',
	'param2',
	'param3',
	'param4',
	'single',
	'discountGroup',
];

let description: INodeTypeDescription;

/** The top-level parameter `name` shown for sms `operation`. */
function smsParameter(name: string, operation: string): INodeProperties {
	const found = description.properties.filter(
		(p) =>
			p.name === name &&
			p.displayOptions?.show?.resource?.includes('sms') &&
			p.displayOptions?.show?.operation?.includes(operation),
	);
	expect(found).toHaveLength(1);
	return found[0];
}

function optionNames(collection: INodeProperties): string[] {
	return ((collection.options ?? []) as INodeProperties[]).map((option) => option.name);
}

beforeAll(() => {
	ensureBuilt();
	const file = path.join(ROOT, 'dist/nodes/Smsapi/Smsapi.node.js');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Smsapi } = require(file) as { Smsapi: new () => INodeType };
	description = new Smsapi().description;
}, 300_000);

describe('built node description: sms.send', () => {
	it('the options collection holds all 26 service parameters in camelCase, plus the node\'s own (batching, parallel requests, limits, texts as a template)', () => {
		const options = smsParameter('options', 'send');
		expect(options.type).toBe('collection');
		const names = optionNames(options);
		for (const name of SEND_OPTIONS) expect(names).toContain(name);
		const own = ['batching', 'maxParallelRequests', 'maxRecipientsPerItem', 'neutralizeMacros', 'textsAsTemplate'];
		for (const name of own) expect(names).toContain(name);
		expect(names).toHaveLength(SEND_OPTIONS.length + own.length);
		expect(new Set(names).size).toBe(names.length);
	});

	it('options are sorted by display name, each with a description', () => {
		const options = (smsParameter('options', 'send').options ?? []) as INodeProperties[];
		const displayNames = options.map((option) => option.displayName);
		expect(displayNames).toEqual([...displayNames].sort((a, b) => a.localeCompare(b)));
		for (const option of options) expect(option.description).toBeTruthy();
	});

	it('to and message are required; the message hint explains the placeholders', () => {
		expect(smsParameter('to', 'send').required).toBe(true);
		const message = smsParameter('message', 'send');
		expect(message.required).toBe(true);
		for (const placeholder of ['[%1%]', '[%4%]', '[%contact.', '[%code%]', '[%goto:', '[%opt_out_link%]']) {
			expect(message.hint).toContain(placeholder);
		}
		expect(message.hint).toMatch(/Param 1/);
	});

	it('a chosen template hides the message, so a template send needs no text (n8n checks required fields)', () => {
		const message = smsParameter('message', 'send');
		const node = (options: INodeParameters) => ({
			id: 'b1c0e2a7-0000-4000-8000-000000000001',
			name: 'SMSAPI',
			type: 'n8n-nodes-smsapi-plus.smsapi',
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: { resource: 'sms', operation: 'send', to: '48500000001', message: '', options },
		});
		const issues = (options: INodeParameters) =>
			NodeHelpers.getNodeParametersIssues(description.properties, node(options), description);
		expect(issues({ template: 'welcome' })).toBeNull();
		expect(issues({})?.parameters?.message).toBeDefined();
		expect(issues({ fast: true })?.parameters?.message).toBeDefined();
		expect(message.displayOptions?.hide).toBeDefined();
	});

	it('the dropdowns load the sender names and the templates', () => {
		const options = (smsParameter('options', 'send').options ?? []) as INodeProperties[];
		const byName = Object.fromEntries(options.map((option) => [option.name, option]));
		expect(byName.from.typeOptions?.loadOptionsMethod).toBe('getSenderNames');
		expect(byName.template.typeOptions?.loadOptionsMethod).toBe('getTemplates');
	});
});

describe('built node description: node', () => {
	it('is usable as an AI tool', () => {
		expect(description.usableAsTool).toBe(true);
	});

	it('sms offers send, sendAndWait, sendAndWaitForDelivery, sendToGroup, deleteScheduled and calculate, each with an action label', () => {
		const operation = description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('sms'),
		);
		const values = (operation?.options ?? []) as Array<{ value: string; action?: string }>;
		expect(values.map((option) => option.value).sort()).toEqual(['calculate', 'deleteScheduled', 'send', 'sendAndWait', 'sendAndWaitForDelivery', 'sendToGroup']);
		for (const option of values) expect(option.action).toBeTruthy();
		expect(operation?.noDataExpression).toBe(true);
	});

	it('sendToGroup takes the send options except per-recipient values', () => {
		const names = optionNames(smsParameter('options', 'sendToGroup'));
		expect(names).not.toEqual(expect.arrayContaining(['param1']));
		expect(names).not.toContain('idx');
		expect(names).not.toContain('batching');
		for (const name of SEND_OPTIONS.filter((n) => !/^param\d$|^idx$/.test(n))) expect(names).toContain(name);
	});
});

describe('built node description: Send and Wait for Approval as n8n 2.x reads it', () => {
	it("has what makes n8n offer a Human review tool of a node (n8n's tool-generation/hitl-tools.ts): the operation sendAndWait of a resource, webhooks", () => {
		expect(description.name.endsWith('Tool')).toBe(false);
		const operation = description.properties.find(
			(p) => p.name === 'operation' && (p.options as Array<{ value?: unknown }> | undefined)?.some((option) => option.value === 'sendAndWait'),
		);
		expect(operation?.displayOptions?.show?.resource).toEqual(['sms']);
		// The answer link: GET shows the page, POST answers, both at the node's id (n8n routes a
		// waiting call by method and that path: its waiting-webhooks.ts).
		const answers = (description.webhooks ?? []).filter((webhook) => webhook.path === '={{ $nodeId }}');
		expect(answers.map((webhook) => [webhook.httpMethod, webhook.restartWebhook, webhook.isFullPath])).toEqual([
			['GET', true, true],
			['POST', true, true],
		]);
	});

	it("keeps the names n8n's Send and Wait operations have: message, responseType (approval, freeText, customForm), approvalOptions, formFields, options.limitWaitTime", () => {
		expect(smsParameter('message', 'sendAndWait').required).toBe(true);
		const responseType = smsParameter('responseType', 'sendAndWait');
		expect((responseType.options as Array<{ value: string }>).map((option) => option.value)).toEqual(['approval', 'freeText', 'customForm']);
		const approval = smsParameter('approvalOptions', 'sendAndWait').options as Array<{ name: string; values: INodeProperties[] }>;
		expect(approval[0].values.map((value) => value.name)).toEqual(['approvalType', 'approveLabel', 'disapproveLabel']);
		expect(smsParameter('formFields', 'sendAndWait').type).toBe('fixedCollection');
		expect(optionNames(smsParameter('options', 'sendAndWait'))).toEqual(expect.arrayContaining(['limitWaitTime', 'shortLink', 'from', 'responseFormTitle']));
	});
});
