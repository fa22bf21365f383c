import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	MAX_HLR_NUMBERS_PER_REQUEST,
	checkHlrIdx,
	chunk,
	isHlrError,
	matchHlrEntries,
} from '../../helpers/hlr';
import { ItemOutcomes } from '../../items/outcomes';
import { withItemIndex } from '../../items/loop';
import {
	DEFAULT_MAX_PARALLEL_REQUESTS,
	parallelLimit,
	runInParallel,
} from '../../helpers/parallel';
import { unsetRecipientLimit, recipientNumbers } from '../../items/recipients';
import { describeSmsapiError, hlrEntries, smsapiApiRequest } from '../../transport';
import { maxParallelRequestsOption, maxRecipientsOption } from '../../items/runOptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Numbers',
		name: 'numbers',
		type: 'string',
		default: '',
		required: true,
		placeholder: '48500000000, 48500000001',
		description:
			'Phone numbers to check, with the country prefix, separated by commas (an array from an expression also works). Up to Options → Max Recipients per Item (100 unless changed); the node sends them 20 per request. Each lookup is charged.',
		hint: 'The immediate answer only confirms the lookup was accepted. The details (network, MCC/MNC, ported, ...) arrive at the SMSAPI Trigger\'s "Number Lookup Result" event.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Idx',
				name: 'idx',
				type: 'string',
				default: '',
				description:
					'Your own reference, returned with each result at the SMSAPI Trigger (idx). Letters a–z and digits only, at most 255 characters.',
			},
			maxParallelRequestsOption,
			{
				...maxRecipientsOption,
				description:
					'The most phone numbers one input item may look up (each lookup is charged); an item with more fails before anything is looked up. Guards against a Numbers value from outside (a form field, a webhook) that lists thousands of numbers. 0 turns the check off. Nodes saved before version 1.1 check nothing until this option is added.',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['hlr'], operation: ['lookup'] } },
	properties,
);

/** One number to look up and the input item it came from. */
interface Lookup {
	itemIndex: number;
	number: string;
}

/** One request's worth of lookups: same idx, at most 20 numbers. */
interface LookupRequest {
	idx: string;
	lookups: Lookup[];
}

/** A number the service could not check, as words: code 13 means a bad number here, not "nothing sent". */
function lookupErrorText(code: unknown): string {
	if (code === 13 || code === '13') return 'not a valid phone number (error 13)';
	const meaning = describeSmsapiError(
		typeof code === 'number' || typeof code === 'string' ? code : undefined,
	);
	return meaning ? `${meaning.meaning} (error ${String(code)})` : `error ${String(code)}`;
}

/** Read and check every item before anything is charged; bad input fails only its own item. */
function prepareItem(
	this: IExecuteFunctions,
	itemIndex: number,
): { idx: string; numbers: string[] } {
	const input = this.getNodeParameter('numbers', itemIndex) as string | string[];
	const idx = String(this.getNodeParameter('options.idx', itemIndex, '') ?? '').trim();

	const idxProblem = checkHlrIdx(idx);
	if (idxProblem) {
		throw new NodeOperationError(this.getNode(), idxProblem, {
			itemIndex,
			description: 'Nothing was looked up for this item. Change the Idx option.',
		});
	}
	const numbers = recipientNumbers.call(
		this,
		input,
		itemIndex,
		{
			empty: 'No number to look up: "Numbers" is empty',
			nothingDone: 'Nothing was looked up for this item.',
		},
		{
			option: this.getNodeParameter(
				'options.maxRecipientsPerItem',
				itemIndex,
				unsetRecipientLimit(this.getNode().typeVersion),
			),
			texts: {
				field: 'Numbers',
				noun: 'numbers',
				nothingDone: 'Nothing was looked up for this item.',
			},
		},
	);
	return { idx, numbers };
}

/**
 * Numbers of all items that share an idx travel together, 20 per request, in input order; every
 * answer goes back to the item its number came from.
 */
function planRequests(
	prepared: Array<{ itemIndex: number; idx: string; numbers: string[] }>,
): LookupRequest[] {
	const byIdx = new Map<string, Lookup[]>();
	for (const { itemIndex, idx, numbers } of prepared) {
		const lookups = byIdx.get(idx) ?? [];
		for (const number of numbers) lookups.push({ itemIndex, number });
		byIdx.set(idx, lookups);
	}
	return [...byIdx].flatMap(([idx, lookups]) =>
		chunk(lookups, MAX_HLR_NUMBERS_PER_REQUEST).map((part) => ({ idx, lookups: part })),
	);
}

/** What became of one number: its output item, and why it failed if it did. */
interface NumberOutcome {
	number: string;
	json: IDataObject;
	failure?: string;
}

function failedNumber(number: string, reason: string, extra: IDataObject = {}): NumberOutcome {
	return {
		number,
		failure: reason,
		json: {
			...extra,
			number,
			status: 'ERROR',
			error: `Number lookup failed for ${number}: ${reason}`,
		},
	};
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const outcomes = new ItemOutcomes<NumberOutcome>(this, items.length);
	const prepared = await outcomes.prepareEach((itemIndex) => ({
		...prepareItem.call(this, itemIndex),
		itemIndex,
	}));
	const rowsOf = (itemIndex: number) => outcomes.get(itemIndex).rows;

	const lookedUp = () =>
		outcomes
			.entries()
			.flatMap(([, outcome]) => outcome.rows)
			.filter((row) => row.failure === undefined)
			.map((row) => row.number);

	// Requests in parallel, at most Max Parallel Requests at a time (a 202 over the service's limit
	// is repeated by the transport: refused unprocessed, nothing is charged twice); answers are
	// handed back in request order, so the output keeps input order.
	const requests = planRequests(prepared);
	const limit = parallelLimit(
		this.getNodeParameter('options.maxParallelRequests', 0, DEFAULT_MAX_PARALLEL_REQUESTS),
	);
	const numbersOf = (request: LookupRequest) => request.lookups.map((lookup) => lookup.number);
	let stopping: NodeOperationError | undefined;
	await runInParallel(
		requests.length,
		async (index) => {
			const request = requests[index];
			const body: IDataObject = { number: numbersOf(request).join(',') };
			if (request.idx !== '') body.idx = request.idx;
			return await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'hlr.do',
				body,
				safeToRepeat: false,
				itemIndex: request.lookups[0].itemIndex,
			});
		},
		{
			limit,
			settled: (index, result) => {
				const request = requests[index];
				const numbers = numbersOf(request);
				if (result.ok) {
					const answers = matchHlrEntries(numbers, hlrEntries(result.value.data));
					request.lookups.forEach(({ itemIndex, number }, position) => {
						const entry = answers[position];
						if (!entry) {
							rowsOf(itemIndex).push(
								failedNumber(number, "the service's answer has nothing for this number"),
							);
						} else if (isHlrError(entry)) {
							const reported = String(entry.number ?? number);
							rowsOf(itemIndex).push(
								failedNumber(reported, lookupErrorText(entry.error), {
									errorCode: (entry.error as number) ?? null,
								}),
							);
						} else {
							rowsOf(itemIndex).push({ number: String(entry.number ?? number), json: entry });
						}
					});
					return true;
				}
				const { error } = result;
				// The whole request failed (e.g. 103 not enough credits): none of its numbers was checked.
				if (!continueOnFail) {
					if (!stopping) {
						stopping = withItemIndex.call(
							this,
							error,
							request.lookups[0].itemIndex,
						) as NodeOperationError;
						stopping.description = [
							stopping.description,
							`Numbers of this request: ${numbers.join(', ')}.`,
						]
							.filter(Boolean)
							.join(' ');
					}
					return false;
				}
				for (const { itemIndex, number } of request.lookups) {
					rowsOf(itemIndex).push(failedNumber(number, (error as Error).message));
				}
				return true;
			},
		},
	);
	if (stopping) {
		// What the requests before it, and those in flight beside it, looked up (and charged).
		const done = lookedUp();
		if (done.length)
			stopping.description =
				`${stopping.description ?? ''} Numbers already looked up in this run: ${done.join(', ')}.`.trim();
		throw stopping;
	}

	if (!continueOnFail) {
		const failed = outcomes
			.entries()
			.flatMap(([itemIndex, { rows }]) =>
				rows
					.filter((outcome) => outcome.failure !== undefined)
					.map((outcome) => ({ itemIndex, outcome })),
			);
		if (failed.length > 0) {
			const done = lookedUp();
			throw new NodeOperationError(
				this.getNode(),
				`Number lookup failed for ${failed.map(({ outcome }) => `${outcome.number} (${outcome.failure})`).join(', ')}`,
				{
					itemIndex: failed[0].itemIndex,
					description: done.length
						? `The other numbers were looked up (and charged): ${done.join(', ')}. Their details arrive at the SMSAPI Trigger's "Number Lookup Result" event.`
						: 'No number was looked up.',
				},
			);
		}
	}

	return await outcomes.toOutput(({ json, failure }) => ({ json, failed: failure !== undefined }));
}
