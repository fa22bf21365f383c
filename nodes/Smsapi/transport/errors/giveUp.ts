import type { NodeApiError } from 'n8n-workflow';

import type { ServiceError } from './answerErrors';
import { describeSmsapiError } from './errorCodes';
import { describeFailure } from '../failover';
import type { AttemptFailure, NextAttempt } from '../failover';
import { createUncertainOutcomeError, createUnreachableError } from './failureErrors';
import { runSummary } from '../requestRun';
import type { RequestRun } from '../requestRun';
import { createServiceError, serviceErrorDetails } from './serviceError';

/** What the failing answer's body said, in words, for an error description. */
function answerNote(error: ServiceError | undefined): string | undefined {
	if (!error) return undefined;
	const meaning = describeSmsapiError(error.code);
	const words = [meaning?.meaning, error.message].filter(Boolean).join('; ');
	return `The answer's body said: error ${error.code}${words ? ` (${words})` : ''}`;
}

const REPEAT_WITH_SAME_IDX =
	' An earlier attempt may have been accepted; running it again with the same idx (check_idx=1) is safe: a copy accepted earlier is refused with error 53 instead of being sent twice.';

/**
 * The error for a request the transport stops repeating: a repeat could double it
 * (`notRepeatable`), or the attempts ran out (`exhausted`: the service's last error, or
 * "could not be reached").
 */
export function errorAfterLastAttempt(
	run: RequestRun,
	stop: Extract<NextAttempt, { action: 'stop' }>,
	failed: AttemptFailure,
	failingAnswer: ServiceError | undefined,
): NodeApiError {
	const { node, secrets, request, attempts } = run;
	const what = describeFailure(failed, run.timeoutMs);
	const httpStatus =
		failed.type === 'http' || failed.type === 'unreadable' ? failed.status : undefined;
	const networkCode = failed.type === 'network' ? failed.code : undefined;

	if (stop.reason === 'notRepeatable') {
		return createUncertainOutcomeError(
			node,
			{
				...runSummary(run),
				what,
				httpStatus,
				networkCode,
				backupSkipped: run.address === 'primary' && run.addresses.backup !== undefined,
				answerNote: answerNote(failingAnswer),
			},
			secrets,
		);
	}
	const mayBeAccepted = run.earlierMayHaveBeenAccepted;
	if (failed.type === 'service' || (failed.type === 'http' && failed.status === 429)) {
		const gaveUp = `Gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}.`;
		const error = failingAnswer ?? { code: failed.type === 'http' ? failed.status : failed.code };
		return createServiceError(
			node,
			{
				...serviceErrorDetails(error),
				...runSummary(run),
				httpStatus: failed.type === 'http' ? failed.status : failed.httpStatus,
				retryAfterMs: failed.retryAfterMs,
				note: gaveUp + (!request.safeToRepeat && mayBeAccepted ? REPEAT_WITH_SAME_IDX : ''),
			},
			secrets,
		);
	}
	return createUnreachableError(
		node,
		{
			...runSummary(run),
			what,
			httpStatus,
			networkCode,
			safeToRepeat: request.safeToRepeat,
			guardedByIdx: run.guardedByIdx,
			mayHaveBeenAccepted: mayBeAccepted,
			answerNote: answerNote(failingAnswer),
		},
		secrets,
	);
}
