/**
 * The trigger's webhooks as n8n 2.x reads them without its expression engine (trigger/webhookUrls.ts
 * `triggerWebhooks`, with the resolvers of trigger/webhookUrls.ts `webhookFieldsOf`): for a node whose
 * parameters hold no expression, what n8n computes natively is what the expressions the editor shows
 * give, for every event and Secret; a parameter with an expression leaves it to the engine; the
 * editor gets the descriptions without the resolvers. What a callback costs besides:
 * callSettings.callCost.test.ts.
 */
import { nodeParametersAreStatic, resolveWebhookDescriptionField, type IDataObject, type IWebhookDescription } from 'n8n-workflow';
import { TRIGGER_EVENTS } from '../../nodes/Smsapi/trigger/events';
import {
	createWorkflow, NODE_NAME
} from './support/webhook-calls';
import { trigger, useTriggerNode } from './support/webhook-setup';

useTriggerNode();

afterEach(() => jest.restoreAllMocks());

const SECRETS = ['', 'Xy7-secret', '  padded  ', 'a b/c?d#e%f', '.dot', "!'()*", '   ', 'zażółć', 'x=y'];

describe('webhook paths and methods without n8n’s expression engine (n8n 2.x)', () => {
	const nodeOf = (parameters: IDataObject) => createWorkflow(trigger, parameters).getNode(NODE_NAME)!;

	it.each(TRIGGER_EVENTS.flatMap((event) => SECRETS.map((secret) => ({ event, secret }))))(
		'%j: what n8n computes without the engine is what the expressions give',
		(parameters) => {
			const workflow = createWorkflow(trigger, parameters);
			const node = workflow.getNode(NODE_NAME)!;
			for (const description of trigger.description.webhooks as IWebhookDescription[]) {
				for (const field of ['path', 'httpMethod'] as const) {
					const native = resolveWebhookDescriptionField(node, description, field);
					expect(native.resolved).toBe(true);
					const engine = workflow.expression.getSimpleParameterValue(node, description[field], 'internal', {});
					expect(native.resolved && native.value).toEqual(engine);
				}
			}
		},
	);

	it('a parameter with an expression (the default Secret too) leaves it to the engine, as before', () => {
		for (const parameters of [{ event: 'dlr' }, { event: 'dlr', secret: '={{ "s" }}' }, { event: 'dlr', secret: 's', options: { usernames: '={{ "acme" }}' } }]) {
			for (const description of trigger.description.webhooks as IWebhookDescription[]) {
				expect(resolveWebhookDescriptionField(nodeOf(parameters), description, 'path')).toEqual({ resolved: false });
			}
		}
	});

	it('a new node (version 3) with its defaults holds no expression: n8n resolves its webhooks without the engine; version 2 with its defaults does not', () => {
		for (const event of TRIGGER_EVENTS) {
			const v3 = createWorkflow(trigger, { event }, {}, 'wf-1', 3).getNode(NODE_NAME)!;
			const v2 = createWorkflow(trigger, { event }, {}, 'wf-1', 2).getNode(NODE_NAME)!;
			// The parameters as n8n's Workflow fills them in with the version's defaults.
			expect([v3.parameters.secret, v2.parameters.secret]).toEqual(['', '={{ $nodeId }}']);
			expect(nodeParametersAreStatic(v3)).toBe(true);
			expect(nodeParametersAreStatic(v2)).toBe(false);
			const [shown, earlier] = trigger.description.webhooks as IWebhookDescription[];
			expect(resolveWebhookDescriptionField(v3, shown, 'path')).toEqual({ resolved: true, value: event });
			// No `?secret=` webhook without a Secret: n8n skips a webhook whose methods are empty.
			expect(resolveWebhookDescriptionField(v3, earlier, 'httpMethod')).toEqual({ resolved: true, value: '' });
			expect(resolveWebhookDescriptionField(v2, shown, 'path')).toEqual({ resolved: false });
		}
	});

	it('the editor gets the descriptions as before: the resolvers are not serialised', () => {
		const serialised = JSON.parse(JSON.stringify(trigger.description.webhooks)) as IWebhookDescription[];
		expect(serialised.map((webhook) => Object.keys(webhook).sort())).toEqual([
			['httpMethod', 'name', 'path', 'responseData', 'responseMode'],
			['httpMethod', 'name', 'ndvHideMethod', 'ndvHideUrl', 'path', 'responseData', 'responseMode'],
		]);
	});
});
