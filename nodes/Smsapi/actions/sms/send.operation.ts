import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { type ServiceRequest, splitIntoRequests } from '../../helpers/batching';
import { ItemOutcomes } from '../../helpers/itemOutcomes';
import { withItemIndex } from '../../helpers/items';
import { recipientNumbers } from '../../helpers/recipientParameter';
import { splitNumbers } from '../../helpers/numbers';
import { PARAM_KEYS } from '../../helpers/sendModel';
import {
	type SendResponse,
	type ServiceListEntry,
	distributeResults,
} from '../../helpers/sendResults';
import { formatProblems, validateSendParameters } from '../../helpers/sendValidation';
import { perRecipientValues } from '../../helpers/sendWire';
import { numberFromService, toText } from '../../helpers/values';
import { getSmsapiErrorCode, smsapiApiRequest } from '../../transport';
import {
	DEFAULT_MAX_RECIPIENTS_PER_ITEM,
	HIDE_WITH_TEMPLATE,
	maxRecipientsOption,
	messageField,
	neutralizeMacrosOption,
	sendOptions,
	withOwnOptions,
} from './fields';
import { type PreparedSend, assignGeneratedIdx } from './idxSeed';
import {
	type SendOutcomes,
	explainPartsRefusal,
	sentSummary,
	SENT_LISTED,
	skippedError,
	throwIfAnyFailed,
} from './sendErrors';
import { toSendParameters } from './sendParameters';
import { withInertMacros } from './untrustedText';

/** Recipients of a send (SMS, MMS, voice). */
export const toField: INodeProperties = {
	displayName: 'To',
	name: 'to',
	type: 'string',
	default: '',
	required: true,
	placeholder: '48500000000, 48500000001',
	description:
		'Recipient phone numbers with the country prefix, separated by commas (an array from an expression also works). Spaces, dashes and a leading + or 00 are removed.',
};

const properties: INodeProperties[] = [
	toField,
	{ ...messageField, displayOptions: HIDE_WITH_TEMPLATE },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: withOwnOptions(sendOptions, [maxRecipientsOption, neutralizeMacrosOption]),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

/**
 * What differs between SMS, MMS and voice sends: the endpoint and how an item's parameters are
 * read and checked. Batching, idx, failover and the answer's distribution are the same.
 */
export interface SendChannel {
	endpoint: 'sms.do' | 'mms.do' | 'vms.do';
	prepareItem(this: IExecuteFunctions, itemIndex: number): PreparedSend;
}

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
	const item: IDataObject = { ...entry, points: numberFromService(entry.points) as number };
	if (!withDetails) return item;
	for (const key of ['message', 'length', 'parts']) {
		if (response[key] !== undefined && item[key] === undefined) item[key] = response[key];
	}
	return item;
}

/** The item's recipients as given: the protection against a list from outside comes before anything else. */
function checkRecipientCount(
	this: IExecuteFunctions,
	itemIndex: number,
	toInput: unknown,
	options: IDataObject,
): void {
	const limit = Number(options.maxRecipientsPerItem ?? DEFAULT_MAX_RECIPIENTS_PER_ITEM);
	if (!Number.isFinite(limit) || limit <= 0) return;
	const count = splitNumbers(toInput as string | string[]).length;
	if (count <= limit) return;
	throw new NodeOperationError(
		this.getNode(),
		`To lists ${count} recipients, more than the ${limit} allowed per item`,
		{
			itemIndex,
			description: `Nothing was sent for this item. Check where the numbers come from (a form field or a webhook can carry any list), or raise Options → Max Recipients per Item (0 turns the check off).`,
		},
	);
}

/** Message and Param 1–4 with the service's macros made inert where expressions produced them. */
function defuseExpressionMacros(
	this: IExecuteFunctions,
	itemIndex: number,
	message: string,
	options: IDataObject,
): string {
	for (const key of PARAM_KEYS) {
		const value = options[key];
		if (typeof value === 'string')
			options[key] = withInertMacros.call(this, `options.${key}`, itemIndex, value);
	}
	return withInertMacros.call(this, 'message', itemIndex, message);
}

/** The item's recipients (`to`), counted, checked and cleaned; an error names every bad number. */
export function readRecipients(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): string[] {
	const toInput = this.getNodeParameter('to', itemIndex) as string | string[];
	checkRecipientCount.call(this, itemIndex, toInput, options);
	return recipientNumbers.call(this, toInput, itemIndex, {
		empty: 'No recipient: "To" is empty',
	});
}

/**
 * Read, check and prepare every item before anything is sent: a bad item fails (or, with
 * Continue On Fail, becomes an error item) and nothing of the run has been charged yet.
 */
function prepareItem(this: IExecuteFunctions, itemIndex: number): PreparedSend {
	let message = toText(this.getNodeParameter('message', itemIndex, ''));
	const options = { ...(this.getNodeParameter('options', itemIndex, {}) as IDataObject) };
	const numbers = readRecipients.call(this, itemIndex, options);
	if (options.neutralizeMacros === true)
		message = defuseExpressionMacros.call(this, itemIndex, message, options);

	const params = toSendParameters(options, { timezone: this.getTimezone?.() });
	params.to = numbers;
	// A template replaces the message (Message is hidden then; a value left from before is ignored).
	if (message !== '' && params.template === undefined) params.message = message;
	// Without the user's own Idx the node generates one per message (after every item is read, see
	// idxSeed) and always sends check_idx=1: a repeat of the request (failover, Retry On Fail) is
	// then refused by the service instead of sent twice. A user's own Idx goes with the user's
	// Check Idx (off unless set, as at the service): an order id reused within 24 hours must not
	// make the service refuse a whole request.
	const generateIdx = perRecipientValues(params.idx) === undefined;
	if (generateIdx) params.check_idx = true;

	const problems = validateSendParameters(params, { checkRequestLimits: false });
	if (problems) {
		throw new NodeOperationError(this.getNode(), formatProblems(problems), {
			itemIndex,
			description: 'Nothing was sent for this item.',
		});
	}
	return { itemIndex, params, generateIdx };
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

/** The service's answer handed back to the items of one request. */
function applyAnswer(
	this: IExecuteFunctions,
	request: ServiceRequest,
	data: unknown,
	acceptedEarlier: boolean,
	outcomes: SendOutcomes,
): void {
	if (acceptedEarlier) {
		// The primary had accepted the request before it failed; the repeat on the backup was
		// refused for its idx, so every message of it was sent exactly once. The ids are not known.
		const idx = (request.params.idx ?? '').split('|');
		let position = 0;
		for (const member of request.members) {
			const outcome = outcomes.get(member.itemIndex);
			for (const number of member.numbers) {
				outcome.rows.push({
					id: null,
					number,
					idx: idx[position++] ?? null,
					status: 'ACCEPTED',
					accepted_earlier: true,
				});
			}
		}
		return;
	}
	const response = data as SendResponse & IDataObject;
	const distributed = distributeResults(request, response);
	if (distributed.unmatched.length > 0) reportUnmatched.call(this, distributed.unmatched);
	const firstEntry = Array.isArray(response.list) ? response.list[0] : undefined;
	const detailsForAll = sameTextForAll(request);
	for (const result of distributed.items) {
		const outcome = outcomes.get(result.itemIndex);
		for (const sent of result.sent) {
			const withDetails = detailsForAll || sent.entry === firstEntry;
			outcome.rows.push(messageItem(sent.entry as unknown as IDataObject, response, withDetails));
		}
		if (result.skipped.length > 0)
			outcome.errors.push(skippedError.call(this, result.itemIndex, result.skipped));
	}
}

const SMS: SendChannel = { endpoint: 'sms.do', prepareItem };

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await executeSends.call(this, items, SMS);
}

/** Every item of the run sent through the channel: checked first, batched, idx-guarded, failover-safe. */
export async function executeSends(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	channel: SendChannel,
): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const outcomes: SendOutcomes = new ItemOutcomes(this, items.length);
	const ready: PreparedSend[] = outcomes.prepareEach((itemIndex) =>
		channel.prepareItem.call(this, itemIndex),
	);
	assignGeneratedIdx.call(this, ready);
	/** Items whose idx values this run generated. */
	const generatedIdx = new Set(
		ready.filter((send) => send.generateIdx).map((send) => send.itemIndex),
	);

	// Batching is read from the first item: items with it switched off differently cannot share
	// requests anyway, and one request plan keeps the order of the run predictable.
	const batching = (this.getNodeParameter('options.batching', 0, true) as boolean) !== false;
	const requests = splitIntoRequests(ready, { batching });

	for (const request of requests) {
		try {
			const { data, meta } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: channel.endpoint,
				body: request.params,
				safeToRepeat: false,
				idxGenerated: request.members.every((member) => generatedIdx.has(member.itemIndex)),
			});
			applyAnswer.call(this, request, data, meta.acceptedEarlier === true, outcomes);
		} catch (error) {
			// 53 for idx values this run generated: an earlier try of this same node run (n8n's
			// Retry On Fail) was accepted. Report it as accepted instead of sending twice or failing.
			if (
				getSmsapiErrorCode(error) === 53 &&
				request.members.every((member) => generatedIdx.has(member.itemIndex))
			) {
				applyAnswer.call(this, request, undefined, true, outcomes);
				continue;
			}
			explainPartsRefusal(error, request);
			// The whole request failed (e.g. 103 not enough credits: nothing of it was sent).
			// Without Continue On Fail the run stops here, saying what earlier requests sent.
			if (!continueOnFail) {
				const failed = withItemIndex.call(
					this,
					error,
					request.members[0].itemIndex,
				) as NodeOperationError;
				const sent = sentSummary(outcomes);
				if (sent) failed.description = `${failed.description ?? ''} ${sent}`.trim();
				throw failed;
			}
			for (const member of request.members)
				outcomes.get(member.itemIndex).errors.push(error as Error);
		}
	}

	if (!continueOnFail) throwIfAnyFailed.call(this, outcomes);

	return outcomes.toOutput((json) => ({ json }));
}
