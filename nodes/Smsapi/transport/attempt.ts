import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ServiceError } from './errors/answerErrors';
import { CREDENTIAL_TYPE } from './credential';
import {
	isAcceptedEarlier,
	isAmbiguousIdxRefusal,
	isFailureStatus,
	isTransientServiceCode,
	parseRetryAfter,
} from './failover';
import type { AttemptFailure } from './failover';
import { createRequestError } from './errors/failureErrors';
import { interpretResponse } from './interpretResponse';
import { classifyThrownError, thrownMessage } from './errors/network';
import { buildHttpRequestOptions } from './options';
import { readLongJson } from './pacedJson';
import type { ParsedBody } from './responseBody';
import { header, runSummary } from './requestRun';
import type { RequestRun } from './requestRun';
import { createServiceError, serviceErrorDetails } from './errors/serviceError';
import type { SmsapiContext, SmsapiResponse } from './types';

/** What one HTTP attempt came to: the final answer, or a failure for the failover to decide on. */
type AttemptResult =
	| { type: 'answer'; response: SmsapiResponse }
	| { type: 'failure'; failure: AttemptFailure; failingAnswer?: ServiceError };

interface FullResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

function asFullResponse(value: unknown): FullResponse {
	if (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as IDataObject).statusCode === 'number'
	) {
		const response = value as IDataObject;
		const headers =
			typeof response.headers === 'object' && response.headers !== null
				? (response.headers as IDataObject)
				: {};
		return { statusCode: response.statusCode as number, headers, body: response.body };
	}
	return { statusCode: 200, headers: {}, body: value };
}

/** The body of a 53 answer as data for an "accepted earlier" result. */
function answerData(body: ParsedBody, error: ServiceError): unknown {
	if (body.type === 'json') return body.value;
	const data: IDataObject = { error: error.code };
	if (error.message) data.message = error.message;
	return data;
}

const AMBIGUOUS_IDX_NOTE =
	'The first attempt failed after the request had been sent, and the repeat was refused for its idx: either the first attempt had been accepted (the messages were sent once), or this idx had already been used in the last 24 hours (then nothing was sent now). Nothing was sent twice. Check the delivery reports or the SMSAPI portal before running it again.';

/**
 * One HTTP attempt on `run.address`. Returns the final answer or a failure worth deciding on;
 * throws the final error when the answer settles it (a business error, a cancelled execution,
 * a request n8n refuses to make).
 */
export async function attemptOnce(this: SmsapiContext, run: RequestRun): Promise<AttemptResult> {
	const { request, node, secrets } = run;
	const baseUrl = (
		run.address === 'primary' ? run.addresses.primary : run.addresses.backup
	) as string;
	const options = buildHttpRequestOptions(request, baseUrl, run.timeoutMs, run.boundary);
	let raw: unknown;
	try {
		// The credential the run has read already (a copy: n8n may add to it while authenticating),
		// so that n8n does not read and decrypt it again for every attempt.
		const reference = node.credentials?.[CREDENTIAL_TYPE];
		raw = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options, {
			credentialsDecrypted: {
				id: reference?.id ?? '',
				name: reference?.name ?? '',
				type: CREDENTIAL_TYPE,
				data: { ...run.credentials } as ICredentialDataDecryptedObject,
			},
		});
	} catch (error) {
		const classified = classifyThrownError(error);
		if (classified.type === 'cancelled') {
			throw createRequestError(
				node,
				{ ...runSummary(run), reason: 'the execution was cancelled' },
				secrets,
			);
		}
		if (classified.type === 'other') {
			// Not a network failure (no credential, an address n8n refuses, ...): repeating cannot help.
			throw createRequestError(node, { ...runSummary(run), reason: thrownMessage(error) }, secrets);
		}
		return {
			type: 'failure',
			failure: { type: 'network', code: classified.code, timedOut: classified.timedOut },
		};
	}

	const response = asFullResponse(raw);
	const status = response.statusCode;
	const retryAfterMs = parseRetryAfter(header(response.headers, 'retry-after'));
	if (request.beforeReading) await request.beforeReading();
	// A long JSON answer (a send to thousands of recipients) is parsed in turns (pacedJson.ts).
	const body = await readLongJson(response.body);
	const answer = interpretResponse(request, status, body, run.legacy, run.secrets);
	const { address, attempts } = run;

	if (isFailureStatus(status, run.legacy)) {
		const failingAnswer = answer.outcome === 'serviceError' ? answer.error : undefined;
		return {
			type: 'failure',
			failure: { type: 'http', status, retryAfterMs, serviceCode: failingAnswer?.code },
			failingAnswer,
		};
	}
	if (answer.outcome === 'success') {
		return {
			type: 'answer',
			response: { data: answer.data, meta: { address, attempts, httpStatus: status } },
		};
	}
	if (answer.outcome === 'unreadable') {
		return { type: 'failure', failure: { type: 'unreadable', status, detail: answer.detail } };
	}
	const { error } = answer;
	const repeated = !request.safeToRepeat && attempts > 1;
	const earlier = run.earlierMayHaveBeenAccepted;
	if (
		repeated &&
		isAcceptedEarlier(error.code, run.guardedByIdx, earlier, request.idxGenerated === true)
	) {
		return {
			type: 'answer',
			response: {
				data: answerData(answer.body, error),
				meta: { address, attempts, httpStatus: status, acceptedEarlier: true },
			},
		};
	}
	if (repeated && isAmbiguousIdxRefusal(error.code, run.guardedByIdx, earlier)) {
		throw afterUnknownOutcome(
			createServiceError(
				node,
				{
					...serviceErrorDetails(error),
					...runSummary(run),
					httpStatus: status,
					note: AMBIGUOUS_IDX_NOTE,
				},
				secrets,
			),
		);
	}
	if (typeof error.code === 'number' && isTransientServiceCode(error.code) && status < 300) {
		return {
			type: 'failure',
			failure: { type: 'service', code: error.code, httpStatus: status, retryAfterMs },
			failingAnswer: error,
		};
	}
	const refusal = createServiceError(
		node,
		{ ...serviceErrorDetails(error), ...runSummary(run), httpStatus: status, retryAfterMs },
		secrets,
	);
	throw repeated && earlier ? afterUnknownOutcome(refusal) : refusal;
}

/**
 * The service refused a request that an earlier attempt, whose outcome is not known (its answer
 * was lost), had sent: that attempt may have been accepted, so the refusal does not prove that
 * nothing of the request was sent (the send core then sends none of it again: send/routing.ts).
 */
function afterUnknownOutcome(error: NodeApiError): NodeApiError {
	error.context.afterUnknownOutcome = true;
	return error;
}

/** Whether the service's refusal came after an attempt whose outcome is not known. */
export function refusedAfterUnknownOutcome(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.afterUnknownOutcome === true;
}
