import { NodeOperationError, sleep } from 'n8n-workflow';

import { unsafePathSegment } from './apiPath';
import { attemptOnce } from './attempt';
import { credentialsOf, credentialTimeoutMs } from './credential';
import { credentialAddresses } from './credentialAddresses';
import {
	DEFAULT_RETRY_POLICY,
	describeFailure,
	hasIdxGuard,
	isLegacyRequest,
	mayHaveBeenAccepted,
	planNextAttempt,
} from './failover';
import type { RetryPolicy } from './failover';
import { errorAfterLastAttempt } from './errors/giveUp';
import { multipartBoundary } from './multipart';
import { needsToken, tokenOnlyError } from './errors/tokenOnly';
import { DEFAULT_TIMEOUT_MS } from './options';
import { redactSecrets, secretsOf, secretsOfRequest } from './errors/redact';
import type { RequestRun } from './requestRun';
import type { SmsapiContext, SmsapiRequest, SmsapiResponse } from './types';

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
 * exists; a request that is not `safeToRepeat` only when the repeat cannot double it (see
 * failover.ts).
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
	// Last line of defence (ids go through apiPath): a dot or empty segment would be collapsed into
	// another address, possibly a whole collection, before the request leaves.
	const unsafe = unsafePathSegment(request.endpoint);
	if (unsafe !== undefined) {
		throw new NodeOperationError(
			node,
			`Refused to send a request to "${request.endpoint}": the path segment ${JSON.stringify(unsafe)} is empty, a dot segment or an encoded slash`,
			{
				itemIndex: request.itemIndex,
				description:
					'Nothing was sent. Such a segment would make the request reach another address than the record meant, possibly a whole collection. Check the ID given.',
			},
		);
	}
	const credentials = await credentialsOf(this, request.itemIndex);
	if (credentials.authentication === 'legacy' && needsToken(request)) {
		throw tokenOnlyError(node, request);
	}
	// The credential's secrets and the request's own (a sub-user's new password, a report address's check).
	const secrets = [...secretsOf(credentials), ...secretsOfRequest(request)];
	const run: RequestRun = {
		request,
		node,
		credentials,
		secrets,
		addresses: credentialAddresses(node, credentials, secrets, request.itemIndex),
		legacy: isLegacyRequest(request),
		guardedByIdx: !request.safeToRepeat && hasIdxGuard(request),
		timeoutMs: request.timeout ?? credentialTimeoutMs(credentials) ?? config.timeoutMs,
		boundary: request.bodyFormat === 'multipart' ? multipartBoundary() : undefined,
		address: 'primary',
		attempts: 0,
		earlierMayHaveBeenAccepted: false,
	};

	for (;;) {
		run.attempts++;
		const result = await attemptOnce.call(this, run);
		if (result.type === 'answer') return result.response;
		const { failure, failingAnswer } = result;
		if (mayHaveBeenAccepted(failure)) run.earlierMayHaveBeenAccepted = true;

		const plan = planNextAttempt({
			safeToRepeat: request.safeToRepeat,
			guardedByIdx: run.guardedByIdx,
			failure,
			attemptsMade: run.attempts,
			address: run.address,
			hasBackup: run.addresses.backup !== undefined,
			policy: config,
		});
		if (plan.action === 'stop') throw errorAfterLastAttempt(run, plan, failure, failingAnswer);

		this.logger?.warn(
			redactSecrets(
				`SMSAPI ${request.method} ${request.endpoint}: the ${run.address} address ${describeFailure(failure, run.timeoutMs)}; ` +
					`repeating on the ${plan.address} address${plan.delayMs ? ` in ${plan.delayMs} ms` : ''} ` +
					`(attempt ${run.attempts + 1} of at most ${config.maxAttempts})`,
				secrets,
			),
		);
		if (plan.delayMs > 0) await config.sleep(plan.delayMs);
		run.address = plan.address;
	}
}
