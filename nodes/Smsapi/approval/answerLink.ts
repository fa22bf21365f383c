/**
 * The link an approval SMS carries: the waiting execution's resume address at this node
 * (`/webhook-waiting/<execution>/<node id>`, where n8n finds the node's answer webhooks), with a
 * check made for this one send.
 *
 * - n8n's signature: n8n 2.x checks it on every call of a node whose operation is `sendAndWait` at
 *   that address (n8n's `waiting-webhooks.ts`, `isSendAndWaitRequest`), n8n 1.x only after
 *   `setSignatureValidationRequired()`. Both sign the address with its query, so the check below
 *   is signed too. An n8n without `getSignedResumeUrl` signs nothing: the check alone guards it.
 * - The check: 16 random bytes for this send; the waiting item keeps only its SHA-256. It tells
 *   this send's link from an earlier one of the same node in the same execution (a loop asks
 *   again with a new SMS, and n8n's signature of the address would be the same), and it is all
 *   there is where n8n does not sign.
 */
import { createHash, randomBytes } from 'node:crypto';

import type { IExecuteFunctions } from 'n8n-workflow';

import { WAIT_CHECK_PARAMETER } from '../wait/reportCheck';

/** The link's query parameter with the check (the same name as the delivery wait's). */
export const ANSWER_CHECK_PARAMETER = WAIT_CHECK_PARAMETER;

/** The waiting item's field that keeps the check's SHA-256 (hex). */
export const ANSWER_CHECK_HASH_FIELD = 'answerCheckSha256';

/** A new check (22 characters: what an SMS has room for) and the hash the waiting item keeps. */
export function newAnswerCheck(): { check: string; hash: string } {
	const check = randomBytes(16).toString('base64url');
	return { check, hash: createHash('sha256').update(check, 'utf8').digest('hex') };
}

/** The parts of n8n's execution context that sign a resume address, where this n8n has them. */
interface SigningContext {
	getSignedResumeUrl?: (parameters?: Record<string, string>) => string;
	setSignatureValidationRequired?: () => void;
}

/** The answer link of this execution at this node, with `check`; `signed`: n8n signed it. */
export function answerAddress(
	this: IExecuteFunctions,
	check: string,
): { url: string; signed: boolean } {
	const signing = this as IExecuteFunctions & SigningContext;
	if (typeof signing.getSignedResumeUrl === 'function') {
		// n8n 1.x checks the signature of a call only when the waiting node asked it to.
		if (typeof signing.setSignatureValidationRequired === 'function')
			signing.setSignatureValidationRequired();
		return {
			url: signing.getSignedResumeUrl({ [ANSWER_CHECK_PARAMETER]: check }),
			signed: true,
		};
	}
	const url = new URL(String(this.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(this.getNode().id)}`;
	url.searchParams.set(ANSWER_CHECK_PARAMETER, check);
	return { url: url.toString(), signed: false };
}
