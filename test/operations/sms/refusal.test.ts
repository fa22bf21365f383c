/**
 * A Send and Wait operation's error before anything is sent (actions/sms/refusal.ts), made in
 * n8n-core's ExecuteContext: n8n's NodeOperationError of the node, at the item given (the first by
 * default), its description opening with "Nothing was sent." before what to change.
 */
import { NodeOperationError } from 'n8n-workflow';

import { refuse } from '../../../nodes/Smsapi/actions/sms/refusal';
import { executeContext, smsapiNode } from '../../support/n8n-context';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe('refuse', () => {
	const context = () => executeContext({ node: smsapiNode({}, { name: 'Ask the manager' }), items: [{ json: {} }, { json: {} }] });

	it("is the node's error at the item given, saying that nothing was sent and what to change", () => {
		const error = refuse.call(context(), 'Message is empty', 'Enter the question to ask.', 1);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Message is empty');
		expect(error.description).toBe('Nothing was sent. Enter the question to ask.');
		expect(error.context.itemIndex).toBe(1);
		expect(error.node.name).toBe('Ask the manager');
	});

	it('names the first item when no item is given', () => {
		expect(refuse.call(context(), 'To is empty', 'Enter one number.').context.itemIndex).toBe(0);
	});
});
