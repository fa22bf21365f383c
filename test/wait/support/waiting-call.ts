/**
 * One call of a waiting execution's address, as n8n's WaitingWebhooks hands it to the waiting
 * node's `webhook()`: n8n-core's real WebhookContext over the execution's data, the first entry of
 * whose execution stack is the waiting node with its input (n8n's `webhook-context.ts`). Both
 * waits' test supports call it (test/delivery/support, test/approval/support).
 */
import { WebhookContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject, INode, INodeExecutionData, IRunExecutionData, IWebhookData, IWebhookResponseData } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { createWorkflow, n8nAdditionalData } from '../../support/n8n-context';
import { operationCredentials } from '../../operations/support/run-node';
import { WaitResponse } from './response';

export interface WaitingCall {
	node: INode;
	/** The waiting node's input as stored. */
	item: INodeExecutionData;
	executionId: string;
	request: { method: string; query: unknown; body: unknown; headers: IDataObject };
	/** The credential n8n hands the node (default: the operations' token credential). */
	credentials?: ICredentialDataDecryptedObject;
	/** The path n8n matched: '' for the delivery wait's address, the node's id for the answer link. */
	path: string;
}

export async function callWaitingNode(call: WaitingCall): Promise<{ result: IWebhookResponseData; response: WaitResponse }> {
	const { node, request } = call;
	const workflow = createWorkflow({ node });
	const saved = workflow.getNode(node.name)!;
	const response = new WaitResponse();
	const httpRequest = { ...request, params: {}, ip: '127.0.0.1' };
	const additionalData = n8nAdditionalData({ credentials: call.credentials ?? operationCredentials(), executionId: call.executionId, httpRequest, httpResponse: response });
	const runExecutionData = {
		resultData: { runData: {}, lastNodeExecuted: node.name },
		executionData: {
			contextData: {},
			nodeExecutionStack: [{ node: saved, data: { main: [[call.item]] }, source: null }],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
	const description = new Smsapi().description.webhooks!.find((webhook) => webhook.httpMethod === request.method && (call.path === '') === (webhook.path === ''))!;
	const webhookData = { httpMethod: request.method, node: node.name, path: call.path, webhookDescription: description, workflowId: workflow.id, workflowExecuteAdditionalData: additionalData } as unknown as IWebhookData;
	const context = new WebhookContext(workflow, saved, additionalData, 'webhook', webhookData, [], runExecutionData);
	const result = (await new Smsapi().webhook.call(context)) as IWebhookResponseData;
	return { result, response };
}
