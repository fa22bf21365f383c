import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	type ItemSendRequest,
	type SendResponse,
	type ServiceRequest,
	distributeResults,
	generateIdx,
	splitIntoRequests,
} from '../../helpers/batching';
import { errorItem, withItemIndex } from '../../helpers/items';
import { prepareRecipients } from '../../helpers/numbers';
import {
	PARAM_KEYS,
	formatProblems,
	perRecipientValues,
	validateSendParameters,
} from '../../helpers/sendValidation';
import { toNumber } from '../../helpers/values';
import { getSmsapiErrorCode, smsapiApiRequest } from '../../transport';
import { HIDE_WITH_TEMPLATE, messageField, sendOptions } from './fields';
import { toSendParameters } from './sendParameters';

const properties: INodeProperties[] = [
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		default: '',
		required: true,
		placeholder: '48500000000, 48500000001',
		description:
			'Recipient phone numbers with the country prefix, separated by commas (an array from an expression also works). Spaces, dashes and a leading + or 00 are removed.',
	},
	{ ...messageField, displayOptions: HIDE_WITH_TEMPLATE },
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: sendOptions,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

/** What happened to one input item: output items, or the reason it failed. */
interface ItemOutcome {
	output: IDataObject[];
	errors: Error[];
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
	const item: IDataObject = { ...entry, points: toNumber(entry.points) as number };
	if (!withDetails) return item;
	for (const key of ['message', 'length', 'parts']) {
		if (response[key] !== undefined && item[key] === undefined) item[key] = response[key];
	}
	return item;
}

/**
 * What makes a generated idx unique to this item in this run of the node: the execution, the
 * node and its run index (a loop runs a node again with a new one; a retry keeps it).
 */
function runSeed(this: IExecuteFunctions, itemIndex: number): string | undefined {
	const executionId = this.getExecutionId?.();
	if (!executionId) return undefined;
	const runIndex = String(this.evaluateExpression('={{ $runIndex }}', itemIndex) ?? '');
	return `${executionId}:${this.getNode().id}:${runIndex}:${itemIndex}`;
}

/**
 * Read, check and prepare every item before anything is sent: a bad item fails (or, with
 * Continue On Fail, becomes an error item) and nothing of the run has been charged yet.
 */
function prepareItem(this: IExecuteFunctions, itemIndex: number, generatedIdx: Set<number>): ItemSendRequest {
	const toInput = this.getNodeParameter('to', itemIndex) as string | string[];
	const message = this.getNodeParameter('message', itemIndex, '') as string;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;

	const recipients = prepareRecipients(toInput);
	if (recipients.invalid.length > 0) {
		throw new NodeOperationError(
			this.getNode(),
			`Not a valid phone number: ${recipients.invalid.map((entry) => `"${entry.input}" (${entry.reason})`).join(', ')}`,
			{ itemIndex, description: 'Enter numbers with their country prefix, e.g. 48500000000, separated by commas.' },
		);
	}
	if (recipients.numbers.length === 0) {
		throw new NodeOperationError(this.getNode(), 'No recipient: "To" is empty', {
			itemIndex,
			description: 'Enter at least one phone number with its country prefix, e.g. 48500000000.',
		});
	}

	const params = toSendParameters(options, { timezone: this.getTimezone?.() });
	params.to = recipients.numbers;
	// A template replaces the message (Message is hidden then; a value left from before is ignored).
	if (message !== '' && params.template === undefined) params.message = message;
	// Every message carries an idx, and check_idx=1 unless turned off: a repeat of this request
	// (failover to the backup address) is then refused by the service instead of sent twice.
	// Generated ones derive from the execution, node run and item, so that n8n's Retry On Fail,
	// which runs the node again within the same execution, repeats the same idx too.
	if (perRecipientValues(params.idx) === undefined) {
		const seed = runSeed.call(this, itemIndex);
		params.idx = recipients.numbers.map((number, position) =>
			generateIdx(seed === undefined ? undefined : `${seed}:${position}:${number}`),
		);
		generatedIdx.add(itemIndex);
	}
	if (params.check_idx === undefined) params.check_idx = true;

	const problems = validateSendParameters(params, { checkRequestLimits: false });
	if (problems) {
		throw new NodeOperationError(this.getNode(), formatProblems(problems), {
			itemIndex,
			description: 'Nothing was sent for this item.',
		});
	}
	return { itemIndex, params };
}

/** Why recipients of a request that was answered got no message (rule 3: invalid numbers). */
function skippedError(this: IExecuteFunctions, itemIndex: number, skipped: Array<{ number: string; reason: string }>) {
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

/** The service's answer handed back to the items of one request. */
function applyAnswer(
	this: IExecuteFunctions,
	request: ServiceRequest,
	data: unknown,
	acceptedEarlier: boolean,
	outcomes: Map<number, ItemOutcome>,
): void {
	if (acceptedEarlier) {
		// The primary had accepted the request before it failed; the repeat on the backup was
		// refused for its idx, so every message of it was sent exactly once. The ids are not known.
		const idx = (request.params.idx ?? '').split('|');
		let position = 0;
		for (const member of request.members) {
			const outcome = outcomes.get(member.itemIndex)!;
			for (const number of member.numbers) {
				outcome.output.push({ id: null, number, idx: idx[position++] ?? null, status: 'ACCEPTED', accepted_earlier: true });
			}
		}
		return;
	}
	const response = data as SendResponse & IDataObject;
	const distributed = distributeResults(request, response);
	const firstEntry = Array.isArray(response.list) ? response.list[0] : undefined;
	const detailsForAll = sameTextForAll(request);
	for (const result of distributed.items) {
		const outcome = outcomes.get(result.itemIndex)!;
		for (const sent of result.sent) {
			const withDetails = detailsForAll || sent.entry === firstEntry;
			outcome.output.push(messageItem(sent.entry as unknown as IDataObject, response, withDetails));
		}
		if (result.skipped.length > 0) outcome.errors.push(skippedError.call(this, result.itemIndex, result.skipped));
	}
}

/** The messages a run has sent so far, for an error that stops it midway: nothing is lost. */
function sentSummary(outcomes: Map<number, ItemOutcome>): string {
	const sent: string[] = [];
	for (const [itemIndex, outcome] of outcomes) {
		for (const message of outcome.output) sent.push(`item ${itemIndex} → ${String(message.number)} (id ${String(message.id)})`);
	}
	return sent.length ? `Messages already sent in this run: ${sent.join(', ')}.` : '';
}

/** Without Continue On Fail, one error names every failed item (e.g. all skipped numbers). */
function throwIfAnyFailed(this: IExecuteFunctions, outcomes: Map<number, ItemOutcome>): void {
	const failed = [...outcomes].filter(([, outcome]) => outcome.errors.length > 0);
	if (failed.length === 0) return;
	const [firstIndex, first] = failed[0];
	if (failed.length === 1 && first.errors.length === 1) {
		const error = withItemIndex.call(this, first.errors[0], firstIndex) as NodeOperationError;
		const sent = sentSummary(outcomes);
		if (sent) error.description = `${error.description ?? ''} ${sent}`.trim();
		throw error;
	}
	const lines = failed.map(
		([itemIndex, outcome]) => `item ${itemIndex}: ${outcome.errors.map((error) => error.message).join('; ')}`,
	);
	throw new NodeOperationError(this.getNode(), `${failed.length} items failed: ${lines.join(' | ')}`, {
		itemIndex: firstIndex,
		description: sentSummary(outcomes) || 'Nothing was sent.',
	});
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const outcomes = new Map<number, ItemOutcome>();
	const ready: ItemSendRequest[] = [];
	/** Items whose idx values this run generated. */
	const generatedIdx = new Set<number>();

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		outcomes.set(itemIndex, { output: [], errors: [] });
		try {
			ready.push(prepareItem.call(this, itemIndex, generatedIdx));
		} catch (error) {
			if (!continueOnFail) throw withItemIndex.call(this, error, itemIndex);
			outcomes.get(itemIndex)!.errors.push(error as Error);
		}
	}

	// Batching is read from the first item: items with it switched off differently cannot share
	// requests anyway, and one request plan keeps the order of the run predictable.
	const batching = (this.getNodeParameter('options.batching', 0, true) as boolean) !== false;
	const requests = splitIntoRequests(ready, { batching });

	for (const request of requests) {
		try {
			const { data, meta } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'sms.do',
				body: request.params,
				kind: 'create',
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
			// The whole request failed (e.g. 103 not enough credits: nothing of it was sent).
			// Without Continue On Fail the run stops here, saying what earlier requests sent.
			if (!continueOnFail) {
				const failed = withItemIndex.call(this, error, request.members[0].itemIndex) as NodeOperationError;
				const sent = sentSummary(outcomes);
				if (sent) failed.description = `${failed.description ?? ''} ${sent}`.trim();
				throw failed;
			}
			for (const member of request.members) outcomes.get(member.itemIndex)!.errors.push(error as Error);
		}
	}

	if (!continueOnFail) throwIfAnyFailed.call(this, outcomes);

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const outcome = outcomes.get(itemIndex)!;
		for (const json of outcome.output) output.push({ json, pairedItem: { item: itemIndex } });
		for (const error of outcome.errors) output.push(errorItem.call(this, error, itemIndex));
	}
	return output;
}
