/**
 * The workflow of the Send and Wait for Delivery tests in real n8n (test/e2e/send-and-wait.test.ts,
 * test/e2e/topology/send-and-wait.ts): Webhook (GET, answered at once) → SMSAPI Send and Wait for
 * Delivery to one number → "After" (a No Op, or a Code node that fails once the message is delivered).
 */
import { newId, SMSAPI_NODE_TYPE, type WorkflowJson } from '../harness';

export interface WaitWorkflowOptions {
	/** Time Limit in seconds (default 600). */
	limitSeconds?: number;
	/** "After" fails when the message was delivered (for the Retry tests). */
	afterFails?: boolean;
}

export function sendAndWaitWorkflow(credential: { id: string; name: string }, path: string, to: string, options: WaitWorkflowOptions = {}): WorkflowJson {
	const after = options.afterFails
		? { id: newId(), name: 'After', type: 'n8n-nodes-base.code', typeVersion: 2, position: [440, 0], parameters: { jsCode: "if ($input.first().json.delivered) throw new Error('a later node fails'); return $input.all();" } }
		: { id: newId(), name: 'After', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} };
	return {
		name: `e2e: send and wait ${path}`,
		nodes: [
			{ id: newId(), name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: newId(), parameters: { httpMethod: 'GET', path, responseMode: 'onReceived', options: {} } },
			{
				id: newId(),
				name: 'Send and Wait',
				type: SMSAPI_NODE_TYPE,
				typeVersion: 1.1,
				position: [220, 0],
				parameters: { resource: 'sms', operation: 'sendAndWaitForDelivery', to, message: 'Your login code is 123456', timeLimit: options.limitSeconds ?? 600, timeLimitUnit: 'seconds', options: {} },
				credentials: { smsapiApi: credential },
			},
			after,
		],
		connections: {
			Webhook: { main: [[{ node: 'Send and Wait', type: 'main', index: 0 }]] },
			'Send and Wait': { main: [[{ node: 'After', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}
