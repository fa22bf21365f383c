/**
 * The link an approval SMS carries: the waiting execution's resume address at this node
 * (`/webhook-waiting/<execution>/<node id>`, where n8n finds the node's answer webhooks), signed
 * by n8n where it signs, with a check made for this one send in the link's fragment.
 *
 * - n8n's signature: n8n 2.x checks it on every call of a node whose operation is `sendAndWait` at
 *   that address (n8n's `waiting-webhooks.ts`, `isSendAndWaitRequest`), n8n 1.x only after
 *   `setSignatureValidationRequired()`. An n8n without `getSignedResumeUrl` signs nothing.
 * - The check (wait/check.ts): 16 random bytes for this send; the waiting item keeps only its
 *   SHA-256. It travels in the fragment (`#…`), which browsers never send to a server and keep
 *   across a redirect (RFC 9110, 10.2.2): a short link's target, which the service lists to every
 *   holder of the account's token, and every server on the way see the address without it. The
 *   page reads it from the fragment and posts it with the answer (page.ts); without it nothing is
 *   shown and nothing answers. It also tells this send's link from an earlier one of the same node
 *   in the same execution (a loop asks again with a new SMS under the same signed address).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { CHECK_PARAMETER, newCheck } from '../wait/check';

/** The waiting item's field that keeps the check's SHA-256 (hex). */
export const ANSWER_CHECK_HASH_FIELD = 'answerCheckSha256';

/** A new check (22 characters: what an SMS has room for) and the hash the waiting item keeps. */
export function newAnswerCheck(): { check: string; hash: string } {
	return newCheck(16, 'base64url');
}

/** The parts of n8n's execution context that sign a resume address, where this n8n has them. */
interface SigningContext {
	getSignedResumeUrl?: (parameters?: Record<string, string>) => string;
	setSignatureValidationRequired?: () => void;
}

/** The answer address of this execution at this node, without the check; `signed`: n8n signed it. */
export function answerAddress(this: IExecuteFunctions): { url: string; signed: boolean } {
	const signing = this as IExecuteFunctions & SigningContext;
	if (typeof signing.getSignedResumeUrl === 'function') {
		// n8n 1.x checks the signature of a call only when the waiting node asked it to.
		if (typeof signing.setSignatureValidationRequired === 'function')
			signing.setSignatureValidationRequired();
		return { url: signing.getSignedResumeUrl(), signed: true };
	}
	const url = new URL(String(this.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(this.getNode().id)}`;
	return { url: url.toString(), signed: false };
}

/** `address` (long, or its short link) with `check` as its fragment: the link the SMS carries. */
export function linkWithCheck(address: string, check: string): string {
	const hash = address.indexOf('#');
	return `${hash === -1 ? address : address.slice(0, hash)}#${check}`;
}

/** The page's field that carries the check from the link's fragment into a POST (page.ts). */
export const CHECK_FIELD = CHECK_PARAMETER;

/**
 * The check a call carries: the page's field (read from the fragment), or the query of a link
 * made before the check moved into the fragment (an execution that waited across an update).
 */
export function givenCheck(query: IDataObject, fields: IDataObject): unknown {
	return fields[CHECK_FIELD] ?? query[CHECK_PARAMETER];
}

/**
 * The check in what a person pasted where the link lost its fragment: the text after `#`, or the
 * whole text when it is the check alone. Linear: one search, one slice.
 */
export function checkInPastedLink(pasted: unknown): string | undefined {
	if (typeof pasted !== 'string') return undefined;
	const text = pasted.trim();
	const hash = text.lastIndexOf('#');
	const check = hash === -1 ? text : text.slice(hash + 1);
	return /^[A-Za-z0-9_-]{1,64}$/.test(check) ? check : undefined;
}
