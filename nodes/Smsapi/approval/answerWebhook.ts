import type {
	IDataObject,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { claimResume, waitingItem } from '../wait/resumeWebhook';
import { checkMatches } from '../wait/reportCheck';
import { readAnswer, submittedFields } from './submittedAnswer';
import { ANSWER_CHECK_PARAMETER } from './answerLink';
import { noticePage, questionPage } from './page';
import { answeredItem, waitingApproval } from './waitingItem';

/**
 * The answer link of an execution waiting in Send and Wait for Approval: n8n calls `webhook()` for
 * `/webhook-waiting/<execution>/<node id>` by method (n8n's `waiting-webhooks.ts`: the webhook
 * whose path is that suffix), as for its own Send and Wait operations (nodes-base
 * `sendAndWaitWebhooksDescription`). GET shows the page; only the POST of its button answers.
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

interface HtmlResponse {
	status(code: number): HtmlResponse;
	setHeader(name: string, value: string): unknown;
	send(body: string): unknown;
}

/** Headers of every page: not cached, not indexed, no address in a Referer, no outside resource. */
const PAGE_HEADERS: Record<string, string> = {
	'Content-Type': 'text/html; charset=utf-8',
	'Cache-Control': 'no-store',
	'X-Robots-Tag': 'noindex, nofollow',
	'Referrer-Policy': 'no-referrer',
	'Content-Security-Policy':
		"default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/** A page as the answer, and the execution keeps waiting. */
function page(this: IWebhookFunctions, status: number, html: string): IWebhookResponseData {
	try {
		const response = this.getResponseObject() as unknown as HtmlResponse;
		response.status(status);
		for (const [name, value] of Object.entries(PAGE_HEADERS)) response.setHeader(name, value);
		response.send(html);
		return { noWebhookResponse: true };
	} catch {
		// No response object to answer with: n8n answers 200 with the page; nothing resumes.
		return { webhookResponse: html };
	}
}

const NOT_WAITING = noticePage(
	'Nothing to answer',
	'This link does not wait for an answer (any more).',
);
const NOT_VALID = noticePage('Link not valid', 'This link is not valid. Nothing was recorded.');
const RECORDED = noticePage('Thank you', 'Your answer was recorded. You can close this page.');
const ALREADY = noticePage('Already answered', 'An answer was already recorded. Nothing changed.');

async function judgeCall(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const waiting = waitingItem.call(this);
	const approval = waitingApproval(waiting);
	if (!waiting || !approval) return page.call(this, 404, NOT_WAITING);
	const query = this.getQueryData() as IDataObject;
	if (!checkMatches(query[ANSWER_CHECK_PARAMETER], approval.checkHash)) {
		this.logger.warn(
			`SMSAPI "${this.getNode().name}": a call of execution ${this.getExecutionId()}'s answer link without its check was refused; the execution keeps waiting`,
		);
		return page.call(this, 403, NOT_VALID);
	}
	const { question } = approval;
	// Opening the link (or a preview, a short-link service, a scanner fetching it) answers nothing.
	if (this.getRequestObject().method !== 'POST')
		return page.call(this, 200, questionPage(question));
	const body = this.getBodyData();
	const answer = readAnswer(question, body);
	if ('problems' in answer)
		return page.call(this, 400, questionPage(question, answer.problems, submittedFields(body)));
	// Two answers at once in this process (n8n 1.x lets both resume): the first wins. Claimed per
	// send, so that the node's next question in a loop can be answered at once.
	const claim = `${this.getNode().id} ${String(approval.checkHash)}`;
	if (!claimResume(this.getExecutionId(), claim)) return page.call(this, 409, ALREADY);
	const item = answeredItem(waiting, answer.data, new Date());
	return { webhookResponse: RECORDED, workflowData: [[{ json: item, pairedItem: { item: 0 } }]] };
}

/**
 * The node's `webhook()` for an answer link. It never throws (n8n would end the waiting execution
 * with the error, or resume it with an empty item: resumeWebhook.ts): a call it cannot judge is
 * answered 500 and the execution keeps waiting.
 */
export async function resumeOnAnswer(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	try {
		return await judgeCall.call(this);
	} catch (error) {
		try {
			this.logger.warn(
				`SMSAPI "${this.getNode().name}": a call of a waiting execution's answer link could not be read (${error instanceof Error ? error.name : 'error'}); the execution keeps waiting`,
			);
		} catch {
			// Nothing to log with: the answer below still keeps the execution waiting.
		}
		return page.call(
			this,
			500,
			noticePage('Something went wrong', 'Nothing was recorded. Please try again.'),
		);
	}
}
