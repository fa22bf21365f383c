/**
 * What a callback costs n8n 2.x besides the node's own work: every expression n8n evaluates for
 * it (with its default engine, in a V8 isolate). The node reads its parameters without n8n's
 * engine where they hold no expression (trigger/callSettings.ts). How n8n computes its webhooks'
 * paths and methods without the engine: description.resolvers.test.ts.
 */
import { WebhookContext } from 'n8n-core';
import { type IDataObject } from 'n8n-workflow';
import { holdsExpression } from '../../nodes/Smsapi/items/storedParameters';
import { readParameter, readSecret } from '../../nodes/Smsapi/trigger/callSettings';
import {
	callWebhook,
	createWorkflow,
	dlrQuery,
	FakeResponse,
	itemsOf,
	NODE_ID,
	NODE_NAME,
	pathSecretUrlPath,
	registeredWebhooks,
	respondLikeN8n,
} from './support/webhook-calls';
import { webhookContext } from '../support/n8n-context';
import { report, trigger, useTriggerNode } from './support/webhook-setup';

useTriggerNode();

afterEach(() => jest.restoreAllMocks());

describe('parameters read without n8n’s expression engine', () => {
	it('a callback with the default Secret (`={{ $nodeId }}`) and options without expressions asks n8n for no parameter', async () => {
		const getNodeParameter = jest.spyOn(WebhookContext.prototype, 'getNodeParameter');
		const workflow = createWorkflow(trigger, { event: 'dlr', options: { usernames: 'acme' }, filters: { statuses: ['DELIVERED'] } });
		const call = await callWebhook(trigger, workflow, { path: pathSecretUrlPath(workflow), query: dlrQuery([report('1', '404')]) });
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
		expect(itemsOf(call)).toHaveLength(1);
		expect(getNodeParameter).not.toHaveBeenCalled();
	});

	it('parameters that hold an expression are still resolved by n8n, and only those', async () => {
		const getNodeParameter = jest.spyOn(WebhookContext.prototype, 'getNodeParameter');
		const workflow = createWorkflow(trigger, { event: 'dlr', secret: '={{ "Xy7" + "-secret" }}', options: { usernames: '={{ "acme" }}' } });
		const call = await callWebhook(trigger, workflow, { path: pathSecretUrlPath(workflow), query: dlrQuery([report('1', '404')]) });
		expect(pathSecretUrlPath(workflow)).toMatch(/\/dlr\/Xy7-secret$/);
		expect(respondLikeN8n(call)).toEqual({ status: 200, body: 'OK', executes: true });
		expect(getNodeParameter.mock.calls.map(([name]) => name).sort()).toEqual(['options', 'secret']);
	});

	it.each([
		{ event: 'dlr' },
		{ event: 'mo', secret: 'Xy7', filters: { keywords: 'STOP', keywordMatch: 'contains' }, deduplicate: false },
		{ event: 'hlr', secret: '={{ $nodeId }}', options: { allowedIps: '10.0.0.0/8', usernames: '' } },
		{ event: 'click', secret: '={{$nodeId}}', options: { allowedIps: '={{ ["10.0.0.1"] }}' } },
		{ event: 'bulk', secret: '={{ $nodeId + "x" }}', filters: {} },
	])('every parameter as n8n’s getNodeParameter gives it: %j', (parameters) => {
		const workflow = createWorkflow(trigger, parameters as IDataObject);
		const node = workflow.getNode(NODE_NAME)!;
		const webhook = registeredWebhooks(workflow)[0];
		const context = webhookContext(workflow, node, webhook, { request: {}, response: new FakeResponse() });
		for (const [name, fallback] of [['event', 'dlr'], ['options', {}], ['filters', {}], ['deduplicate', true], ['receiver', 'all'], ['absent', 'x']] as const) {
			expect(readParameter(context, node, name, fallback)).toEqual(context.getNodeParameter(name, fallback));
		}
		expect(readSecret(context, node)).toEqual(context.getNodeParameter('secret', ''));
	});

	it('the default Secret is the node’s ID', () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const node = workflow.getNode(NODE_NAME)!;
		expect(node.parameters.secret).toBe('={{ $nodeId }}');
		expect(readSecret({ getNodeParameter: () => { throw new Error('not asked'); } }, node)).toBe(NODE_ID);
	});

	it('n8n resolving the webhooks (on every callback) resolves the default Secret once per field that needs it, not once per read', () => {
		const workflow = createWorkflow(trigger, { event: 'dlr' });
		const getParameterValue = jest.spyOn(workflow.expression, 'getParameterValue');
		const webhooks = registeredWebhooks(workflow);
		expect(webhooks.map(({ method, path }) => `${method} ${path.slice(path.indexOf('/'))}`)).toEqual([`GET /dlr/${NODE_ID}`, 'GET /dlr']);
		const secretReads = getParameterValue.mock.calls.filter(([value]) => value === '={{ $nodeId }}');
		// The path of the path-secret webhook and the methods of the query-secret one read the Secret.
		expect(secretReads).toHaveLength(2);
	});

	it('tells values with an expression anywhere from plain ones', () => {
		expect([holdsExpression('=x'), holdsExpression({ a: [1, { b: '={{1}}' }] }), holdsExpression(['a', '=b'])]).toEqual([true, true, true]);
		expect([holdsExpression('x='), holdsExpression({ a: [1, { b: 'c' }] }), holdsExpression(null), holdsExpression(true)]).toEqual([false, false, false, false]);
	});
});
