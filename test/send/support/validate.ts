/**
 * What the checks' tests share (nodes/Smsapi/send/checks.ts and textChecks.ts through
 * test/support/looseSend.ts): a fixed now, every problem of a send (one recipient and a message
 * unless given), and the problem of one parameter.
 */
import type { SendParameters } from '../../../nodes/Smsapi/send/parameters';
import type { SendProblem } from '../../../nodes/Smsapi/send/problems';
import { validateSendParameters } from '../../support/looseSend';

export const NOW = new Date('2025-03-01T12:00:00Z');

/** Every problem of the send, the request limits checked unless told otherwise. */
export function validate(params: SendParameters, checkRequestLimits = true): SendProblem[] {
	return validateSendParameters({ to: '48500000000', message: 'Hello', ...params }, { now: NOW, checkRequestLimits }) ?? [];
}

/** The problem the checks find with `parameter`, if any. */
export function problemFor(params: SendParameters, parameter: string): SendProblem | undefined {
	return validate(params).find((problem) => problem.parameter === parameter);
}

/** `count` distinct numbers. */
export const numbers = (count: number) => Array.from({ length: count }, (_, i) => String(48500000000 + i));
