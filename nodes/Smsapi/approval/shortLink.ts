/**
 * The answer link through the service's short links (`POST /short_url/links`, as Short Link →
 * Create sends it): n8n's signed resume address is about 170 characters, more than one SMS part
 * by itself; the short address is about 20. What the service keeps is only the address without
 * the check (answerLink.ts): the service lists a short link's target to every holder of the
 * account's token (Short Link → Get Many), and a short code is a few characters someone could
 * guess, so the target alone shows nothing and answers nothing. The check follows the short
 * address in the SMS, as its fragment.
 *
 * A short link always expires (the wait's limit and a margin; DEFAULT_EXPIRY_DAYS without a
 * limit), goes into the SMS as https only, and is deleted once the question is answered.
 */
import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiPath, smsapiApiRequest } from '../transport';

/** A short link lasts this much longer than the wait, so that a late tap gets n8n's own page. */
const GRACE_SECONDS = 3600;
/** The expiry of a short link of a wait without a limit (the service's own for unique links). */
export const DEFAULT_EXPIRY_DAYS = 30;

/** `error` with `why` added to its description (a transport error keeps its own first). */
function withMeaning(error: unknown, why: string): unknown {
	if (!(error instanceof Error)) return error;
	const described = error as Error & { description?: string };
	described.description = `${described.description ? `${described.description} ` : ''}${why}`;
	return error;
}

/**
 * The short address as the SMS may carry it: https (the service's published answers show
 * `http://idz.do/…`; a plain-http link would let anyone on the phone's network read and change the
 * redirect), no fragment of its own. Undefined for anything else.
 */
export function httpsShortAddress(given: unknown): string | undefined {
	if (typeof given !== 'string' || !/^https?:\/\/[^\s#]+$/i.test(given)) return undefined;
	return given.replace(/^http:/i, 'https:');
}

export interface ShortLink {
	/** The short address (https). */
	url: string;
	/** The service's id of the link (to delete it once answered). */
	id: string;
}

/** A short link of `target` (the answer address without its check) that expires after `until`. */
export async function shortenAnswerLink(
	this: IExecuteFunctions,
	target: string,
	until: Date | undefined,
	itemIndex: number,
): Promise<ShortLink> {
	const seconds =
		until === undefined
			? DEFAULT_EXPIRY_DAYS * 86_400
			: Math.ceil((until.getTime() - Date.now()) / 1000) + GRACE_SECONDS;
	const body: IDataObject = {
		url: target,
		description: `n8n answer link, execution ${this.getExecutionId()}`,
		expire_time: seconds,
		expire_unit: 'seconds',
	};
	const why =
		"The short link of the answer link could not be made, so nothing was sent. Turn Shorten Link off to send n8n's address as it is.";
	// The transport's error (the service's code and meaning) goes on with what it means here.
	const answer = await smsapiApiRequest
		.call(this, {
			method: 'POST',
			endpoint: 'short_url/links',
			body,
			safeToRepeat: false,
			itemIndex,
		})
		.catch((error: unknown) => ({ failed: error }));
	if ('failed' in answer) throw withMeaning(answer.failed, why);
	const made = (answer.data ?? {}) as IDataObject;
	const url = httpsShortAddress(made.short_url);
	const id = typeof made.id === 'string' || typeof made.id === 'number' ? String(made.id) : '';
	if (url === undefined || !/^\d+$/.test(id))
		throw new NodeOperationError(
			this.getNode(),
			'The service answered without a short address and its id',
			{ itemIndex, description: why },
		);
	return { url, id };
}

/**
 * Deletes the answered question's short link (`DELETE /short_url/links/{id}`). Never throws: the
 * answer is recorded whatever happens here, and the link expires anyway; a failure is logged.
 */
export async function removeShortLink(this: IWebhookFunctions, id: unknown): Promise<void> {
	if (typeof id !== 'string' || !/^\d+$/.test(id)) return;
	try {
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: apiPath`short_url/links/${{ linkId: id }}`,
			safeToRepeat: true,
			timeout: 10_000,
		});
	} catch (error) {
		this.logger.warn(
			`SMSAPI "${this.getNode().name}": the answered question's short link ${id} could not be deleted (${error instanceof Error ? error.message : 'error'}); it expires by itself`,
		);
	}
}
