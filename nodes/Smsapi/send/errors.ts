import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { MAX_PARTS } from '../helpers/segments';
import { withItemIndex } from '../items/loop';
import type { ItemOutcomes } from '../items/outcomes';
import { getSmsapiErrorCode } from '../transport';
import type { ServiceRequest } from './batching';
import { parseSendParameters } from './request';
import { longestMessage } from './textChecks';

/**
 * How a send tells what went wrong: the service's refusals in words, the numbers it skipped, and
 * for a run that stops midway, what it had already sent (listed up to a few, then counted).
 */

/** Each item's output: one message per row (the service's fields), then its errors. */
export type SendOutcomes = ItemOutcomes<IDataObject>;

/**
 * Error 12 in words for this request: how many parts its longest message needs and which limit
 * refused it (Max Parts, or the account's own maximum when the request set none).
 */
export function explainPartsRefusal(error: unknown, request: ServiceRequest): void {
	if (getSmsapiErrorCode(error) !== 12 || !(error instanceof NodeApiError)) return;
	// Only when the service refused it: the request's wire form read back.
	const longest = longestMessage(parseSendParameters(request.params));
	if (!longest) return;
	const limit =
		request.params.max_parts !== undefined
			? `more than Max Parts (${request.params.max_parts})`
			: "more than the account's own maximum of parts (the request set no Max Parts, so the SMS settings of the SMSAPI portal decide)";
	const single =
		request.params.single === '1'
			? ' Single is on: a message may also be refused for being over 160 characters.'
			: '';
	const remedy =
		longest.parts <= MAX_PARTS
			? `Set Max Parts to ${longest.parts} or shorten the message.`
			: 'Shorten the message.';
	const explanation = `The longest message of the request needs ${longest.parts} parts (${longest.characters} characters, ${longest.encoding}), ${limit}. ${remedy}${single}`;
	error.description = `${explanation}\n${error.description ?? ''}`.trim();
}

/** Why recipients of a request that was answered got no message (the service skips invalid numbers and sends to the rest). */
export function skippedError(
	this: IExecuteFunctions,
	itemIndex: number,
	skipped: Array<{ number: string; reason: string }>,
) {
	return new NodeOperationError(
		this.getNode(),
		`No message for ${skipped.map((entry) => `${entry.number} (${entry.reason})`).join(', ')}`,
		{
			itemIndex,
			description:
				'The service skipped these numbers (wrong prefix, landline or otherwise not a mobile number); other recipients of the request were sent their messages.',
		},
	);
}

/** Messages named one by one in an error or a log line; the rest are counted (a large run sends thousands). */
export const SENT_LISTED = 20;

/** The messages a run has sent so far, for an error that stops it midway: nothing is lost, nothing floods. */
export function sentSummary(outcomes: SendOutcomes): string {
	const listed: string[] = [];
	let total = 0;
	for (const [itemIndex, outcome] of outcomes.entries()) {
		for (const message of outcome.rows) {
			total++;
			if (listed.length < SENT_LISTED)
				listed.push(`item ${itemIndex} → ${String(message.number)} (id ${String(message.id)})`);
		}
	}
	if (total === 0) return '';
	const more =
		total > listed.length
			? `, and ${total - listed.length} more (${total} in all; each is in the output of its item with Continue On Fail)`
			: '';
	return `Messages already sent in this run: ${listed.join(', ')}${more}.`;
}

/** Without Continue On Fail, one error names every failed item (e.g. all skipped numbers). */
export function throwIfAnyFailed(this: IExecuteFunctions, outcomes: SendOutcomes): void {
	const failed = [...outcomes.failed()];
	if (failed.length === 0) return;
	const [firstIndex, first] = failed[0];
	if (failed.length === 1 && first.errors.length === 1) {
		const error = withItemIndex.call(this, first.errors[0], firstIndex) as NodeOperationError;
		const sent = sentSummary(outcomes);
		if (sent) error.description = `${error.description ?? ''} ${sent}`.trim();
		throw error;
	}
	const lines = failed.map(
		([itemIndex, outcome]) =>
			`item ${itemIndex}: ${outcome.errors.map((error) => error.message).join('; ')}`,
	);
	throw new NodeOperationError(
		this.getNode(),
		`${failed.length} items failed: ${lines.join(' | ')}`,
		{
			itemIndex: firstIndex,
			description: sentSummary(outcomes) || 'Nothing was sent.',
		},
	);
}
