import type {
	IDataObject,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { parseCallback } from '../callbacks/callbackParsing';
import { deliveredItem, endsTheWait, reportsOf } from './deliveryWait';
import {
	CHECK_HASH_FIELD,
	WAIT_CHECK_PARAMETER,
	checkMatches,
	earlierCheckMatches,
} from './reportCheck';

/**
 * The resume address of an execution waiting in Send and Wait for Delivery: n8n calls `webhook()`
 * only for an execution waiting on this node (`restartWebhook`), at `/webhook-waiting/<execution>`
 * (n8n 2.x also checks its own token there). The service calls it with GET, as every delivery
 * report (docs/service-behaviour.md, "Callbacks").
 */
export const resumeWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'GET',
		responseMode: 'onReceived',
		responseData: 'OK',
		path: '',
		restartWebhook: true,
		isFullPath: true,
		ndvHideUrl: true,
		ndvHideMethod: true,
	},
];

/**
 * Executions this process has resumed lately (execution and node → when). n8n 1.x lets two calls
 * that arrive together both resume a waiting execution (it reads the status before either marks it
 * running; 2.x claims it): a second final report taken here within CLAIM_MS is answered OK and
 * resumes nothing. Calls handled by another n8n process are beyond this (docs/send-and-wait.md).
 */
const resumed = new Map<string, number>();
const CLAIM_MS = 10_000;

/** Claims the resume of this execution's node; false when this process already did. */
export function claimResume(executionId: string, nodeId: string, now = Date.now()): boolean {
	for (const [key, at] of resumed) {
		if (now - at < CLAIM_MS) break;
		resumed.delete(key);
	}
	const key = JSON.stringify([executionId, nodeId]);
	const at = resumed.get(key);
	if (at !== undefined && now - at < CLAIM_MS) return false;
	resumed.delete(key);
	resumed.set(key, now);
	return true;
}

interface PlainResponse {
	status(code: number): PlainResponse;
	type(type: string): PlainResponse;
	send(body: string): unknown;
}

/** Answered, and the execution keeps waiting. */
function answer(this: IWebhookFunctions, status: number, text: string): IWebhookResponseData {
	try {
		(this.getResponseObject() as unknown as PlainResponse)
			.status(status)
			.type('text/plain')
			.send(text);
		return { noWebhookResponse: true };
	} catch {
		// No response object to answer with: n8n answers 200 with the text; nothing resumes.
		return { webhookResponse: text };
	}
}

/** The item the node left waiting (what n8n would pass on at the limit), as plain data. */
export function waitingItem(this: IWebhookFunctions): IDataObject | undefined {
	const value = this.evaluateExpression('{{ $json }}', 0) as unknown;
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	return JSON.parse(JSON.stringify(value)) as IDataObject;
}

/** Whether the call carries the check of the waiting message's report address (reportCheck.ts). */
async function carriesCheck(
	this: IWebhookFunctions,
	waiting: IDataObject,
	given: unknown,
): Promise<boolean> {
	if (waiting[CHECK_HASH_FIELD] !== undefined)
		return checkMatches(given, waiting[CHECK_HASH_FIELD]);
	// An execution that began waiting before the random check: its check is keyed with the
	// credential, which may be gone (then the call is refused like any other without the check).
	let credentials: IDataObject;
	try {
		credentials = (await this.getCredentials('smsapiApi')) as IDataObject;
	} catch {
		return false;
	}
	return earlierCheckMatches(given, credentials, {
		executionId: this.getExecutionId(),
		nodeId: this.getNode().id,
		idx: String(waiting.idx ?? ''),
	});
}

/**
 * A call of the resume address: resumes only with the waiting message's report that ends the wait
 * (endsTheWait), on an address with this execution's check. Anything else is answered and changes
 * nothing: a report on the way (answered OK, the service then sends the next), one of another
 * message, a call without the check (403).
 */
async function judgeCall(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const nodeName = this.getNode().name;
	if (this.getNodeParameter('operation', '') !== 'sendAndWaitForDelivery')
		return answer.call(this, 404, 'Not Found');
	const waiting = waitingItem.call(this);
	if (!waiting || waiting.timedOut !== true) return answer.call(this, 404, 'Not Found');

	const query = this.getQueryData() as IDataObject;
	if (!(await carriesCheck.call(this, waiting, query[WAIT_CHECK_PARAMETER]))) {
		this.logger.warn(
			`SMSAPI "${nodeName}": a call of execution ${this.getExecutionId()}'s report address without its check was refused; the execution keeps waiting`,
		);
		return answer.call(this, 403, 'Forbidden');
	}
	const parsed = parseCallback('dlr', { query, body: this.getBodyData() });
	if (!parsed.ok) return answer.call(this, parsed.status, `Bad Request: ${parsed.reason}`);
	const ending = reportsOf(parsed.reports, waiting).find(endsTheWait);
	// A report on the way (queued, accepted by the network, sent without a report) or of another
	// message: keep waiting.
	if (!ending) return answer.call(this, 200, 'OK');
	// The same report twice at once: one resume (no await between the claim and the return).
	if (!claimResume(this.getExecutionId(), this.getNode().id)) return answer.call(this, 200, 'OK');
	return { workflowData: [[{ json: deliveredItem(waiting, ending), pairedItem: { item: 0 } }]] };
}

/**
 * The node's `webhook()` for a waiting execution. It never throws: n8n would end the waiting
 * execution with the error (and some versions resume it with an empty item; n8n's
 * `webhook-helpers.ts`), so one odd call would lose the wait. A call it cannot judge is answered
 * 500 (the service repeats a report it could not deliver) and the execution keeps waiting.
 */
export async function resumeOnReport(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return await judgeCall.call(this);
	} catch (error) {
		try {
			this.logger.warn(
				`SMSAPI "${this.getNode().name}": a call of a waiting execution's report address could not be read (${error instanceof Error ? error.name : 'error'}); the execution keeps waiting`,
			);
		} catch {
			// Nothing to log with: the answer below still keeps the execution waiting.
		}
		return answer.call(this, 500, 'Internal Server Error');
	}
}
