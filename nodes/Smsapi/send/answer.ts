import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { numberFromService } from '../helpers/values';
import { Pacer } from '../helpers/pacer';
import type { ServiceRequest } from './batching';
import { type SendOutcomes, SENT_LISTED, skippedError } from './errors';
import { PARAM_KEYS } from './request';
import { type SendResponse, type ServiceListEntry, distributeResults } from './results';

/**
 * Whether every recipient of the request gets the same text: no per-recipient values and no
 * placeholder the service fills in per recipient (contact fields, codes, short links).
 */
function sameTextForAll(request: ServiceRequest): boolean {
	if (PARAM_KEYS.some((key) => request.params[key] !== undefined)) return false;
	return !/\[%/.test(request.params.message ?? '');
}

/**
 * One output item per message, with the service's field names and `points` as a number.
 * With details=1 the service adds the message, its length and parts at the top level, for the
 * first message of the request: they describe another recipient's message only when all of
 * them got the same text.
 */
function messageItem(entry: IDataObject, response: IDataObject, withDetails: boolean): IDataObject {
	// The answer's own entry becomes the item (no copy: up to 10,000 per answer).
	const item = entry;
	item.points = numberFromService(entry.points) as number;
	if (!withDetails) return item;
	for (const key of ['message', 'length', 'parts']) {
		if (response[key] !== undefined && item[key] === undefined) item[key] = response[key];
	}
	return item;
}

/**
 * Messages the service listed that belong to no recipient of the request (it should never
 * happen): they were sent and charged, so they are logged rather than dropped without a word.
 */
function reportUnmatched(this: IExecuteFunctions, unmatched: readonly ServiceListEntry[]): void {
	const listed = unmatched
		.slice(0, SENT_LISTED)
		.map((entry) => `${String(entry.number ?? entry.submitted_number)} (id ${String(entry.id)})`);
	const more =
		unmatched.length > listed.length ? ` and ${unmatched.length - listed.length} more` : '';
	this.logger.warn(
		`SMSAPI sms.send: the answer lists ${unmatched.length} message${unmatched.length === 1 ? '' : 's'} that match no recipient of the request, so no output item carries ${unmatched.length === 1 ? 'it' : 'them'}: ${listed.join(', ')}${more}`,
	);
}

/**
 * The primary had accepted the request before it failed; the repeat on the backup was refused
 * for its idx, so every message of it was sent exactly once. The ids are not known.
 */
export function acceptedEarlier(request: ServiceRequest, outcomes: SendOutcomes): void {
	const idx = (request.params.idx ?? '').split('|');
	let position = 0;
	for (const member of request.members) {
		for (const number of member.numbers) {
			outcomes.addRow(member.itemIndex, {
				id: null,
				number,
				idx: idx[position++] ?? null,
				status: 'ACCEPTED',
				accepted_earlier: true,
			});
		}
	}
}

/**
 * The service's answer handed back to the items of one request: up to 10,000 messages, so the
 * event loop gets a turn now and then (helpers/pacer.ts).
 */
export async function applyAnswer(
	this: IExecuteFunctions,
	request: ServiceRequest,
	data: unknown,
	outcomes: SendOutcomes,
): Promise<void> {
	const pacer = new Pacer();
	const response = data as SendResponse & IDataObject;
	const firstEntry = Array.isArray(response.list) ? response.list[0] : undefined;
	const detailsForAll = sameTextForAll(request);
	const item = (entry: ServiceListEntry) =>
		messageItem(entry as unknown as IDataObject, response, detailsForAll || entry === firstEntry);
	const answer = distributeResults(request, response);
	// The usual answer (entry i for recipient i) goes straight to the items, in request order.
	if (answer.inOrder) {
		const entries = answer.inOrder;
		let position = 0;
		for (const member of request.members) {
			for (let i = 0; i < member.numbers.length; i++)
				outcomes.addRow(member.itemIndex, item(entries[position++]));
			if (pacer.due()) await pacer.pause();
		}
		return;
	}
	const { items, unmatched } = answer.matched;
	if (unmatched.length > 0) reportUnmatched.call(this, unmatched);
	for (const result of items) {
		for (const sent of result.sent) outcomes.addRow(result.itemIndex, item(sent.entry));
		if (result.skipped.length > 0)
			outcomes.addError(
				result.itemIndex,
				skippedError.call(this, result.itemIndex, result.skipped),
			);
		if (pacer.due()) await pacer.pause();
	}
}
