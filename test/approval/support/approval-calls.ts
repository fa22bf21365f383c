/**
 * An execution waiting in SMS → Send and Wait for Approval at the unit level, and calls of its
 * answer link. The node's real `execute` (n8n-core's ExecuteContext, `nock` as the service) sends
 * and leaves the waiting item as its input; a call then runs the node's `webhook()` in n8n-core's
 * real WebhookContext over that execution's data, as n8n's WaitingWebhooks hands it over (the first
 * entry of the execution stack is the waiting node with its input: test/wait/support/resume-calls.ts does
 * the same for the delivery wait). Real n8n runs it in test/e2e/approval.test.ts.
 */
import { Container } from '@n8n/di';
import nock from 'nock';
import { InstanceSettings, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRunExecutionData,
	IWebhookData,
	IWebhookResponseData,
} from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { createWorkflow, n8nAdditionalData } from '../../support/n8n-context';
import { mockService, nodeContext, operationCredentials, type WireRequest } from '../../operations/support/run-node';
import { FakeResponse } from '../../trigger/support/webhook-calls';

/** n8n signs resume addresses with its instance's secret (n8n-core's `getSignedResumeUrl`). */
export const SIGNING_SECRET = 'test-signing-secret';
Object.assign(Container.get(InstanceSettings), { hmacSignatureSecret: SIGNING_SECRET });

/** Express's response as the node's webhooks write their answers with it. */
export class PageResponse extends FakeResponse {
	type(type: string) {
		this.headers['content-type'] = type;
		return this;
	}

	setHeader(name: string, value: string) {
		this.headers[name.toLowerCase()] = value;
		return this;
	}
}

/** The parameters of an approval node; `extra` adds or replaces any. */
export function approvalParameters(extra: INodeParameters = {}): INodeParameters {
	return { resource: 'sms', operation: 'sendAndWait', to: '48500000001', message: 'Refund 120 EUR to order 1024?', responseType: 'approval', options: {}, ...extra };
}

/** The service answering sms.do (message `msg-1`) and short_url/links (`http://idz.do/ab12x`). */
export function approvalService() {
	return mockService()
		.on('POST', '/sms.do', (request) => [
			200,
			{ count: 1, list: [{ id: 'msg-1', points: '0.16', number: request.body.to, date_sent: 1700000000, submitted_number: request.body.to, status: 'QUEUE', idx: request.body.idx }] },
		])
		.on('POST', '/short_url/links', (request) => [201, { id: '101', name: 'ab12x', url: request.body.url, short_url: 'http://idz.do/ab12x', expire: '2030-01-01T00:00:00+00:00', hits: 0, hits_unique: 0, description: request.body.description ?? null }]);
}

export interface Waiting {
	/** The long answer link (the short link's target; the link itself when Shorten Link is off). */
	link: URL;
	/** The waiting node's input: what n8n passes on at the limit. */
	item: INodeExecutionData;
	node: INode;
	executionId: string;
	/** When n8n resumes it by itself. */
	waitTill: Date;
	/** The requests the service got. */
	requests: WireRequest[];
}

/** Sends through the node's `execute` and returns the waiting execution. Replaces every `nock` mock of the test. */
export async function startWaiting(parameters: INodeParameters = approvalParameters(), executionId = 'exec-7'): Promise<Waiting> {
	nock.cleanAll();
	const service = approvalService();
	const context = nodeContext({ parameters, typeVersion: 1.1, executionId });
	let waitTill: Date | undefined;
	context.putExecutionToWait = async (date: Date) => {
		waitTill = date;
	};
	await new Smsapi().execute.call(context);
	const sms = service.calls.filter((request) => request.path === '/sms.do');
	if (sms.length !== 1) throw new Error(`expected one send, got ${sms.length}`);
	const shortened = service.calls.find((request) => request.path === '/short_url/links');
	const text = sms[0].body.message;
	const link = new URL(shortened ? shortened.body.url : text.slice(text.lastIndexOf('\n') + 1));
	const [item] = context.getExecuteData().data.main[0] as INodeExecutionData[];
	return { link, item, node: context.getNode(), executionId, waitTill: waitTill!, requests: service.calls };
}

export interface AnswerCall {
	method?: 'GET' | 'POST';
	/** What n8n's Express parsed from the query string (any shape); default the link's own query. */
	query?: unknown;
	body?: unknown;
	headers?: IDataObject;
	/** The waiting item as stored (default: the one the send left). */
	item?: INodeExecutionData;
	/** The node as stored (default: the one that sent). */
	node?: INode;
}

export interface AnswerResult {
	result: IWebhookResponseData;
	response: PageResponse;
	/** The page the caller got (written by the node, or handed to n8n to send). */
	html: string;
	status: number;
	/** The items the execution resumes with, if it resumes. */
	resumed?: IDataObject;
}

/** One call of the answer link through the node's `webhook()` (the node's GET or POST answer webhook). */
export async function callAnswer(waiting: Waiting, call: AnswerCall = {}): Promise<AnswerResult> {
	const node = call.node ?? waiting.node;
	const workflow = createWorkflow({ node });
	const saved = workflow.getNode(node.name)!;
	const method = call.method ?? 'GET';
	const request = { method, query: call.query ?? Object.fromEntries(waiting.link.searchParams), body: call.body ?? {}, headers: call.headers ?? {}, params: {}, ip: '127.0.0.1' };
	const response = new PageResponse();
	const additionalData = n8nAdditionalData({ credentials: operationCredentials(), executionId: waiting.executionId, httpRequest: request, httpResponse: response });
	const runExecutionData = {
		resultData: { runData: {}, lastNodeExecuted: node.name },
		executionData: {
			contextData: {},
			nodeExecutionStack: [{ node: saved, data: { main: [[call.item ?? waiting.item]] }, source: null }],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
	const description = new Smsapi().description.webhooks!.find((webhook) => webhook.httpMethod === method && webhook.path !== '')!;
	const webhookData = { httpMethod: method, node: node.name, path: node.id, webhookDescription: description, workflowId: workflow.id, workflowExecuteAdditionalData: additionalData } as unknown as IWebhookData;
	const context = new WebhookContext(workflow, saved, additionalData, 'webhook', webhookData, [], runExecutionData);
	const result = (await new Smsapi().webhook.call(context)) as IWebhookResponseData;
	const resumed = result.workflowData?.[0]?.[0]?.json;
	const html = response.ended ? (response.body ?? '') : String(result.webhookResponse ?? '');
	return { result, response, html, status: response.ended ? response.statusCode : 200, resumed };
}
