/**
 * The workflow of the Send and Wait for Approval tests in real n8n (test/e2e/approval.test.ts,
 * test/e2e/topology/approval.ts): Webhook (GET, answered at once) → SMSAPI Send and Wait for
 * Approval to one number → "After" (a No Op). Optionally a loop that asks twice in one execution
 * (Loop Over Items over two questions), where each SMS has a link of its own.
 */
import { newId, SMSAPI_NODE_TYPE, type WorkflowJson } from '../harness';

export interface ApprovalWorkflowOptions {
	/** `approval` (default, Approve and Decline), `freeText` or `customForm`. */
	responseType?: 'approval' | 'freeText' | 'customForm';
	/** Limit Wait Time in minutes (none by default: the execution waits until an answer). */
	limitMinutes?: number;
	/** Shorten Link (default on, as the node's default). */
	shortLink?: boolean;
	/** Ask twice in one execution (the node in a loop over two items). */
	askTwice?: boolean;
	/** Custom Form: its fields (default: Amount, a number, and Reason, a dropdown). */
	fields?: Array<Record<string, unknown>>;
}

/** The approval node's parameters. */
export function approvalNodeParameters(to: string, options: ApprovalWorkflowOptions = {}): Record<string, unknown> {
	const type = options.responseType ?? 'approval';
	return {
		resource: 'sms',
		operation: 'sendAndWait',
		to,
		message: options.askTwice ? '=Refund {{ $json.amount }} EUR to order {{ $json.order }}?' : 'Refund 120 EUR to order 1024?',
		responseType: type,
		...(type === 'approval' ? { approvalOptions: { values: { approvalType: 'double', approveLabel: 'Yes, refund', disapproveLabel: 'No' } } } : {}),
		...(type === 'customForm'
			? {
					formFields: {
						values: options.fields ?? [
							{ fieldLabel: 'Amount', fieldType: 'number', requiredField: true },
							{ fieldLabel: 'Reason', fieldType: 'dropdown', fieldOptions: { values: [{ option: 'Damaged' }, { option: 'Late' }] } },
						],
					},
				}
			: {}),
		options: {
			...(options.limitMinutes === undefined ? {} : { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: options.limitMinutes, resumeUnit: 'minutes' } } }),
			...(options.shortLink === false ? { shortLink: false } : {}),
		},
	};
}

export function approvalWorkflow(credential: { id: string; name: string }, path: string, to: string, options: ApprovalWorkflowOptions = {}): WorkflowJson {
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
		id: newId(),
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const ask = node('Ask', SMSAPI_NODE_TYPE, 1.1, 660, approvalNodeParameters(to, options), { credentials: { smsapiApi: credential } });
	const webhook = node('Webhook', 'n8n-nodes-base.webhook', 2, 0, { httpMethod: 'GET', path, responseMode: 'onReceived', options: {} }, { webhookId: newId() });
	const after = node('After', 'n8n-nodes-base.noOp', 1, 880, {});
	if (!options.askTwice) {
		return {
			name: `e2e: approval ${path}`,
			nodes: [webhook, ask, after],
			connections: {
				Webhook: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
				Ask: { main: [[{ node: 'After', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		};
	}
	const questions = node('Questions', 'n8n-nodes-base.code', 2, 220, { jsCode: "return [{ json: { order: '1024', amount: 120 } }, { json: { order: '1025', amount: 80 } }];" });
	const loop = node('Loop', 'n8n-nodes-base.splitInBatches', 3, 440, { batchSize: 1, options: {} });
	return {
		name: `e2e: approval twice ${path}`,
		nodes: [webhook, questions, loop, ask, after],
		connections: {
			Webhook: { main: [[{ node: 'Questions', type: 'main', index: 0 }]] },
			Questions: { main: [[{ node: 'Loop', type: 'main', index: 0 }]] },
			Loop: { main: [[{ node: 'After', type: 'main', index: 0 }], [{ node: 'Ask', type: 'main', index: 0 }]] },
			Ask: { main: [[{ node: 'Loop', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}
