/**
 * The answer link through the service's short links (`POST /short_url/links`, as Short Link →
 * Create sends it): n8n's resume address with its signature and the check is about 190
 * characters, more than one SMS part by itself; the short address is about 20. The short link
 * expires with the wait. Whoever has the short address reaches the page as with the long one
 * (the answer still takes the page's button): it is as secret as the service's short code.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { smsapiApiRequest } from '../transport';

/** A short link lasts this much longer than the wait, so that a late tap gets n8n's own page. */
const GRACE_SECONDS = 3600;

/** `error` with `why` added to its description (a transport error keeps its own first). */
function withMeaning(error: unknown, why: string): unknown {
	if (!(error instanceof Error)) return error;
	const described = error as Error & { description?: string };
	described.description = `${described.description ? `${described.description} ` : ''}${why}`;
	return error;
}

/** The short address of `url`; it expires `grace` after `until` (never, for a wait without a limit). */
export async function shortenAnswerLink(
	this: IExecuteFunctions,
	url: string,
	until: Date | undefined,
	itemIndex: number,
): Promise<string> {
	const body: IDataObject = {
		url,
		description: `n8n answer link, execution ${this.getExecutionId()}`,
	};
	if (until !== undefined) {
		body.expire_time = Math.ceil((until.getTime() - Date.now()) / 1000) + GRACE_SECONDS;
		body.expire_unit = 'seconds';
	}
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
	const short = (answer.data as IDataObject | undefined)?.short_url;
	if (typeof short !== 'string' || !/^https?:\/\/\S+$/.test(short))
		throw new NodeOperationError(this.getNode(), 'The service answered without a short address', {
			itemIndex,
			description: why,
		});
	return short;
}
