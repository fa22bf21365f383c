import type {
	IDataObject,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { checkMatches } from '../wait/check';
import { claimResume } from '../wait/claim';
import { judgeWithoutThrowing, keepWaiting, logRefusedCall } from '../wait/keepWaiting';
import { readWaitingItem } from '../wait/waitingItem';
import { checkInPastedLink, givenCheck } from './answerLink';
import { noticePage, openingPage, pageHeaders, questionPage } from './page';
import { removeShortLink } from './shortLink';
import { LINK_FIELD, STEP_FIELD, readAnswer, submittedFields } from './submittedAnswer';
import { answeredItem, waitingApproval } from './approvalWait';

/**
 * The answer link of an execution waiting in Send and Wait for Approval: n8n calls `webhook()` for
 * `/webhook-waiting/<execution>/<node id>` by method (n8n's `waiting-webhooks.ts`: the webhook
 * whose path is that suffix), as for its own Send and Wait operations (nodes-base
 * `sendAndWaitWebhooksDescription`). GET shows the opening page; only a POST with the check from
 * the link's fragment shows the question, and only the POST of its button answers.
 */
export const answerWebhooks: IWebhookDescription[] = ['GET', 'POST'].map((httpMethod) => ({
	name: 'default',
	httpMethod,
	responseMode: 'onReceived',
	responseData: '',
	path: '={{ $nodeId }}',
	restartWebhook: true,
	isFullPath: true,
	ndvHideUrl: true,
	ndvHideMethod: true,
}));

const LINK = 'answer link';

/** A page as the answer, and the execution keeps waiting. */
function page(
	this: IWebhookFunctions,
	status: number,
	html: string,
	withScript = false,
): IWebhookResponseData {
	return keepWaiting.call(this, status, html, pageHeaders(withScript));
}

const NOT_WAITING = noticePage(
	'Nothing to answer',
	'This link does not wait for an answer (any more).',
);
const NOT_VALID = noticePage('Link not valid', 'This link is not valid. Nothing was recorded.');
const RECORDED = noticePage('Thank you', 'Your answer was recorded. You can close this page.');
const ALREADY = noticePage('Already answered', 'An answer was already recorded. Nothing changed.');

/** The check the call carries: the page's field, a pasted link's fragment, an earlier link's query. */
function checkOfCall(query: IDataObject, fields: IDataObject): unknown {
	const given = givenCheck(query, fields);
	if (given !== undefined && given !== '') return given;
	return fields[STEP_FIELD] === 'open' ? checkInPastedLink(fields[LINK_FIELD]) : undefined;
}

async function judgeAnswer(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const waiting = readWaitingItem.call(this);
	const approval = waitingApproval(waiting);
	if (!waiting || !approval) return page.call(this, 404, NOT_WAITING);
	const isPost = this.getRequestObject().method === 'POST';
	const body = isPost ? this.getBodyData() : {};
	const fields = submittedFields(body);
	const check = checkOfCall(this.getQueryData() as IDataObject, fields);
	// Opened without the check (a preview, the short link's target, a lost fragment): nothing shown.
	if (check === undefined)
		return isPost
			? page.call(this, 400, openingPage('Paste the whole link from the SMS.'), true)
			: page.call(this, 200, openingPage(), true);
	if (!checkMatches(check, approval.checkHash)) {
		logRefusedCall.call(this, LINK);
		return page.call(this, 403, NOT_VALID);
	}
	const { question } = approval;
	const given = String(check);
	if (!isPost || fields[STEP_FIELD] === 'open')
		return page.call(this, 200, questionPage(question, given));
	const answer = readAnswer(question, body);
	if ('problems' in answer)
		return page.call(this, 400, questionPage(question, given, answer.problems, fields));
	// Two answers at once in this n8n instance (n8n 1.x lets both resume): the first wins. Claimed per
	// send, so that the node's next question in a loop can be answered at once.
	if (!claimResume(this.getExecutionId(), this.getNode().id, approval.checkHash))
		return page.call(this, 409, ALREADY);
	await removeShortLink.call(this, approval.shortLinkId);
	const item = answeredItem(waiting, answer.data, new Date());
	return { webhookResponse: RECORDED, workflowData: [[{ json: item, pairedItem: { item: 0 } }]] };
}

/**
 * The node's `webhook()` for an answer link. A call it cannot judge is answered 500 and the
 * execution keeps waiting (wait/keepWaiting.ts).
 */
export async function resumeOnAnswer(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	return await judgeWithoutThrowing.call(this, LINK, judgeAnswer, function () {
		return page.call(
			this,
			500,
			noticePage('Something went wrong', 'Nothing was recorded. Please try again.'),
		);
	});
}
