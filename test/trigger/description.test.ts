/**
 * The trigger's description as the editor shows it (trigger/description.ts): the chosen event as the
 * subtitle, and the public contract (type, display name, versions, event values, secret, credential).
 */
import {
	createWorkflow, NODE_NAME
} from './support/webhook-calls';
import { trigger, useTriggerNode } from './support/webhook-setup';

useTriggerNode();

describe('description', () => {
	it('shows the chosen event as subtitle', () => {
		const names: Record<string, string> = {};
		for (const event of ['dlr', 'click', 'mo', 'hlr', 'bulk']) {
			const workflow = createWorkflow(trigger, { event });
			const value = workflow.expression.getSimpleParameterValue(workflow.getNode(NODE_NAME)!, trigger.description.subtitle!, 'internal', {});
			names[event] = String(value);
		}
		expect(names).toEqual({
			dlr: 'Delivery Report',
			click: 'Short-Link Click',
			mo: 'Inbound Message',
			hlr: 'Number Lookup Result',
			bulk: 'Bulk Start',
		});
	});

	it('keeps the public contract: type, display name, event values, secret, credentials', () => {
		const { description } = trigger;
		expect(description).toMatchObject({ name: 'smsapiTrigger', displayName: 'SMSAPI Trigger', group: ['trigger'], inputs: [] });
		// Versions 1 and 2 stay served: saved triggers keep them (version 1: one execution per callback;
		// version 2: the Secret's default `={{ $nodeId }}` and a window counted from the first callback).
		expect(description.version).toEqual([1, 2, 3]);
		expect(description.defaultVersion).toBe(3);
		expect(description.credentials).toEqual([{ name: 'smsapiApi', required: true }]);
		const event = description.properties.find((property) => property.name === 'event')!;
		expect(event.options!.map((option) => (option as { value: string }).value).sort()).toEqual(['bulk', 'click', 'dlr', 'hlr', 'mmsDlr', 'mmsMo', 'mo', 'vmsDlr']);
		expect(description.properties.find((property) => property.name === 'secret')).toMatchObject({ type: 'string' });
	});
});
