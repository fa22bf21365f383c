/**
 * A parameter's stored value (items/storedParameters.ts): read by its path through collections as
 * n8n saved it, unresolved; whether it holds an expression anywhere (a text starting with `=`, in a
 * list or a collection too).
 */
import { holdsExpression, storedParameter } from '../../nodes/Smsapi/items/storedParameters';
import { executeContext, smsapiNode } from '../support/n8n-context';

describe('stored parameters', () => {
	const context = executeContext({ node: smsapiNode({ resource: 'sms', operation: 'send', to: '={{ $json.to }}', message: 'Hi', options: { from: 'Bakery', idx: '={{ $json.id }}' } }) });

	it('reads a stored value by its path, unresolved, and nothing past a value', () => {
		expect(storedParameter(context, 'to')).toBe('={{ $json.to }}');
		expect(storedParameter(context, 'options.from')).toBe('Bakery');
		expect(storedParameter(context, 'options.idx')).toBe('={{ $json.id }}');
		expect(storedParameter(context, 'options.missing')).toBeUndefined();
		expect(storedParameter(context, 'message.length')).toBeUndefined();
	});

	it('tells an expression anywhere from plain values', () => {
		expect(holdsExpression('={{ 1 }}')).toBe(true);
		expect(holdsExpression({ from: 'Bakery', idx: '={{ $json.id }}' })).toBe(true);
		expect(holdsExpression([['plain'], ['={{ $json.x }}']])).toBe(true);
		expect(holdsExpression({ from: 'Bakery', flags: [true, 1, null] })).toBe(false);
		expect(holdsExpression('a = b')).toBe(false);
	});
});
