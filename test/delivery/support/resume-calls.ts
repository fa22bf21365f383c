/**
 * A waiting execution of SMS → Send and Wait for Delivery at the unit level, and calls of its
 * resume address. The node's real `execute` (n8n-core's ExecuteContext, `nock` as the service)
 * sends and leaves the waiting item as its input; a call then runs the node's `webhook()` in
 * n8n-core's real WebhookContext over that execution's data, as n8n's WaitingWebhooks hands it
 * over (n8n's `webhook-context.ts`: the first entry of the execution stack is the waiting node
 * with its input). Real n8n runs the same in test/e2e/send-and-wait.test.ts.
 */
import nock from 'nock';
import type { ICredentialDataDecryptedObject, IDataObject, INode, INodeExecutionData, IWebhookResponseData } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { mockService, nodeContext } from '../../operations/support/run-node';
import type { WaitResponse } from '../../wait/support/response';
import { callWaitingNode } from '../../wait/support/waiting-call';


export interface Waiting {
	/** The address the service got as `notify_url`. */
	notifyUrl: URL;
	/** The waiting node's input: what n8n passes on at the limit. */
	item: INodeExecutionData;
	node: INode;
	executionId: string;
	messageId: string;
	idx: string;
	number: string;
}

/**
 * Sends through the node's `execute` (to `number`, the service answering with `messageId`) and
 * returns the waiting execution. Replaces every `nock` mock of the test (one send is counted).
 */
export async function startWaiting(
	options: { executionId?: string; credentials?: ICredentialDataDecryptedObject; number?: string; messageId?: string } = {},
): Promise<Waiting> {
	const number = options.number ?? '48500000001';
	const messageId = options.messageId ?? 'msg-1';
	const executionId = options.executionId ?? 'exec-7';
	nock.cleanAll();
	const sms = mockService().on('POST', '/sms.do', (request) => [
		200,
		{ count: 1, list: [{ id: messageId, points: '0.16', number, date_sent: 1700000000, submitted_number: number, status: 'QUEUE', idx: request.body.idx }] },
	]);
	const context = nodeContext({
		parameters: { resource: 'sms', operation: 'sendAndWaitForDelivery', to: number, message: 'Your code is 123456', options: {} },
		typeVersion: 1.1,
		executionId,
		credentials: options.credentials,
	});
	context.putExecutionToWait = async () => undefined;
	await new Smsapi().execute.call(context);
	if (sms.calls.length !== 1) throw new Error(`expected one send, got ${sms.calls.length}`);
	const [item] = context.getExecuteData().data.main[0] as INodeExecutionData[];
	return { notifyUrl: new URL(sms.calls[0].body.notify_url), item, node: context.getNode(), executionId, messageId, idx: sms.calls[0].body.idx, number };
}

/** A delivery report of the waiting message as the service sends it (docs/service-behaviour.md, "Callbacks"). */
export function reportQuery(waiting: Waiting, status: number, name: string, check = waiting.notifyUrl.searchParams.get('smsapi_check')): IDataObject {
	return {
		...Object.fromEntries(waiting.notifyUrl.searchParams),
		MsgId: waiting.messageId,
		status: String(status),
		status_name: name,
		idx: waiting.idx,
		sent_at: '1700000000',
		donedate: '1700000100',
		username: 'acme',
		points: '0.16',
		to: waiting.number,
		mcc: '260',
		mnc: '2',
		...(check === undefined || check === null ? {} : { smsapi_check: check }),
	};
}

export interface ResumeCall {
	/** What n8n's Express parsed from the query string (any shape: arrays, objects, repeated names). */
	query?: unknown;
	body?: unknown;
	method?: string;
	headers?: IDataObject;
	/** The stored credential at the time of the call; `null`: the credential was deleted. Default: the test credential. */
	credentials?: ICredentialDataDecryptedObject | null;
	/** The waiting item as stored (default: the one the send left). */
	item?: INodeExecutionData;
}

export interface ResumeResult {
	result: IWebhookResponseData;
	response: WaitResponse;
	/** Resumes the execution: n8n runs on with these items. */
	resumes: boolean;
}

/** One call of the resume address through the node's `webhook()`. */
export async function callResume(waiting: Waiting, call: ResumeCall = {}): Promise<ResumeResult> {
	const node: INode =
		call.credentials === null ? { ...waiting.node, credentials: {} } : waiting.node;
	const { result, response } = await callWaitingNode({
		node,
		item: call.item ?? waiting.item,
		executionId: waiting.executionId,
		request: { method: call.method ?? 'GET', query: call.query ?? {}, body: call.body ?? {}, headers: call.headers ?? {} },
		credentials: call.credentials ?? undefined,
		path: '',
	});
	return { result, response, resumes: result.workflowData !== undefined };
}
