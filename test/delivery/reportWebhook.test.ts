/**
 * The resume address of Send and Wait for Delivery (delivery/reportWebhook.ts) as n8n calls it for a
 * waiting execution: only the waiting message's report that ends the wait, on the address the
 * send gave the service, resumes it; every other call is answered and changes nothing, and no call
 * makes the webhook throw (n8n would end the waiting execution with that error, or resume it with
 * an empty item). Random calls: reportWebhook.fuzz.test.ts; real n8n:
 * test/e2e/send-and-wait.test.ts.
 */
import { useMockedNetwork } from '../operations/support/run-node';
import { callResume, reportQuery, startWaiting } from './support/resume-calls';

useMockedNetwork();

let executions = 0;
/** A new execution id per waiting execution: a resume is claimed per execution in the process. */
const nextExecution = () => `exec-resume-${++executions}`;

describe('a call that must not end the wait', () => {
	it('a check of 64 characters that are not 64 bytes (64 × é) is refused with 403; the execution keeps waiting', async () => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		const call = await callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED', 'é'.repeat(64)) });
		expect(call.resumes).toBe(false);
		expect(call.response.statusCode).toBe(403);
		expect(call.response).toMatchObject({ ended: true, body: 'Forbidden', headers: { 'content-type': 'text/plain; charset=utf-8' } });
		expect(call.result).toEqual({ noWebhookResponse: true });
		// The genuine report still resumes it.
		expect((await callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED') })).resumes).toBe(true);
	});

	it('any call while the credential is deleted: answered, nothing thrown; the genuine report still resumes', async () => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		const forged = await callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED', 'f'.repeat(64)), credentials: null });
		expect(forged.resumes).toBe(false);
		expect(forged.response.statusCode).toBe(403);
		const genuine = await callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED'), credentials: null });
		expect(genuine.resumes).toBe(true);
	});

	it('403 SENT does not end the wait (a DELIVERED may follow); the DELIVERED after it resumes with delivered: true', async () => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		const sent = await callResume(waiting, { query: reportQuery(waiting, 403, 'SENT') });
		expect(sent.resumes).toBe(false);
		expect(sent.response.statusCode).toBe(200);
		const delivered = await callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED') });
		expect(delivered.resumes).toBe(true);
		expect(delivered.result.workflowData![0][0].json).toMatchObject({ delivered: true, timedOut: false, report: { status: 404, status_name: 'DELIVERED' } });
	});

	it('the name alone says SENT (no code): not final either', async () => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		const query = { ...reportQuery(waiting, 403, 'SENT'), status: '' };
		expect((await callResume(waiting, { query })).resumes).toBe(false);
	});
});

describe('the reports that end the wait', () => {
	it.each([
		[404, 'DELIVERED', true],
		[405, 'UNDELIVERED', false],
		[402, 'EXPIRED', false],
		[406, 'FAILED', false],
		[407, 'REJECTED', false],
		[408, 'UNKNOWN', false],
		[401, 'NOT_FOUND', false],
		[412, 'STOP', false],
	])('%s %s resumes it (delivered: %s)', async (status, name, delivered) => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		const call = await callResume(waiting, { query: reportQuery(waiting, status, name) });
		expect(call.resumes).toBe(true);
		expect(call.result.workflowData![0][0].json).toMatchObject({ delivered, timedOut: false });
	});

	it.each([
		[409, 'QUEUE'],
		[410, 'ACCEPTED'],
		[403, 'SENT'],
	])('%s %s does not', async (status, name) => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		expect((await callResume(waiting, { query: reportQuery(waiting, status, name) })).resumes).toBe(false);
	});
});

describe('a credential changed while the execution waits', () => {
	it('the token rotated: the genuine report still resumes it', async () => {
		const waiting = await startWaiting({ executionId: nextExecution(), credentials: { authentication: 'token', token: 'token-before', platform: 'custom', baseUrl: 'http://primary.smsapi.test', backupUrl: '' } });
		const call = await callResume(waiting, {
			query: reportQuery(waiting, 404, 'DELIVERED'),
			credentials: { authentication: 'token', token: 'token-after', platform: 'custom', baseUrl: 'http://primary.smsapi.test', backupUrl: '' },
		});
		expect(call.resumes).toBe(true);
	});
});

describe('the item resumed', () => {
	it('carries the report and the send result, not the check of the address', async () => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		const call = await callResume(waiting, { query: reportQuery(waiting, 404, 'DELIVERED') });
		const json = call.result.workflowData![0][0].json;
		const check = waiting.notifyUrl.searchParams.get('smsapi_check')!;
		expect(JSON.stringify(json)).not.toContain(check);
		expect(json).toMatchObject({ id: waiting.messageId, number: waiting.number, idx: waiting.idx });
	});

	it('the waiting item never holds the check itself (whoever reads the execution cannot forge the report)', async () => {
		const waiting = await startWaiting({ executionId: nextExecution() });
		const check = waiting.notifyUrl.searchParams.get('smsapi_check')!;
		expect(check).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(waiting.item)).not.toContain(check);
	});
});
