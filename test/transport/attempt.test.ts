/**
 * One HTTP attempt (transport/attempt.ts) through a stand-in for n8n's request helper: the request
 * goes to the address of the run with the credential it read once; a successful answer is read
 * (its points as numbers); a failure status, a transient service code, an unreadable answer or a
 * network error is a failure for the failover to decide on (with Retry-After); a cancelled execution
 * or a request n8n refuses to make, and a service error, end the request; error 53 to a repeat of
 * idx values this run generated after an attempt of unknown outcome is "accepted earlier", for the
 * user's own idx an error saying nothing was sent twice.
 */
import { attemptOnce, refusedAfterUnknownOutcome } from '../../nodes/Smsapi/transport/attempt';
import type { RequestRun } from '../../nodes/Smsapi/transport/requestRun';
import type { SmsapiContext, SmsapiRequest } from '../../nodes/Smsapi/transport/types';
import { requestRunOf } from './support/request-run';


/** n8n's request helper as the attempt calls it: answers in turn (a full response, or an error to throw). */
function helper(...answers: unknown[]) {
	const httpRequestWithAuthentication = jest.fn();
	for (const answer of answers) {
		if (answer instanceof Error) httpRequestWithAuthentication.mockRejectedValueOnce(answer);
		else httpRequestWithAuthentication.mockResolvedValueOnce(answer);
	}
	return { context: { helpers: { httpRequestWithAuthentication } } as unknown as SmsapiContext, httpRequestWithAuthentication };
}

const json = (statusCode: number, body: unknown, headers: Record<string, string> = {}) => ({ statusCode, headers, body: Buffer.from(JSON.stringify(body)) });

const runOf = (request: SmsapiRequest, overrides: Partial<RequestRun> = {}): RequestRun =>
	requestRunOf(request, { credentials: { token: 't0ken' }, secrets: ['t0ken'], ...overrides });

const send: SmsapiRequest = { method: 'POST', endpoint: 'sms.do', body: { to: '48500', message: 'Hi', idx: 'a1', check_idx: true }, safeToRepeat: false };
const networkError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('one attempt', () => {
	it("goes to the run's address with the credential it read, and reads a successful answer", async () => {
		const { context, httpRequestWithAuthentication } = helper(json(200, { count: 1, list: [{ id: 'm1', points: '0.16', number: '48500' }] }));
		const result = await attemptOnce.call(context, runOf(send, { address: 'backup', attempts: 2 }));
		expect(result).toEqual({ type: 'answer', response: { data: { count: 1, list: [{ id: 'm1', points: 0.16, number: '48500' }] }, meta: { address: 'backup', attempts: 2, httpStatus: 200 } } });
		const [type, options, extra] = httpRequestWithAuthentication.mock.calls[0];
		expect(type).toBe('smsapiApi');
		expect(options).toMatchObject({ method: 'POST', url: 'https://api2.smsapi.com/sms.do' });
		expect(extra).toEqual({ credentialsDecrypted: { id: 'c1', name: 'SMSAPI account', type: 'smsapiApi', data: { token: 't0ken' } } });
	});

	it('a failure status is a failure to decide on, with its Retry-After and the code its body gave', async () => {
		const { context } = helper(json(503, { error: 8, message: 'Internal error' }, { 'Retry-After': '2' }));
		expect(await attemptOnce.call(context, runOf(send))).toMatchObject({ type: 'failure', failure: { type: 'http', status: 503, retryAfterMs: 2_000, serviceCode: 8 } });
	});

	it('a transient service code in a 200 (too many requests) is a failure to decide on too', async () => {
		const { context } = helper(json(200, { error: 202, message: 'Too many simultaneous requests' }));
		expect(await attemptOnce.call(context, runOf(send))).toMatchObject({ type: 'failure', failure: { type: 'service', code: 202, httpStatus: 200 } });
	});

	it('a network error is a failure; a timeout says so', async () => {
		expect(await attemptOnce.call(helper(networkError('ECONNRESET')).context, runOf(send))).toEqual({ type: 'failure', failure: { type: 'network', code: 'ECONNRESET', timedOut: false } });
		expect(await attemptOnce.call(helper(networkError('ECONNABORTED')).context, runOf(send))).toMatchObject({ type: 'failure', failure: { type: 'network', timedOut: true } });
	});

	it('an answer no one can read is a failure (an HTML page of a proxy)', async () => {
		const { context } = helper({ statusCode: 200, headers: {}, body: Buffer.from('<html>Bad gateway</html>') });
		expect(await attemptOnce.call(context, runOf(send))).toMatchObject({ type: 'failure', failure: { type: 'unreadable', status: 200 } });
	});

	it('a cancelled execution and a request n8n refuses to make end the request, without the credential in the error', async () => {
		const cancelled = Object.assign(new Error('canceled'), { code: 'ERR_CANCELED' });
		await expect(attemptOnce.call(helper(cancelled).context, runOf(send))).rejects.toThrow(/the execution was cancelled/);
		const refused = attemptOnce.call(helper(new Error('Invalid URL with t0ken')).context, runOf(send));
		await expect(refused).rejects.toThrow('Invalid URL with');
		await expect(refused).rejects.not.toThrow('t0ken');
	});

	it("a service error ends the request as the service's refusal", async () => {
		const { context } = helper(json(200, { error: 13, message: 'No correct phone numbers' }));
		const refusal = attemptOnce.call(context, runOf(send));
		await expect(refusal).rejects.toThrow('SMSAPI error 13: no correct phone numbers');
		await expect(refusal).rejects.toMatchObject({ messages: ['No correct phone numbers'] });
		expect(refusedAfterUnknownOutcome(await refusal.catch((error: unknown) => error))).toBe(false);
	});

	it('53 to a repeat of generated idx values after an attempt of unknown outcome: accepted earlier', async () => {
		const run = runOf({ ...send, idxGenerated: true }, { attempts: 2, guardedByIdx: true, earlierMayHaveBeenAccepted: true });
		const result = await attemptOnce.call(helper(json(200, { error: 53, message: 'idx already used' })).context, run);
		expect(result).toEqual({ type: 'answer', response: { data: { error: 53, message: 'idx already used' }, meta: { address: 'primary', attempts: 2, httpStatus: 200, acceptedEarlier: true } } });
	});

	it("53 to a repeat of the user's own idx: an error saying nothing was sent twice, marked as after an unknown outcome", async () => {
		const run = runOf(send, { attempts: 2, guardedByIdx: true, earlierMayHaveBeenAccepted: true });
		const error = await attemptOnce.call(helper(json(200, { error: 53, message: 'idx already used' })).context, run).then(
			() => undefined,
			(thrown: unknown) => thrown as Error & { description?: string },
		);
		expect(error?.description).toContain('Nothing was sent twice.');
		expect(refusedAfterUnknownOutcome(error)).toBe(true);
		expect(refusedAfterUnknownOutcome(new Error('other'))).toBe(false);
	});
});
