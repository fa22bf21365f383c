import { NodeOperationError, sleep } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import {
	createRequestError,
	createServiceError,
	createUncertainOutcomeError,
	createUnreachableError,
	describeSmsapiError,
} from './errors';
import type { SmsapiServiceErrorDetails } from './errors';
import {
	DEFAULT_RETRY_POLICY,
	describeFailure,
	hasIdxGuard,
	isAcceptedEarlier,
	isAmbiguousIdxRefusal,
	isFailureStatus,
	isLegacyRequest,
	isTransientServiceCode,
	mayHaveBeenAccepted,
	parseRetryAfter,
	planNextAttempt,
} from './failover';
import type { AttemptFailure, RetryPolicy } from './failover';
import { classifyThrownError, thrownMessage } from './network';
import { buildHttpRequestOptions, DEFAULT_TIMEOUT_MS } from './options';
import { interpretResponse } from './parse';
import type { ParsedBody, ServiceError } from './parse';
import { resolveBaseUrls } from './platforms';
import { displayUrl, redactSecrets, secretsOf } from './redact';
import type { SmsapiRequest, SmsapiResponse } from './types';

export type SmsapiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IExecuteSingleFunctions;

/** Knobs of the transport; tests shrink the waits, nodes use the defaults. */
export interface TransportSettings extends RetryPolicy {
	/** Request timeout unless `request.timeout` overrides it. */
	timeoutMs: number;
	/** How to wait between attempts (n8n-workflow's `sleep`). */
	sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_TRANSPORT_SETTINGS: Readonly<TransportSettings> = Object.freeze({
	...DEFAULT_RETRY_POLICY,
	timeoutMs: DEFAULT_TIMEOUT_MS,
	sleep,
});

const CREDENTIAL_TYPE = 'smsapiApi';

type AttemptResult =
	| { type: 'answer'; response: SmsapiResponse }
	| { type: 'failure'; failure: AttemptFailure; failingAnswer?: ServiceError };

interface FullResponse {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
}

function asFullResponse(value: unknown): FullResponse {
	if (typeof value === 'object' && value !== null && typeof (value as IDataObject).statusCode === 'number') {
		const response = value as IDataObject;
		const headers = typeof response.headers === 'object' && response.headers !== null ? (response.headers as IDataObject) : {};
		return { statusCode: response.statusCode as number, headers, body: response.body };
	}
	return { statusCode: 200, headers: {}, body: value };
}

function header(headers: IDataObject, name: string): unknown {
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() === wanted) return value;
	}
	return undefined;
}

/** The body of a 53 answer as data for an "accepted earlier" result. */
function answerData(body: ParsedBody, error: ServiceError): unknown {
	if (body.type === 'json') return body.value;
	const data: IDataObject = { error: error.code };
	if (error.message) data.message = error.message;
	return data;
}

function answerNote(error: ServiceError | undefined): string | undefined {
	if (!error) return undefined;
	const meaning = describeSmsapiError(error.code);
	const words = [meaning?.meaning, error.message].filter(Boolean).join('; ');
	return `The answer's body said: error ${error.code}${words ? ` (${words})` : ''}`;
}

function serviceErrorDetails(error: ServiceError): Pick<
	SmsapiServiceErrorDetails,
	'code' | 'serviceMessage' | 'invalidNumbers' | 'fieldErrors' | 'developerDescription'
> {
	return {
		code: error.code,
		serviceMessage: error.message,
		invalidNumbers: error.invalidNumbers,
		fieldErrors: error.fieldErrors,
		developerDescription: error.developerDescription,
	};
}

/**
 * The one way this package talks to SMSAPI.
 *
 * Reads the credential only to learn the addresses (platform, custom base and backup URL);
 * authentication is the credential's `authenticate`, applied by n8n's request helper. Returns
 * the parsed answer (`points` and HLR `price` as numbers) or throws a NodeApiError carrying the
 * service's code, its message and the code's meaning in words.
 *
 * Failures (network errors, HTTP 5xx, 429, any non-200 on legacy endpoints, transient codes
 * 200/201/202/203/999) are repeated within `maxAttempts`, on the backup address where one
 * exists; a `create` request only when the repeat cannot double it (see failover.ts).
 *
 * @param settings optional overrides (timeouts, waits); nodes leave it out.
 */
export async function smsapiApiRequest(
	this: SmsapiContext,
	request: SmsapiRequest,
	settings?: Partial<TransportSettings>,
): Promise<SmsapiResponse> {
	const config: TransportSettings = { ...DEFAULT_TRANSPORT_SETTINGS, ...settings };
	const node = this.getNode();
	const credentials = (await this.getCredentials(CREDENTIAL_TYPE, request.itemIndex)) as IDataObject;
	const secrets = secretsOf(credentials);
	const addresses = resolveBaseUrls({
		platform: typeof credentials.platform === 'string' ? credentials.platform : undefined,
		baseUrl: typeof credentials.baseUrl === 'string' ? credentials.baseUrl : undefined,
		backupUrl: typeof credentials.backupUrl === 'string' ? credentials.backupUrl : undefined,
	});
	for (const [name, url] of [
		['base URL', addresses.primary],
		['backup URL', addresses.backup],
	] as const) {
		if (url === undefined && name === 'backup URL') continue;
		if (!url || !/^https?:\/\/[^/\s]+/i.test(url)) {
			throw new NodeOperationError(node, `The SMSAPI credential's ${name} is missing or not an http(s) address`, {
				description: `Got "${redactSecrets(displayUrl(url ?? ''), secrets)}". With the platform "Custom", fill in the address, e.g. https://api.smsapi.com.`,
				itemIndex: request.itemIndex,
			});
		}
	}

	const legacy = isLegacyRequest(request);
	const guardedByIdx = request.kind === 'create' && hasIdxGuard(request);
	const timeoutMs = request.timeout ?? config.timeoutMs;
	let address: 'primary' | 'backup' = 'primary';
	let attempts = 0;
	let earlierMayHaveBeenAccepted = false;

	const summary = () => ({
		method: request.method,
		endpoint: request.endpoint,
		address,
		baseUrl: address === 'primary' ? addresses.primary : addresses.backup,
		attempts,
		itemIndex: request.itemIndex,
	});

	/** One HTTP attempt: the final answer, a thrown final error, or a failure to decide on. */
	const attempt = async (): Promise<AttemptResult> => {
		const baseUrl = (address === 'primary' ? addresses.primary : addresses.backup) as string;
		const options = buildHttpRequestOptions(request, baseUrl, config.timeoutMs);
		let raw: unknown;
		try {
			raw = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options);
		} catch (error) {
			const classified = classifyThrownError(error);
			if (classified.type === 'cancelled') {
				throw createRequestError(node, { ...summary(), reason: 'the execution was cancelled' }, secrets);
			}
			if (classified.type === 'other') {
				// Not a network failure (no credential, an address n8n refuses, ...): repeating cannot help.
				throw createRequestError(node, { ...summary(), reason: thrownMessage(error) }, secrets);
			}
			return { type: 'failure', failure: { type: 'network', code: classified.code, timedOut: classified.timedOut } };
		}

		const response = asFullResponse(raw);
		const status = response.statusCode;
		const retryAfterMs = parseRetryAfter(header(response.headers, 'retry-after'));
		const answer = interpretResponse(request, status, response.body, legacy);

		if (isFailureStatus(status, legacy)) {
			const failingAnswer = answer.outcome === 'serviceError' ? answer.error : undefined;
			return {
				type: 'failure',
				failure: { type: 'http', status, retryAfterMs, serviceCode: failingAnswer?.code },
				failingAnswer,
			};
		}
		if (answer.outcome === 'success') {
			return { type: 'answer', response: { data: answer.data, meta: { address, attempts, httpStatus: status } } };
		}
		if (answer.outcome === 'unreadable') {
			return { type: 'failure', failure: { type: 'unreadable', status, detail: answer.detail } };
		}
		const { error } = answer;
		const repeated = request.kind === 'create' && attempts > 1;
		if (repeated && isAcceptedEarlier(error.code, guardedByIdx, earlierMayHaveBeenAccepted, request.idxGenerated === true)) {
			return {
				type: 'answer',
				response: {
					data: answerData(answer.body, error),
					meta: { address, attempts, httpStatus: status, acceptedEarlier: true },
				},
			};
		}
		if (repeated && isAmbiguousIdxRefusal(error.code, guardedByIdx, earlierMayHaveBeenAccepted)) {
			throw createServiceError(
				node,
				{
					...serviceErrorDetails(error),
					...summary(),
					httpStatus: status,
					note:
						'The first attempt failed after the request had been sent, and the repeat was refused for its idx: either the first attempt had been accepted (the messages were sent once), or this idx had already been used in the last 24 hours (then nothing was sent now). Nothing was sent twice. Check the delivery reports or the SMSAPI portal before running it again.',
				},
				secrets,
			);
		}
		if (typeof error.code === 'number' && isTransientServiceCode(error.code) && status < 300) {
			return {
				type: 'failure',
				failure: { type: 'service', code: error.code, httpStatus: status, retryAfterMs },
				failingAnswer: error,
			};
		}
		throw createServiceError(node, { ...serviceErrorDetails(error), ...summary(), httpStatus: status, retryAfterMs }, secrets);
	};

	for (;;) {
		attempts++;
		const result = await attempt();
		if (result.type === 'answer') return result.response;
		const { failure: failed, failingAnswer } = result;

		const plan = planNextAttempt({
			kind: request.kind,
			guardedByIdx,
			failure: failed,
			attemptsMade: attempts,
			address,
			hasBackup: addresses.backup !== undefined,
			policy: config,
		});
		const what = describeFailure(failed, timeoutMs);
		const httpStatus = failed.type === 'http' || failed.type === 'unreadable' ? failed.status : undefined;
		const networkCode = failed.type === 'network' ? failed.code : undefined;
		const mayBeAccepted = earlierMayHaveBeenAccepted || mayHaveBeenAccepted(failed);

		if (plan.action === 'stop') {
			if (plan.reason === 'notRepeatable') {
				throw createUncertainOutcomeError(
					node,
					{
						...summary(),
						what,
						httpStatus,
						networkCode,
						backupSkipped: address === 'primary' && addresses.backup !== undefined,
						answerNote: answerNote(failingAnswer),
					},
					secrets,
				);
			}
			const gaveUp = `Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}.`;
			const createNote =
				request.kind === 'create' && mayBeAccepted
					? ' An earlier attempt may have been accepted; running it again with the same idx (check_idx=1) is safe: a copy accepted earlier is refused with error 53 instead of being sent twice.'
					: '';
			if (failed.type === 'service' || (failed.type === 'http' && failed.status === 429)) {
				const error = failingAnswer ?? { code: failed.type === 'http' ? failed.status : failed.code };
				throw createServiceError(
					node,
					{
						...serviceErrorDetails(error),
						...summary(),
						httpStatus: failed.type === 'http' ? failed.status : failed.httpStatus,
						retryAfterMs: failed.retryAfterMs,
						note: gaveUp + createNote,
					},
					secrets,
				);
			}
			throw createUnreachableError(
				node,
				{
					...summary(),
					what,
					httpStatus,
					networkCode,
					kind: request.kind,
					guardedByIdx,
					mayHaveBeenAccepted: mayBeAccepted,
					answerNote: answerNote(failingAnswer),
				},
				secrets,
			);
		}

		if (mayHaveBeenAccepted(failed)) earlierMayHaveBeenAccepted = true;
		this.logger?.warn(
			redactSecrets(
				`SMSAPI ${request.method} ${request.endpoint}: the ${address} address ${what}; ` +
					`repeating on the ${plan.address} address${plan.delayMs ? ` in ${plan.delayMs} ms` : ''} ` +
					`(attempt ${attempts + 1} of at most ${config.maxAttempts})`,
				secrets,
			),
		);
		if (plan.delayMs > 0) await config.sleep(plan.delayMs);
		address = plan.address;
	}
}

export * from './types';
export * from './version';
export * from './platforms';
export * from './parse';
export * from './errors';
export * from './failover';
export * from './options';
export * from './redact';
export * from './network';
