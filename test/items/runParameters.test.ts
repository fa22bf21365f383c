/**
 * A node's parameters for the items of one run (items/runParameters.ts) in n8n-core's real
 * ExecuteContext: a value without an expression asked of n8n once for the whole run; a plain read
 * of the item rendered by the node itself with n8n's own result; any other expression left to n8n
 * per item; a collection taken member by member; macros in what the item's values produced made
 * inert, the typed ones kept; one set of parameters per run.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { RunParameters, runParameters } from '../../nodes/Smsapi/items/runParameters';
import { executeContext, smsapiNode } from '../support/n8n-context';

const items: INodeExecutionData[] = [{ json: { to: '48500000001', name: 'Anna', code: 'A1' } }, { json: { to: '48500000002', name: '[%goto:https://evil.example%]', code: 'B2' } }];
const contextWith = (parameters: INodeParameters) => executeContext({ node: smsapiNode({ resource: 'sms', operation: 'send', ...parameters }), items });

describe("the run's parameters", () => {
	it('asks n8n once for a value without an expression, and gives every item the same', () => {
		const context = contextWith({ to: '48500000009', message: 'Hi' });
		const asked = jest.spyOn(context, 'getNodeParameter');
		const parameters = new RunParameters(context);
		expect([0, 1].map((itemIndex) => parameters.get('message', itemIndex, ''))).toEqual(['Hi', 'Hi']);
		expect(asked.mock.calls.filter(([name]) => name === 'message')).toHaveLength(1);
		expect(parameters.isConstant('message')).toBe(true);
	});

	it("renders a plain read of the item itself, as n8n does, without asking n8n", () => {
		const context = contextWith({ to: '={{ $json.to }}', message: '=Hi {{ $json.name }}, code {{ $json.code }}' });
		const asked = jest.spyOn(context, 'getNodeParameter');
		const parameters = new RunParameters(context);
		const rendered = [0, 1].map((itemIndex) => [parameters.get('to', itemIndex, ''), parameters.get('message', itemIndex, '')]);
		expect(asked).not.toHaveBeenCalled();
		expect(rendered).toEqual([0, 1].map((itemIndex) => [context.getNodeParameter('to', itemIndex), context.getNodeParameter('message', itemIndex)]));
		expect(rendered[0]).toEqual(['48500000001', 'Hi Anna, code A1']);
	});

	it('leaves any other expression to n8n, per item', () => {
		const context = contextWith({ to: '48500000009', message: '={{ $json.name.toUpperCase() }}' });
		const asked = jest.spyOn(context, 'getNodeParameter');
		const parameters = new RunParameters(context);
		expect([0, 1].map((itemIndex) => parameters.get('message', itemIndex, ''))).toEqual(['ANNA', '[%GOTO:HTTPS://EVIL.EXAMPLE%]']);
		expect(asked.mock.calls.filter(([name]) => name === 'message')).toHaveLength(2);
	});

	it('takes a collection member by member: a constant member once, an expression per item', () => {
		const context = contextWith({ to: '48500000009', message: 'Hi', options: { from: 'Bakery', idx: '={{ $json.code }}' } });
		const parameters = new RunParameters(context);
		expect([0, 1].map((itemIndex) => parameters.get('options', itemIndex, {}))).toEqual([
			{ from: 'Bakery', idx: 'A1' },
			{ from: 'Bakery', idx: 'B2' },
		]);
	});

	it("makes inert the macros the item's values produced, keeps those typed in the parameter", () => {
		const context = contextWith({ to: '48500000009', message: '=[%goto:https://shop.example%] Hi {{ $json.name }}' });
		const parameters = new RunParameters(context);
		const texts = [0, 1].map((itemIndex) => parameters.inertText('message', itemIndex, parameters.get('message', itemIndex, '')));
		expect(texts).toEqual(['[%goto:https://shop.example%] Hi Anna', '[%goto:https://shop.example%] Hi [ %goto:https://evil.example% ]']);
	});

	it('is one set of parameters per run (per context)', () => {
		const context = contextWith({ message: 'Hi' });
		expect(runParameters(context)).toBe(runParameters(context));
		expect(runParameters(contextWith({ message: 'Hi' }))).not.toBe(runParameters(context));
	});
});
