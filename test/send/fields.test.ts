/**
 * The fields every send shares (send/fields.ts), as n8n-workflow reads them: Message hidden once a
 * template is chosen (so n8n does not refuse to run the node for an empty required Message), shown
 * again when the template is cleared; To and Message required; a channel's Options with the node's
 * own ones, sorted by name as n8n lists them, the lists given left as they were.
 */
import type { INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { HIDE_WITH_TEMPLATE, messageField, neutralizeMacrosOption, toField, withOwnOptions } from '../../nodes/Smsapi/send/fields';
import { sendOptions } from '../../nodes/Smsapi/send/sendOptions';

const message: INodeProperties = { ...messageField, displayOptions: HIDE_WITH_TEMPLATE };
const options: INodeProperties = { displayName: 'Options', name: 'options', type: 'collection', default: {}, options: sendOptions };

/** The parameters n8n would flag before running a node of To, Message (hidden with a template) and Options. */
function issues(parameters: INodeParameters): string[] {
	const node = { name: 'SMSAPI', parameters } as unknown as INode;
	return Object.keys(NodeHelpers.getNodeParametersIssues([toField, message, options], node, null)?.parameters ?? {});
}

describe('the fields of a send', () => {
	it('Message is hidden while a template is chosen, whatever gives its name; shown without one', () => {
		const shown = (root: INodeParameters) => NodeHelpers.displayParameter(root, message, null, null, root);
		expect(shown({ options: { template: 'welcome' } })).toBe(false);
		expect(shown({ options: { template: '={{ $json.template }}' } })).toBe(false);
		expect(shown({ options: { template: '' } })).toBe(true);
		expect(shown({ options: {} })).toBe(true);
		expect(shown({})).toBe(true);
	});

	it('n8n asks for To and Message; with a template it does not ask for the hidden Message', () => {
		expect(issues({ to: '', message: '', options: {} })).toEqual(['to', 'message']);
		expect(issues({ to: '48500000001', message: '', options: { template: 'welcome' } })).toEqual([]);
		expect(issues({ to: '48500000001', message: 'Hi', options: {} })).toEqual([]);
	});

	it("a channel's Options with the node's own, sorted by name, the lists given untouched", () => {
		const channel = sendOptions.filter((option) => ['test', 'date', 'idx'].includes(option.name));
		const before = channel.map((option) => option.name);
		const merged = withOwnOptions(channel, [neutralizeMacrosOption]);
		expect(merged.map((option) => option.displayName)).toEqual(['Date', 'Idx', 'Neutralize Macros From Expressions', 'Test']);
		expect(channel.map((option) => option.name)).toEqual(before);
		expect(merged).toHaveLength(4);
	});
});
