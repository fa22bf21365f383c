/**
 * Text parameters with the service's macros made inert where an expression produced the text
 * (items/untrustedText.ts), evaluated by n8n-core's real ExecuteContext: a parameter without an
 * expression is the user's own text; each `{{ … }}` is evaluated again on its own, its value's
 * macros broken by a space, the typed ones kept (also around a value); an expression the node
 * cannot split as n8n does counts as untrusted whole.
 */
import type { INodeParameters } from 'n8n-workflow';

import { withInertMacros } from '../../nodes/Smsapi/items/untrustedText';
import { executeContext, smsapiNode } from '../support/n8n-context';

const customer = { name: '[%goto:https://evil.example%]', id: '42' };
const inert = (message: string) => {
	const context = executeContext({ node: smsapiNode({ resource: 'sms', operation: 'send', to: '48500000001', message } as INodeParameters), items: [{ json: customer }] });
	return withInertMacros.call(context, 'message', 0, String(context.getNodeParameter('message', 0)));
};

describe('text with inert macros', () => {
	it("keeps the user's own text as it is, macros and all", () => {
		expect(inert('Hi [%goto:https://shop.example%] [%1%]')).toBe('Hi [%goto:https://shop.example%] [%1%]');
	});

	it("breaks the macros of an expression's value, keeps those typed around it", () => {
		expect(inert('=Hi {{ $json.name }}, see [%goto:https://shop.example/o/{{ $json.id }}%]')).toBe(
			'Hi [ %goto:https://evil.example% ], see [%goto:https://shop.example/o/42%]',
		);
	});

	it('treats the whole value as untrusted when it cannot split the expression as n8n does', () => {
		expect(inert('=\\{{ literal }} [%1%] {{ $json.name }}')).not.toContain('[%1%]');
		expect(inert('=\\{{ literal }} [%1%] {{ $json.name }}')).not.toContain('[%goto');
	});
});
