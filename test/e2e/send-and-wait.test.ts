/**
 * SMS → Send and Wait for Delivery in real n8n (each installed line, regular mode): the execution
 * waits after the send, the emulator's delivery reports go to the execution's resume address
 * (`notify_url`), and only the message's final report resumes it. Reports are sent on cue
 * (`POST /__control/dlr`), so that a test knows which report the execution saw last:
 * - delivered → resumes with `delivered: true` and the report; undelivered → `delivered: false`;
 * - a report that is not final (ACCEPTED, SENT) is answered and does not resume: a DELIVERED
 *   after SENT resumes with `delivered: true`;
 * - forged calls (no check, a changed check, a check of 64 characters that are not 64 bytes,
 *   another message's final report) do not resume, and the genuine report still does;
 * - the credential's token rotated while the execution waits: the genuine report still resumes;
 * - no final report → resumes at the time limit with `timedOut: true` (n8n looks for due waiting
 *   executions once a minute: this one runs beside the others and is checked last);
 * - n8n restarted while the execution waits → the report still resumes it;
 * - never a second send: one sms.do request per execution, on every path.
 * Needs scripts/install-n8n.sh; SMSAPI_E2E_LINES=2 or =1 restricts the lines.
 */
import { startEmulator, type Emulator } from '../emulator';
import {
	createN8n,
	describeExecution,
	E2E_SETUP_TIMEOUT_MS,
	expectExecutionStatus,
	n8nLines,
	newId,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiTokenCredentialData,
	stopSuite,
	waitFor,
	type ExecutionRecord,
	type N8nInstance,
} from './harness';
import { launchBrowser, newEditorPage, saveDocsImage, step } from './harness/browser';
import { control, messages, smsDoRequests, type EmulatedMessage } from './sms/support';
import { sendAndWaitWorkflow } from './sms/wait-workflow';

const TEST_TIMEOUT_MS = 120_000;
/** The time-limit test's limit; n8n then takes up to a minute more to notice it. */
const SHORT_LIMIT_SECONDS = 5;

interface Suite {
	emulator: Emulator;
	n8n: N8nInstance;
	credential: { id: string; name: string };
}

/** A started execution of a saved workflow: its id once n8n has it waiting, and its message. */
interface Waiting {
	workflowId: string;
	executionId: string;
	message: EmulatedMessage;
}

async function startWaiting(
	suite: Suite,
	to: string,
	limitSeconds?: number,
	afterFails = false,
	credential: { id: string; name: string } = suite.credential,
): Promise<Waiting> {
	const { n8n, emulator } = suite;
	const path = `e2e-wait-${newId().slice(0, 8)}`;
	const [workflowId] = await n8n.createWorkflows([sendAndWaitWorkflow(credential, path, to, { limitSeconds, afterFails })]);
	await n8n.activate(workflowId);
	const before = await n8n.lastExecutionId();
	const res = await fetch(n8n.webhookUrl(path), { signal: AbortSignal.timeout(30_000) });
	expect(res.status).toBe(200);
	let ended: ExecutionRecord | undefined;
	const execution = await waitFor(`execution of ${path} waiting`, 60_000, async () => {
		const mine = (await n8n.executions({ afterId: before, withData: true })).find((e) => String(e.workflowId) === workflowId);
		if (mine && !['new', 'running', 'waiting'].includes(mine.status)) ended = mine;
		return mine?.status === 'waiting' || ended ? mine : undefined;
	});
	if (ended) throw new Error(`expected the execution to wait, but ${describeExecution(ended)}`);
	const message = (await messages(emulator)).find((m) => m.number === to);
	if (!message) throw new Error(`no message to ${to} at the emulator`);
	return { workflowId, executionId: String(execution.id), message };
}

async function execution(suite: Suite, id: string): Promise<ExecutionRecord> {
	const [found] = await suite.n8n.executions({ ids: [id], withData: true });
	return found;
}

async function finished(suite: Suite, id: string, timeoutMs = 30_000): Promise<ExecutionRecord> {
	return await waitFor(`execution ${id} to finish`, timeoutMs, async () => {
		const found = await execution(suite, id);
		return found && !['new', 'running', 'waiting'].includes(found.status) ? found : undefined;
	});
}

/** The item the Send and Wait node gave and the After node received. */
function output(run: ExecutionRecord): Record<string, unknown> {
	expectExecutionStatus(run);
	const runData = run.data?.resultData?.runData ?? {};
	const after = runData.After?.[0]?.data?.main?.[0] ?? [];
	expect(after).toHaveLength(1);
	return (after[0] as { json: Record<string, unknown> }).json;
}

/** A report now, through the emulator's callback to the message's notify_url; resolves once answered. */
async function report(suite: Suite, message: EmulatedMessage, status: number): Promise<void> {
	const before = (await control<Array<{ seq: number }>>(suite.emulator, 'GET', 'callbacks?type=sms_dlr')).length;
	await control(suite.emulator, 'POST', 'dlr', { ids: [message.id], status });
	await waitFor(`the report ${status} of ${message.id} answered`, 30_000, async () => {
		const log = await control<Array<{ query: Record<string, string>; responseStatus: number | null }>>(suite.emulator, 'GET', 'callbacks?type=sms_dlr');
		return log.slice(before).find((a) => a.query.MsgId === message.id && a.query.status === String(status) && a.responseStatus !== null);
	});
}

async function stillWaiting(suite: Suite, id: string): Promise<void> {
	// n8n answers before it writes the resumed execution: give it the time to start one.
	await new Promise((resolve) => setTimeout(resolve, 1500));
	const found = await execution(suite, id);
	if (found.status !== 'waiting') throw new Error(`expected still waiting, but ${describeExecution(found)}`);
}

/** Exactly one sms.do request to this number so far. */
async function sentOnce(suite: Suite, to: string): Promise<void> {
	const requests = (await smsDoRequests(suite.emulator)).filter((r) => r.body.to === to);
	expect(requests).toHaveLength(1);
}

describe.each(n8nLines())('n8n $version (line $line): SMS → Send and Wait for Delivery', (line) => {
	const suite = {} as Suite;
	let timingOut: Promise<Waiting>;

	beforeAll(async () => {
		// No report comes by itself: each test sends the ones it needs (control /dlr).
		suite.emulator = await startEmulator({ port: 0, quiet: true, credits: 1000, dlrDelayMs: 3_600_000, callbackRetryMs: 300, callbackMaxAttempts: 5 });
		suite.n8n = await createN8n({ line, label: 'send-and-wait' });
		await suite.n8n.start();
		const [credential] = await suite.n8n.createCredentials([
			{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(suite.emulator) },
		]);
		suite.credential = credential;
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(() => stopSuite(suite), 60_000);

	test(
		'waits after the send; a report that is not final does not resume it; the final DELIVERED one resumes it with the report',
		async () => {
			// Started first: its time limit runs out while the other tests run (checked in the last one).
			timingOut = startWaiting(suite, '48500000409', SHORT_LIMIT_SECONDS);
			const waiting = await startWaiting(suite, '48500000001');
			expect(waiting.message.notifyUrl).toContain(`/webhook-waiting/${waiting.executionId}`);
			expect(waiting.message.notifyUrl).toContain('smsapi_check=');
			expect(waiting.message.idx).toMatch(/^[0-9a-f]{32}$/);

			await report(suite, waiting.message, 410);
			await stillWaiting(suite, waiting.executionId);

			await report(suite, waiting.message, 404);
			const json = output(await finished(suite, waiting.executionId));
			expect(json).toMatchObject({ id: waiting.message.id, number: '48500000001', delivered: true, timedOut: false });
			expect(json.report).toMatchObject({ MsgId: waiting.message.id, status: 404, status_name: 'DELIVERED', final: true, idx: waiting.message.idx, to: '48500000001' });
			await sentOnce(suite, '48500000001');
			await timingOut;
		},
		TEST_TIMEOUT_MS,
	);

	test(
		'UNDELIVERED resumes it with delivered: false',
		async () => {
			const waiting = await startWaiting(suite, '48500000002');
			await report(suite, waiting.message, 405);
			const json = output(await finished(suite, waiting.executionId));
			expect(json).toMatchObject({ delivered: false, timedOut: false });
			expect(json.report).toMatchObject({ status: 405, status_name: 'UNDELIVERED', final: true });
			await sentOnce(suite, '48500000002');
		},
		TEST_TIMEOUT_MS,
	);

	test(
		'forged calls of the resume address do not resume it: no check, a changed check, the final report of another message',
		async () => {
			const waiting = await startWaiting(suite, '48500000003');
			const address = new URL(waiting.message.notifyUrl as string);
			const reportQuery = { MsgId: waiting.message.id, status: '404', status_name: 'DELIVERED', idx: waiting.message.idx ?? '', sent_at: '1700000000', donedate: '1700000100', username: 'test', points: '0.16', to: '48500000003', mcc: '260', mnc: '2' };
			const call = async (change: (url: URL) => void) => {
				const url = new URL(address);
				for (const [key, value] of Object.entries(reportQuery)) url.searchParams.set(key, value);
				change(url);
				const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
				await res.text();
				return res.status;
			};
			// Without the check: n8n 2.x refuses a missing token itself (401), our check refuses the rest (403).
			expect(await call((url) => url.searchParams.delete('smsapi_check'))).toBe(403);
			const check = address.searchParams.get('smsapi_check') as string;
			const changed = `${check.slice(0, -1)}${check.endsWith('0') ? '1' : '0'}`;
			expect(await call((url) => url.searchParams.set('smsapi_check', changed))).toBe(403);
			// The right address, another message's final report: answered, ignored.
			expect(await call((url) => { url.searchParams.set('MsgId', 'another-message'); url.searchParams.set('idx', 'another-idx'); })).toBe(200);
			await stillWaiting(suite, waiting.executionId);
			if (line.line === '2') {
				// n8n 2.x's own token: without it n8n answers 401 before the node sees the call.
				expect(await call((url) => url.searchParams.delete('signature'))).toBe(401);
				await stillWaiting(suite, waiting.executionId);
			}
			// The real report still resumes it.
			await report(suite, waiting.message, 404);
			expect(output(await finished(suite, waiting.executionId))).toMatchObject({ delivered: true });
			await sentOnce(suite, '48500000003');
		},
		TEST_TIMEOUT_MS,
	);

	test(
		'SENT (403) does not end the wait; the DELIVERED after it resumes with delivered: true',
		async () => {
			const waiting = await startWaiting(suite, '48500000007');
			await report(suite, waiting.message, 403);
			await stillWaiting(suite, waiting.executionId);
			await report(suite, waiting.message, 404);
			const json = output(await finished(suite, waiting.executionId));
			expect(json).toMatchObject({ delivered: true, timedOut: false });
			expect(json.report).toMatchObject({ status: 404, status_name: 'DELIVERED' });
			await sentOnce(suite, '48500000007');
		},
		TEST_TIMEOUT_MS,
	);

	test(
		"a check of 64 characters that are not 64 bytes (64 × é), n8n's own signature kept: refused (403), the execution keeps waiting",
		async () => {
			const waiting = await startWaiting(suite, '48500000008');
			const url = new URL(waiting.message.notifyUrl as string);
			url.searchParams.set('MsgId', waiting.message.id);
			url.searchParams.set('status', '404');
			url.searchParams.set('status_name', 'DELIVERED');
			url.searchParams.set('idx', waiting.message.idx ?? '');
			url.searchParams.set('smsapi_check', 'é'.repeat(64));
			const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
			await res.text();
			expect(res.status).toBe(403);
			await stillWaiting(suite, waiting.executionId);
			await report(suite, waiting.message, 404);
			expect(output(await finished(suite, waiting.executionId))).toMatchObject({ delivered: true, timedOut: false });
			await sentOnce(suite, '48500000008');
		},
		TEST_TIMEOUT_MS,
	);

	test(
		"the credential's token rotated while the execution waits: the genuine report still resumes it",
		async () => {
			const data = smsapiTokenCredentialData(suite.emulator);
			const [rotating] = await suite.n8n.createCredentials([{ type: SMSAPI_CREDENTIAL_TYPE, name: `SMSAPI rotating ${newId().slice(0, 6)}`, data }]);
			const waiting = await startWaiting(suite, '48500000010', undefined, false, rotating);
			await suite.n8n.updateCredential(rotating.id, { ...rotating, data: { ...data, token: 'a-rotated-token' } });
			await report(suite, waiting.message, 404);
			expect(output(await finished(suite, waiting.executionId))).toMatchObject({ delivered: true, timedOut: false });
			await sentOnce(suite, '48500000010');
		},
		TEST_TIMEOUT_MS,
	);

	test(
		'n8n restarted while the execution waits: the report still resumes it',
		async () => {
			const waiting = await startWaiting(suite, '48500000004');
			await suite.n8n.restart();
			await report(suite, waiting.message, 404);
			expect(output(await finished(suite, waiting.executionId))).toMatchObject({ delivered: true, timedOut: false });
			await sentOnce(suite, '48500000004');
		},
		TEST_TIMEOUT_MS,
	);

	test(
		'Retry from the Executions list sends nothing again: of a waiting execution (goes on as timed out), of a resumed one that failed later',
		async () => {
			const waiting = await startWaiting(suite, '48500000005', undefined, true);
			// n8n offers Retry for a waiting execution too: it runs on at once with the waiting node switched
			// off (as at the time limit), so the retry passes on the timed-out item and sends nothing.
			const retryOfWaiting = await suite.n8n.retryExecution(waiting.executionId);
			const retriedWaiting = await finished(suite, retryOfWaiting);
			expect(output(retriedWaiting)).toMatchObject({ id: waiting.message.id, delivered: false, timedOut: true });
			await stillWaiting(suite, waiting.executionId);
			await report(suite, waiting.message, 404);
			const failed = await finished(suite, waiting.executionId);
			expect(failed.status).toBe('error');
			for (const loadWorkflow of [false, true]) {
				const retryId = await suite.n8n.retryExecution(waiting.executionId, { loadWorkflow });
				const retried = await finished(suite, retryId);
				// The retry starts at the failed node with the saved output of Send and Wait.
				expect(retried.data?.resultData?.runData?.After?.[0]?.error?.message).toMatch(/a later node fails/);
			}
			await sentOnce(suite, '48500000005');
		},
		TEST_TIMEOUT_MS,
	);

	test(
		"n8n's editor shows the execution waiting, then resumed with the report (README pictures with UPDATE_README_IMAGES=1, line 2)",
		async () => {
			const waiting = await startWaiting(suite, '48500000006');
			const browser = await launchBrowser();
			try {
				const { page } = await newEditorPage(browser, suite.n8n);
				const picture = async (name: string) => {
					if (line.line === '2' && process.env.UPDATE_README_IMAGES === '1') await saveDocsImage(page, name);
				};
				const executionPage = `/workflow/${waiting.workflowId}/executions/${waiting.executionId}`;
				/** n8n 2.x opens a "Production Checklist" over the executions list of a published workflow: closed for the picture. */
				const closeChecklist = async () => {
					const checklist = page.getByText('Production Checklist');
					if (!(await checklist.isVisible())) return;
					await page.keyboard.press('Escape');
					if (await checklist.isVisible()) await checklist.locator('xpath=ancestor::*[.//button][1]').locator('button').first().click();
					await checklist.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
				};
				await step(page, 'the waiting execution', async () => {
					await page.goto(executionPage);
					await page.getByText(/^\s*Waiting\s*$/i).first().waitFor({ timeout: 30_000 });
					await page.waitForTimeout(1500);
					await closeChecklist();
				});
				await picture('send-and-wait-waiting');
				await report(suite, waiting.message, 404);
				expect(output(await finished(suite, waiting.executionId))).toMatchObject({ delivered: true });
				await step(page, 'the resumed execution', async () => {
					await page.goto(executionPage);
					await page.getByText(/Succeeded|Success/i).first().waitFor({ timeout: 30_000 });
					await page.waitForTimeout(1500);
					await closeChecklist();
				});
				await picture('send-and-wait-resumed');
			} finally {
				await browser.close();
			}
		},
		TEST_TIMEOUT_MS,
	);

	test(
		'no final report: resumes at the time limit with timedOut: true, the send result kept',
		async () => {
			const waiting = await timingOut;
			const run = await finished(suite, waiting.executionId, 100_000);
			const json = output(run);
			expect(json).toMatchObject({ id: waiting.message.id, number: '48500000409', delivered: false, timedOut: true, report: null });
			expect(typeof json.waitUntil).toBe('string');
			await sentOnce(suite, '48500000409');
		},
		TEST_TIMEOUT_MS,
	);
});
