/**
 * How the webhook of a waiting execution answers a call that resumes nothing, and why it never
 * throws: n8n would end the waiting execution with the error (and some versions resume it with
 * an empty item; n8n's `webhook-helpers.ts`), so one odd call would lose the wait.
 */
import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

interface ResponseObject {
	status(code: number): unknown;
	setHeader(name: string, value: string): unknown;
	send(body: string): unknown;
}

const PLAIN_TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

/** Answers `status` with `body` and `headers`; the execution keeps waiting. */
export function keepWaiting(
	this: IWebhookFunctions,
	status: number,
	body: string,
	headers: Record<string, string> = PLAIN_TEXT,
): IWebhookResponseData {
	try {
		const response = this.getResponseObject() as unknown as ResponseObject;
		response.status(status);
		for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
		response.send(body);
		return { noWebhookResponse: true };
	} catch {
		// No response object to answer with: n8n answers 200 with the body; nothing resumes.
		return { webhookResponse: body };
	}
}

/**
 * Runs `judge` for a call of `what` (e.g. "report address"); a call it cannot judge (it threw) is
 * logged without its content and answered by `failed`, and the execution keeps waiting.
 */
export async function judgeWithoutThrowing(
	this: IWebhookFunctions,
	what: string,
	judge: (this: IWebhookFunctions) => Promise<IWebhookResponseData>,
	failed: (this: IWebhookFunctions) => IWebhookResponseData,
): Promise<IWebhookResponseData> {
	try {
		return await judge.call(this);
	} catch (error) {
		try {
			this.logger.warn(
				`SMSAPI "${this.getNode().name}": a call of a waiting execution's ${what} could not be read (${error instanceof Error ? error.name : 'error'}); the execution keeps waiting`,
			);
		} catch {
			// Nothing to log with: the answer below still keeps the execution waiting.
		}
		return failed.call(this);
	}
}

/** Logs a call refused for want of its check (never its content); the execution keeps waiting. */
export function logRefusedCall(this: IWebhookFunctions, what: string): void {
	this.logger.warn(
		`SMSAPI "${this.getNode().name}": a call of execution ${this.getExecutionId()}'s ${what} without its check was refused; the execution keeps waiting`,
	);
}
