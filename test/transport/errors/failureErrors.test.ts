/**
 * The errors of a request that got no usable answer (transport/errors/failureErrors.ts): the
 * uncertain outcome says it was not repeated and how to make repeats safe; the unreachable service
 * keeps its own wording.
 */
import { createUncertainOutcomeError, createUnreachableError } from '../../../nodes/Smsapi/transport/errors/failureErrors';
import { node } from './support/node';

describe('failure errors', () => {
	it('the uncertain-outcome error says it was not repeated and how to make repeats safe', () => {
		const error = createUncertainOutcomeError(node, {
			what: 'answered HTTP 500',
			httpStatus: 500,
			method: 'POST',
			endpoint: 'sms.do',
			address: 'primary',
			attempts: 1,
			backupSkipped: true,
		});
		expect(error.message).toBe(
			'SMSAPI may or may not have accepted the request to sms.do; it was not repeated, to avoid a double send',
		);
		expect(error.description).toContain('NOT repeated on the backup address');
		expect(error.description).toContain('delivery reports');
		expect(error.description).toContain('idx');
		expect(error.description).toContain('check_idx=1');
		expect(error.httpCode).toBe('500');
		expect(error.context).toMatchObject({ outcome: 'unknown', repeated: false });
	});

	it('keeps its own wording even when it mentions a network code', () => {
		const error = createUnreachableError(node, {
			what: 'closed the connection (ECONNRESET)',
			networkCode: 'ECONNRESET',
			endpoint: 'profile',
			attempts: 4,
			safeToRepeat: true,
		});
		expect(error.message).toBe('SMSAPI could not be reached for profile: the primary address closed the connection (ECONNRESET)');
		expect(error.description).toContain('Gave up after 4 attempts');
	});
});
