/**
 * The error for a request the transport stops repeating (transport/errors/giveUp.ts): a send that a
 * repeat could double stops with "may or may not have accepted" (outcome unknown, the backup
 * skipped, what the failing answer said); attempts run out on a service error or a 429 with the
 * service's error and how many attempts were made (a repeat with the same idx said to be safe when
 * an earlier one may have been accepted); otherwise "could not be reached", with what the last
 * attempt got and whether anything can have been sent.
 */
import { errorAfterLastAttempt } from '../../../nodes/Smsapi/transport/errors/giveUp';
import type { RequestRun } from '../../../nodes/Smsapi/transport/requestRun';
import { requestRunOf } from '../support/request-run';

const run = (overrides: Partial<RequestRun> = {}): RequestRun =>
	requestRunOf({ method: 'POST', endpoint: 'sms.do', safeToRepeat: false }, { earlierMayHaveBeenAccepted: true, ...overrides });

describe('the error after the last attempt', () => {
	it('a send a repeat could double: may or may not have been accepted, not repeated on the backup, with what the answer said', () => {
		const error = errorAfterLastAttempt(run(), { action: 'stop', reason: 'notRepeatable' }, { type: 'http', status: 500 }, { code: 8, message: 'Internal error' });
		expect(error.message).toBe('SMSAPI may or may not have accepted the request to sms.do; it was not repeated, to avoid a double send');
		expect(error.description).toContain('The primary address answered HTTP 500 after the request had been sent');
		expect(error.description).toContain('It was NOT repeated on the backup address');
		expect(error.description).toContain("The answer's body said: error 8");
		expect(error.context).toMatchObject({ outcome: 'unknown' });
	});

	it('attempts run out on a service error: its error, the attempts, and that a repeat with the same idx is safe', () => {
		const guarded = run({ guardedByIdx: true, attempts: 3, address: 'backup' });
		const error = errorAfterLastAttempt(guarded, { action: 'stop', reason: 'exhausted' }, { type: 'service', code: 202, httpStatus: 200 }, { code: 202, message: 'Too many requests' });
		expect(error.description).toContain('Gave up after 3 attempts.');
		expect(error.description).toContain('running it again with the same idx (check_idx=1) is safe');
		expect(error.message).toContain('202');
		expect(error.context).toMatchObject({ attempts: 3, address: 'backup' });
	});

	it('a 429 without a body of its own is the service saying so, not "could not be reached"', () => {
		const error = errorAfterLastAttempt(run({ request: { method: 'GET', endpoint: 'profile', safeToRepeat: true }, legacy: false, attempts: 2 }), { action: 'stop', reason: 'exhausted' }, { type: 'http', status: 429 }, undefined);
		expect(error.message).not.toContain('could not be reached');
		expect(error.description).toContain('Gave up after 2 attempts.');
		expect(error.description).not.toContain('same idx');
	});

	it('no usable answer: could not be reached, with the network error, and whether anything can have been sent', () => {
		const unsent = errorAfterLastAttempt(run({ attempts: 2, earlierMayHaveBeenAccepted: false }), { action: 'stop', reason: 'exhausted' }, { type: 'network', code: 'ECONNREFUSED' }, undefined);
		expect(unsent.message).toBe('SMSAPI could not be reached for sms.do: the primary address refused the connection (ECONNREFUSED)');
		expect(unsent.description).toContain('No attempt reached the service');
		expect(unsent.context).toMatchObject({ outcome: 'failed' });
		const maybe = errorAfterLastAttempt(run({ attempts: 2 }), { action: 'stop', reason: 'exhausted' }, { type: 'network', code: 'ETIMEDOUT', timedOut: true }, undefined);
		expect(maybe.message).toContain('did not answer within 30 s (timeout)');
		expect(maybe.description).toContain('check the delivery reports before running it again');
		expect(maybe.context).toMatchObject({ outcome: 'unknown' });
	});
});
