import type { IExecuteFunctions, INodeExecutionData, NodeOperationError } from 'n8n-workflow';

import {
	DEFAULT_MAX_PARALLEL_REQUESTS,
	type Settled,
	parallelLimit,
	runInParallel,
	settle,
} from '../helpers/parallel';
import { withItemIndex } from '../items/loop';
import { ItemOutcomes } from '../items/outcomes';
import { Pacer, Turns } from '../helpers/pacer';
import {
	type SmsapiResponse,
	getSmsapiErrorCode,
	refusedAfterUnknownOutcome,
	smsapiApiRequest,
} from '../transport';
import { acceptedEarlier, applyAnswer } from './answer';
import type { ServiceRequest } from './batching';
import type { ItemSend, SendChannel } from './channel';
import { type SendOutcomes, explainPartsRefusal, sentSummary, throwIfAnyFailed } from './errors';
import {
	idxRefusalOf,
	rememberSent,
	rememberSentAsParts,
	sentAsPartsBefore,
} from './idx/idxRefusal';
import { type ReadySend, assignGeneratedIdx } from './idx/idxSeed';
import { type HalvingBudget, halvingBudget, routeSends } from './routing';
import { sentContent } from './upload';
import { toWire } from './wire';

/** One request sent and what came of it. */
interface SentPart {
	request: ServiceRequest;
	result: Settled<SmsapiResponse>;
}

/**
 * The sending core: every item of the run sent through its channel. Each item is read and checked
 * once (the channel), put in wire form once, given generated idx values, batched with the others
 * into requests, sent (failover-safe, at most Max Parallel Requests at a time), and the service's
 * answers are handed back to the items they belong to.
 */
export async function executeSends(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	channel: SendChannel,
): Promise<INodeExecutionData[]> {
	// Every loop over the items gives the event loop a turn now and then (helpers/pacer.ts).
	const pacer = new Pacer();
	// n8n hands the node its items at the end of a long step of its own (a Code node's 100,000
	// items arrive from its task runner in one message): the run starts in a turn of its own, so
	// that its first steps do not lengthen n8n's.
	await pacer.pause();
	const continueOnFail = this.continueOnFail();
	const outcomes: SendOutcomes = new ItemOutcomes(this, items.length);
	// Building a request of up to 10,000 messages and reading its answer take tens of milliseconds
	// each: every such step of the run takes a turn of the event loop of its own (helpers/pacer.ts),
	// also when the parallel requests start, or their answers arrive, at the same moment.
	const turns = new Turns();
	const ready: ReadySend[] = await outcomes.prepareEach((itemIndex) => {
		const withWire = ({ request, generateIdx, upload }: ItemSend): ReadySend => ({
			itemIndex,
			request,
			wire: toWire(request),
			generateIdx,
			upload,
		});
		const send = channel.readItem.call(this, itemIndex);
		return send instanceof Promise ? send.then(withWire) : withWire(send);
	}, pacer);
	const idxRun = await assignGeneratedIdx.call(this, ready, pacer);
	if (channel.finishSend) for (const send of ready) await channel.finishSend.call(this, send);
	/** 1 for each item whose idx values this run generated. */
	const generatedIdx = new Uint8Array(items.length);
	for (const send of ready) if (send.generateIdx) generatedIdx[send.itemIndex] = 1;
	// How each send travels (after the idx values: they stand for the texts as they are), and
	// what sends a refused request again without its cause (routing.ts). Each request is dropped
	// once its answer has been handed back: a run holds the bodies of the requests in flight.
	const routes = await routeSends.call(this, ready, channel, pacer);
	const requests: Array<ServiceRequest | undefined> = routes.requests;

	// Requests go out in parallel, at most Max Parallel Requests at a time (below the service's
	// limit of simultaneous sends; a 202 over it is repeated by the transport after a wait, which
	// cannot double a send: the service refused it unprocessed). Answers are handed back in
	// request order, so the output keeps input order whatever order they arrive in.
	const limit = parallelLimit(
		this.getNodeParameter('options.maxParallelRequests', 0, DEFAULT_MAX_PARALLEL_REQUESTS),
	);
	const allGenerated = (request: ServiceRequest) =>
		request.members.every((member) => generatedIdx[member.itemIndex] === 1);
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
		for (const member of request.members) outcomes.addError(member.itemIndex, error as Error);
		return true;
	};
	/** One request to the service. */
	const send = async (request: ServiceRequest) => {
		const generated = allGenerated(request);
		// An uploaded file is read only now and dropped with this request (upload.ts).
		const file = request.upload ? await request.upload.load() : undefined;
		// Recorded before it goes out: a later try of this node run (Retry On Fail) that is refused
		// for these idx values then knows what this one sent (idx/idxRefusal.ts).
		if (generated) rememberSent(idxRun, sentContent(request));
		await turns.next();
		return await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: channel.endpoint,
			body: request.params,
			// An uploaded file goes as a multipart part; idx and check_idx stay among the
			// parameters, so a repeat on the backup address is refused (53) as in a form.
			...(file ? { bodyFormat: 'multipart' as const, file } : {}),
			safeToRepeat: false,
			idxGenerated: generated,
			beforeReading: async () => await turns.next(),
		});
	};
	/** The service's answer (or failure) of one request, handed back to its items. */
	const handOver = async (request: ServiceRequest, result: Settled<SmsapiResponse>) => {
		// Error 53 to idx values this run generated counts as "sent once" only with proof that
		// the same content went out before (idx/idxRefusal.ts); otherwise it is an error.
		const refusal = idxRefusalOf(this.getNode(), idxRun, sentContent(request), {
			generated: allGenerated(request),
			endpoint: channel.endpoint,
			result,
		});
		if (refusal === 'acceptedEarlier') {
			acceptedEarlier(request, outcomes);
			return true;
		}
		if (refusal) return failed(request, refusal);
		if (result.ok) {
			await applyAnswer.call(this, request, result.value.data, outcomes);
			return true;
		}
		const { error } = result;
		explainPartsRefusal(error, request);
		// The whole request failed (e.g. 103 not enough credits: nothing of it was sent).
		// Without Continue On Fail the run stops: no further request starts, and the error
		// says what the requests before it (and those already in flight) sent.
		return failed(request, error);
	};
	/**
	 * A request, and when the service refuses it as a whole for what one of its recipients carries,
	 * the requests that send it again without the cause (routing.ts), each judged on its own.
	 */
	const deliver = async (request: ServiceRequest, budget: HalvingBudget): Promise<SentPart[]> => {
		const result = await settle(send(request));
		// A refusal after an attempt whose outcome is not known does not prove that nothing was sent.
		if (result.ok || refusedAfterUnknownOutcome(result.error)) return [{ request, result }];
		const generated = allGenerated(request);
		let code = Number(getSmsapiErrorCode(result.error));
		// Error 53 to idx values this run generated, for a request an earlier try of this node run
		// sent as parts: some of them went out. The same parts again (idx/idxRefusal.ts).
		if (code === 53 && generated) code = sentAsPartsBefore(idxRun, sentContent(request)) ?? code;
		const again = routes.again(request, code, { generated, budget });
		if (!again) return [{ request, result }];
		if (generated) rememberSentAsParts(idxRun, sentContent(request), code);
		const parts: SentPart[] = [];
		for (const part of again) parts.push(...(await deliver(part, budget)));
		return parts;
	};
	await runInParallel(
		requests.length,
		async (index) => {
			const request = requests[index] as ServiceRequest;
			return await deliver(request, halvingBudget(request));
		},
		{
			limit,
			// Handing an answer back is such a step too: answers handed back one after the other
			// (an earlier one arrived last) take a turn each, from the same queue of turns.
			between: async () => await turns.next(),
			settled: async (index, settledParts) => {
				const parts = settledParts.ok
					? settledParts.value
					: [{ request: requests[index] as ServiceRequest, result: settledParts }];
				requests[index] = undefined;
				let goOn = true;
				for (const part of parts) if (!(await handOver(part.request, part.result))) goOn = false;
				return goOn;
			},
		},
	);
	if (stopping) {
		const sent = sentSummary(outcomes);
		if (sent) stopping.description = `${stopping.description ?? ''} ${sent}`.trim();
		throw stopping;
	}

	if (!continueOnFail) throwIfAnyFailed.call(this, outcomes);

	return await outcomes.toOutput(undefined, pacer);
}
