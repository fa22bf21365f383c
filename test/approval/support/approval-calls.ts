/**
 * An execution waiting in SMS → Send and Wait for Approval at the unit level, and calls of its
 * answer link. The node's real `execute` (n8n-core's ExecuteContext, `nock` as the service) sends
 * and leaves the waiting item as its input; a call then runs the node's `webhook()` in n8n-core's
 * real WebhookContext over that execution's data, as n8n's WaitingWebhooks hands it over (the first
 * entry of the execution stack is the waiting node with its input: test/delivery/support/resume-calls.ts does
 * the same for the delivery wait). Real n8n runs it in test/e2e/approval.test.ts.
 */
import { Container } from '@n8n/di';
import nock from 'nock';
import { InstanceSettings } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeParameters, IWebhookResponseData } from 'n8n-workflow';

import { Smsapi } from '../../../nodes/Smsapi/Smsapi.node';
import { mockService, nodeContext, type WireRequest } from '../../operations/support/run-node';
import type { WaitResponse } from '../../wait/support/response';
import { callWaitingNode } from '../../wait/support/waiting-call';

/** n8n signs resume addresses with its instance's secret (n8n-core's `getSignedResumeUrl`). */
export const SIGNING_SECRET = 'test-signing-secret';
Object.assign(Container.get(InstanceSettings), { hmacSignatureSecret: SIGNING_SECRET });


/** The parameters of an approval node; `extra` adds or replaces any. */
export function approvalParameters(extra: INodeParameters = {}): INodeParameters {
	return { resource: 'sms', operation: 'sendAndWait', to: '48500000001', message: 'Refund 120 EUR to order 1024?', responseType: 'approval', options: {}, ...extra };
}

/** The service answering sms.do (message `msg-1`) and short_url/links (`http://idz.do/ab12x`, id 101, which it deletes). */
export function approvalService() {
	return mockService()
		.on('POST', '/sms.do', (request) => [
			200,
			{ count: 1, list: [{ id: 'msg-1', points: '0.16', number: request.body.to, date_sent: 1700000000, submitted_number: request.body.to, status: 'QUEUE', idx: request.body.idx }] },
		])
		.on('POST', '/short_url/links', (request) => [201, { id: '101', name: 'ab12x', url: request.body.url, short_url: 'http://idz.do/ab12x', expire: '2030-01-01T00:00:00+00:00', hits: 0, hits_unique: 0, description: request.body.description ?? null }])
		.on('DELETE', '/short_url/links/101', () => [204, '']);
}

export interface Waiting {
	/** The link as the SMS carries it: the short address (or the long one), the check as its fragment. */
	smsLink: string;
	/** The answer address without the check: the short link's target (what the service lists), or the long link. */
	link: URL;
	/** The check, from the SMS link's fragment. */
	check: string;
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
	const smsLink = text.slice(text.lastIndexOf('\n') + 1);
	const [address, check] = smsLink.split('#');
	const link = new URL(shortened ? shortened.body.url : address);
	const [item] = context.getExecuteData().data.main[0] as INodeExecutionData[];
	return { smsLink, link, check, item, node: context.getNode(), executionId, waitTill: waitTill!, requests: service.calls };
}

export interface AnswerCall {
	method?: 'GET' | 'POST';
	/** What n8n's Express parsed from the query string (any shape); default the link's own query. */
	query?: unknown;
	body?: unknown;
	/** The check the page posts in the body (default: the SMS link's, on a POST); `null`: none. */
	check?: unknown;
	headers?: IDataObject;
	/** The waiting item as stored (default: the one the send left). */
	item?: INodeExecutionData;
	/** The node as stored (default: the one that sent). */
	node?: INode;
}

export interface AnswerResult {
	result: IWebhookResponseData;
	response: WaitResponse;
	/** The page the caller got (written by the node, or handed to n8n to send). */
	html: string;
	status: number;
	/** The items the execution resumes with, if it resumes. */
	resumed?: IDataObject;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `body` with the page's check field, where the page's form would carry it (n8n's `{ data, files }` too). */
function withCheck(body: unknown, check: unknown): unknown {
	if (check === null || check === undefined) return body;
	if (isObject(body) && isObject(body.data)) return { ...body, data: { smsapi_check: check, ...body.data } };
	return isObject(body) ? { smsapi_check: check, ...body } : body;
}

/** One call of the answer link through the node's `webhook()` (the node's GET or POST answer webhook). */
export async function callAnswer(waiting: Waiting, call: AnswerCall = {}): Promise<AnswerResult> {
	const node = call.node ?? waiting.node;
	const method = call.method ?? 'GET';
	const check = 'check' in call ? call.check : method === 'POST' ? waiting.check : null;
	const body = method === 'POST' ? withCheck(call.body ?? {}, check) : (call.body ?? {});
	const request = { method, query: call.query ?? Object.fromEntries(waiting.link.searchParams), body, headers: call.headers ?? {} };
	const { result, response } = await callWaitingNode({ node, item: call.item ?? waiting.item, executionId: waiting.executionId, request, path: node.id });
	const resumed = result.workflowData?.[0]?.[0]?.json;
	const html = response.ended ? (response.body ?? '') : String(result.webhookResponse ?? '');
	return { result, response, html, status: response.ended ? response.statusCode : 200, resumed };
}

/** The question page, as the opening page's script asks for it (POST of the check from the fragment). */
export async function openQuestion(waiting: Waiting, extra: Partial<AnswerCall> = {}): Promise<AnswerResult> {
	return await callAnswer(waiting, { method: 'POST', body: { step: 'open' }, ...extra });
}
