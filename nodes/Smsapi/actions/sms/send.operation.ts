import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { type ServiceRequest, splitIntoRequests } from '../../helpers/batching';
import { ItemOutcomes } from '../../helpers/itemOutcomes';
import {
	DEFAULT_MAX_PARALLEL_REQUESTS,
	parallelLimit,
	runInParallel,
} from '../../helpers/parallel';
import { withItemIndex } from '../../helpers/items';
import { PARAM_KEYS } from '../../helpers/sendModel';
import {
	type SendResponse,
	type ServiceListEntry,
	distributeResults,
} from '../../helpers/sendResults';
import { numberFromService } from '../../helpers/values';
import { smsapiApiRequest } from '../../transport';
import {
	HIDE_WITH_TEMPLATE,
	maxParallelRequestsOption,
	maxRecipientsOption,
	messageField,
	neutralizeMacrosOption,
	sendOptions,
	withOwnOptions,
} from './fields';
import { idxRefusalOf, rememberSent } from './idxRefusal';
import { type PreparedSend, assignGeneratedIdx } from './idxSeed';
import {
	type SendOutcomes,
	explainPartsRefusal,
	sentSummary,
	SENT_LISTED,
	skippedError,
	throwIfAnyFailed,
} from './sendErrors';
import { SmsItemReader } from './sendItem';

export { readRecipients } from './sendItem';

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
		options: withOwnOptions(sendOptions, [
			maxParallelRequestsOption,
			maxRecipientsOption,
			neutralizeMacrosOption,
		]),
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

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	// One reader per run: what is the same for every item is read and checked once.
	const reader = new SmsItemReader(this);
	const sms: SendChannel = {
		endpoint: 'sms.do',
		prepareItem: (itemIndex) => reader.prepare(itemIndex),
	};
	return await executeSends.call(this, items, sms);
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
	const idxRun = assignGeneratedIdx.call(this, ready);
	/** Items whose idx values this run generated. */
	const generatedIdx = new Set(
		ready.filter((send) => send.generateIdx).map((send) => send.itemIndex),
	);

	// Batching is read from the first item: items with it switched off differently cannot share
	// requests anyway, and one request plan keeps the order of the run predictable.
	const batching = (this.getNodeParameter('options.batching', 0, true) as boolean) !== false;
	// Each request is dropped once its answer has been handed back: a run holds the bodies of the
	// requests in flight, not of all of them.
	const requests: Array<ServiceRequest | undefined> = splitIntoRequests(ready, { batching });
	ready.length = 0;

	// Requests go out in parallel, at most Max Parallel Requests at a time (below the service's
	// limit of simultaneous sends; a 202 over it is repeated by the transport after a wait, which
	// cannot double a send: the service refused it unprocessed). Answers are handed back in
	// request order, so the output keeps input order whatever order they arrive in.
	const limit = parallelLimit(
		this.getNodeParameter('options.maxParallelRequests', 0, DEFAULT_MAX_PARALLEL_REQUESTS),
	);
	const allGenerated = (request: ServiceRequest) =>
		request.members.every((member) => generatedIdx.has(member.itemIndex));
	let stopping: NodeOperationError | undefined;
	/** A request's whole failure: its items' error (Continue On Fail), else the run stops. */
	const failed = (request: ServiceRequest, error: unknown): boolean => {
		if (!continueOnFail) {
			stopping ??= withItemIndex.call(
				this,
				error,
				request.members[0].itemIndex,
			) as NodeOperationError;
			return false;
		}
		for (const member of request.members)
			outcomes.get(member.itemIndex).errors.push(error as Error);
		return true;
	};
	await runInParallel(
		requests.length,
		async (index) => {
			const request = requests[index] as ServiceRequest;
			const generated = allGenerated(request);
			// Recorded before it goes out: a later try of this node run (Retry On Fail) that is refused
			// for these idx values then knows what this one sent (idxRefusal.ts).
			if (generated) rememberSent(idxRun, request.params);
			return await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: channel.endpoint,
				body: request.params,
				safeToRepeat: false,
				idxGenerated: generated,
			});
		},
		{
			limit,
			settled: (index, result) => {
				const request = requests[index] as ServiceRequest;
				requests[index] = undefined;
				// Error 53 to idx values this run generated counts as "sent once" only with proof that
				// the same content went out before (idxRefusal.ts); otherwise it is an error.
				const refusal = idxRefusalOf(this.getNode(), idxRun, request.params, {
					generated: allGenerated(request),
					endpoint: channel.endpoint,
					result,
				});
				if (refusal === 'acceptedEarlier') {
					applyAnswer.call(
						this,
						request,
						result.ok ? result.value.data : undefined,
						true,
						outcomes,
					);
					return true;
				}
				if (refusal) return failed(request, refusal);
				if (result.ok) {
					applyAnswer.call(this, request, result.value.data, false, outcomes);
					return true;
				}
				const { error } = result;
				explainPartsRefusal(error, request);
				// The whole request failed (e.g. 103 not enough credits: nothing of it was sent).
				// Without Continue On Fail the run stops: no further request starts, and the error
				// says what the requests before it (and those already in flight) sent.
				return failed(request, error);
			},
		},
	);
	if (stopping) {
		const sent = sentSummary(outcomes);
		if (sent) stopping.description = `${stopping.description ?? ''} ${sent}`.trim();
		throw stopping;
	}

	if (!continueOnFail) throwIfAnyFailed.call(this, outcomes);

	return outcomes.toOutput((json) => ({ json }));
}
