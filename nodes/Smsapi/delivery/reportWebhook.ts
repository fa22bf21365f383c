import type {
	IDataObject,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { parseCallback } from '../callbacks/callbackParsing';
import { CHECK_PARAMETER, checkMatches } from '../wait/check';
import { claimResume } from '../wait/claim';
import { judgeWithoutThrowing, keepWaiting, logRefusedCall } from '../wait/keepWaiting';
import { readWaitingItem } from '../wait/waitingItem';
import { deliveredItem, endsTheWait, reportsOf } from './deliveryWait';
import { CHECK_HASH_FIELD, earlierCheckMatches } from './reportCheck';

/**
 * The resume address of an execution waiting in Send and Wait for Delivery: n8n calls `webhook()`
 * only for an execution waiting on this node (`restartWebhook`), at `/webhook-waiting/<execution>`
 * (n8n 2.x also checks its own token there). The service calls it with GET, as every delivery
 * report (docs/service-behaviour.md, "Callbacks").
 */
export const reportWebhooks: IWebhookDescription[] = [
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

const ADDRESS = 'report address';

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
async function judgeReport(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const waiting = readWaitingItem.call(this);
	if (!waiting || waiting.timedOut !== true) return keepWaiting.call(this, 404, 'Not Found');

	const query = this.getQueryData() as IDataObject;
	if (!(await carriesCheck.call(this, waiting, query[CHECK_PARAMETER]))) {
		logRefusedCall.call(this, ADDRESS);
		return keepWaiting.call(this, 403, 'Forbidden');
	}
	const parsed = parseCallback('dlr', { query, body: this.getBodyData() });
	if (!parsed.ok) return keepWaiting.call(this, parsed.status, `Bad Request: ${parsed.reason}`);
	const ending = reportsOf(parsed.reports, waiting).find(endsTheWait);
	// A report on the way (queued, accepted by the network, sent without a report) or of another
	// message: keep waiting.
	if (!ending) return keepWaiting.call(this, 200, 'OK');
	// The same report twice at once: one resume (no await between the claim and the return).
	const hash = String(waiting[CHECK_HASH_FIELD] ?? '');
	if (!claimResume(this.getExecutionId(), this.getNode().id, hash))
		return keepWaiting.call(this, 200, 'OK');
	return { workflowData: [[{ json: deliveredItem(waiting, ending), pairedItem: { item: 0 } }]] };
}

/**
 * The node's `webhook()` for an execution waiting in Send and Wait for Delivery. A call it cannot
 * judge is answered 500 (the service repeats a report it could not deliver); it keeps waiting.
 */
export async function resumeOnReport(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	return await judgeWithoutThrowing.call(this, ADDRESS, judgeReport, function () {
		return keepWaiting.call(this, 500, 'Internal Server Error');
	});
}
