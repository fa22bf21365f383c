/**
 * Queue mode: SMS → Send and Wait for Delivery. A workflow (Webhook → Send and Wait → After) started
 * through the webhook process runs on a worker and waits; the message's `notify_url` is the
 * execution's resume address, which the worker builds from WEBHOOK_URL. Every process of this
 * topology has main's address as WEBHOOK_URL (test/e2e/harness/n8n-env.ts; the README asks for one
 * public address on every process), so the address points at main: main stands where the load
 * balancer would be. The load balancer is started here: a plain HTTP forwarder that sends every call
 * (path, query and headers kept) to the webhook process, as one routing `/webhook-waiting/*` to the
 * webhook processes does (both n8n lines serve it there). The emulator's message gets its origin
 * instead of main's, path and query kept, and the emulator itself delivers the final report through
 * it. The report arrives several times: the emulator's callback and, the moment the load balancer
 * receives it, a plain GET of the same path and query at the webhook process (concurrent); after the
 * resume the exact URL from the emulator's callback log again, and at main's address (the node's).
 * The webhook process enqueues the resume once, a worker runs it, After runs once with
 * `delivered: true`, no second execution, one sms.do request for the number.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import {
	describeExecution,
	expectExecutionStatus,
	newId,
	sleep,
	waitFor,
	type ExecutionRecord,
	type N8nInstance,
} from '../harness';
import { control } from '../sms/support';
import { sendAndWaitWorkflow } from '../sms/wait-workflow';
import { call, type HttpAnswer } from '../trigger/support/callbacks';
import { seconds, sentPerNumber } from './campaign';
import { TOPOLOGY_TEST_TIMEOUT_MS, type TopologySuite } from './setup';

/** Numbers of this module (the campaigns take blocks from 48,500,100,000 on). */
const TO = '48500000701';

/** An attempt in the emulator's callback log (GET /__control/callbacks). */
interface CallbackAttempt {
	seq: number;
	url: string;
	query: Record<string, string>;
	responseStatus: number | null;
	responseBody: string | null;
	ok: boolean;
}

/** How many lines with `marker` each process's log has (processes without one left out). */
export function linesPerProcess(n8n: N8nInstance, marker: string): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const name of n8n.processNames()) {
		const count = n8n.processLog(name).split(marker).length - 1;
		if (count > 0) counts[name] = count;
	}
	return counts;
}

/** The processes whose count went up since `before`, by how much. */
export function increase(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
	const diff: Record<string, number> = {};
	for (const [name, count] of Object.entries(after)) if (count > (before[name] ?? 0)) diff[name] = count - (before[name] ?? 0);
	return diff;
}

/** The exact URL the emulator called: the address with the report's fields appended, as it builds it. */
function calledUrl(attempt: CallbackAttempt): string {
	const url = new URL(attempt.url);
	const own = new Set(url.searchParams.keys());
	for (const [key, value] of Object.entries(attempt.query)) if (!own.has(key)) url.searchParams.append(key, value);
	return url.href;
}

/** The load balancer: forwards every call to `target` (path, query, headers kept); `onCall` sees each first. */
interface LoadBalancer {
	origin: string;
	/** Path and query of each call it received, in order. */
	calls: string[];
	close(): Promise<void>;
}

async function startLoadBalancer(target: string, onCall: (pathAndQuery: string) => void): Promise<LoadBalancer> {
	const calls: string[] = [];
	const server = http.createServer((req, res) => {
		const pathAndQuery = req.url ?? '/';
		calls.push(pathAndQuery);
		onCall(pathAndQuery);
		const forward = http.request(new URL(pathAndQuery, target), { method: req.method, headers: req.headers, timeout: 15_000 }, (answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		});
		forward.on('timeout', () => forward.destroy(new Error('timeout')));
		forward.on('error', () => {
			if (!res.headersSent) res.writeHead(502);
			res.end();
		});
		req.pipe(forward);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		calls,
		close: () => new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		}),
	};
}

const answerOf = (a: HttpAnswer | CallbackAttempt) =>
	'status' in a ? `${a.status} ${a.body.slice(0, 80)}` : `${a.responseStatus} ${String(a.responseBody).slice(0, 80)}`;

export function registerSendAndWaitTests(ctx: TopologySuite): void {
	const { line } = ctx;

	it(
		'Send and Wait for Delivery: started at the webhook process it waits; its final report, delivered by the emulator to the webhook process and repeated, resumes it once, on a worker; one message sent',
		async () => {
			const { n8n, emulator, credential } = ctx;
			const path = `send-and-wait-${newId().slice(0, 8)}`;
			const [workflowId] = await n8n.createWorkflows([sendAndWaitWorkflow(credential, path, TO, { limitSeconds: 600 })]);
			await n8n.activate(workflowId);
			await n8n.waitForWebhook(path, 'GET', 30_000, 0);

			// 1. Started through the webhook process (where a load balancer sends `/webhook/*`): it waits.
			const before = await n8n.lastExecutionId();
			expect((await call(n8n.webhookProcessUrl(0, path))).status).toBe(200);
			let ended: ExecutionRecord | undefined;
			const waiting = await waitFor(`the execution of ${path} waiting`, 60_000, async () => {
				const [mine] = (await n8n.executions({ afterId: before, withData: false })).filter((e) => String(e.workflowId) === workflowId);
				if (mine && !['new', 'running', 'waiting'].includes(mine.status)) ended = mine;
				return mine?.status === 'waiting' || ended ? mine : undefined;
			});
			if (ended) throw new Error(`expected the execution to wait, but ${describeExecution((await n8n.executions({ ids: [ended.id] }))[0])}`);
			const executionId = String(waiting.id);
			const startedMarker = `Worker started execution ${executionId} (job `;
			const enqueuedMarker = `Enqueued execution ${executionId} (job `;
			const firstRun = linesPerProcess(n8n, startedMarker);
			expect(linesPerProcess(n8n, enqueuedMarker)).toEqual({ webhook1: 1 });
			expect(Object.keys(firstRun)).toEqual([expect.stringMatching(/^worker[12]$/)]);

			// 2. Its address: main's (WEBHOOK_URL), the execution's resume path, with the node's check.
			const message = emulator.state.messages.find((m) => m.number === TO && !m.test);
			if (!message?.notifyUrl) throw new Error(`no message to ${TO} with a notify_url at the emulator`);
			const notifyUrl = new URL(message.notifyUrl);
			const webhookProcess = new URL(n8n.webhookProcessUrl(0, path)).origin;
			expect(notifyUrl.origin).toBe(new URL(n8n.baseUrl).origin);
			expect(notifyUrl.pathname).toBe(`/webhook-waiting/${executionId}`);
			expect(notifyUrl.searchParams.get('smsapi_check')).toMatch(/.+/);

			// 3. The final report through the load balancer to the webhook process; the moment the load
			// balancer has it, the same path and query go to the webhook process a second time.
			const enqueuedBefore = linesPerProcess(n8n, enqueuedMarker);
			const startedBefore = linesPerProcess(n8n, startedMarker);
			let concurrent: Promise<HttpAnswer> | undefined;
			const balancer = await startLoadBalancer(webhookProcess, (pathAndQuery) => {
				concurrent ??= call(`${webhookProcess}${pathAndQuery}`);
			});
			let done: ExecutionRecord;
			let first: CallbackAttempt;
			let resumedIn: number;
			let attempts: CallbackAttempt[];
			const log = () => control<CallbackAttempt[]>(emulator, 'GET', 'callbacks?type=sms_dlr');
			try {
				message.notifyUrl = `${balancer.origin}${notifyUrl.pathname}${notifyUrl.search}`;
				const seqBefore = Math.max(0, ...(await log()).map((a) => a.seq));
				const reported = Date.now();
				await control(emulator, 'POST', 'dlr', { ids: [message.id], status: 404 });
				first = await waitFor(`the report of ${message.id} answered`, 30_000, async () =>
					(await log()).find((a) => a.seq > seqBefore && a.query.MsgId === message.id && a.responseStatus !== null),
				);
				done = await waitFor(`execution ${executionId} resumed and finished`, 60_000, async () => {
					const [now] = await n8n.executions({ ids: [executionId], withData: false });
					return now && !['new', 'running', 'waiting'].includes(now.status) ? now : undefined;
				});
				resumedIn = Date.now() - reported;
				// The emulator calls again until answered `OK` (as the service does), at most its attempts.
				const most = emulator.state.account.callbackMaxAttempts;
				attempts = await waitFor(`the emulator's calls with the report of ${message.id} done`, 60_000, async () => {
					const mine = (await log()).filter((a) => a.seq > seqBefore && a.query.MsgId === message.id);
					return mine.some((a) => a.ok) || mine.length >= most ? mine : undefined;
				});
			} finally {
				await balancer.close();
			}
			expect(first.url).toBe(message.notifyUrl);
			// Answered by the webhook process (which of the two concurrent calls resumes it is n8n's race).
			expect(first).toMatchObject({ query: expect.objectContaining({ MsgId: message.id, status: '404', status_name: 'DELIVERED' }), responseStatus: expect.any(Number) });
			// The load balancer passed on exactly the URL the emulator's log has.
			expect(`${balancer.origin}${balancer.calls[0]}`).toBe(calledUrl(first));
			if (!concurrent) throw new Error('the load balancer received no call');
			const concurrentAnswer = await concurrent;
			// After the resume: the exact URL from the emulator's callback log at the webhook process,
			// and at the address the node gave (main).
			const exact = new URL(calledUrl(first));
			const replay = await call(`${webhookProcess}${exact.pathname}${exact.search}`);
			const atMain = await call(`${notifyUrl.origin}${exact.pathname}${exact.search}`);
			// A second resume (or an execution started by a copy) would show up a little later: let it,
			// then wait until every worker run of the execution has finished.
			await sleep(3000);
			const total = (marker: string) => Object.values(linesPerProcess(n8n, marker)).reduce((a, b) => a + b, 0);
			await waitFor(`every worker run of execution ${executionId} finished`, 30_000, async () =>
				total(startedMarker) === total(`Worker finished execution ${executionId} (job `) ? true : undefined,
			);
			const enqueued = increase(enqueuedBefore, linesPerProcess(n8n, enqueuedMarker));
			const resumedOn = increase(startedBefore, linesPerProcess(n8n, startedMarker));
			process.stderr.write(
				`[topology ${line.version}] Send and Wait: execution ${executionId} ran on ${Object.keys(firstRun).join(', ')} and waited at ${notifyUrl.origin} (main); ` +
					`its report through the load balancer to the webhook process (the emulator's calls answered ${attempts.map((a) => a.responseStatus).join(', ')}: ${answerOf(first)}) resumed it ${seconds(resumedIn)} later, ` +
					`enqueued by ${JSON.stringify(enqueued)}, run by ${JSON.stringify(resumedOn)}. The copies: concurrent at the webhook process ${answerOf(concurrentAnswer)}; ` +
					`after the resume, the exact URL at the webhook process ${answerOf(replay)}, at main ${answerOf(atMain)}\n`,
			);
			if (total(enqueuedMarker) !== 2 || total(startedMarker) !== 2) {
				// Not one resume: what each process said about the execution.
				for (const name of n8n.processNames()) {
					const said = n8n.processLog(name).split('\n').filter((l) => l.includes(`execution ${executionId} (job `) || l.includes(`Execution ${executionId} (job `) || l.includes(`/webhook-waiting/${executionId}`));
					if (said.length > 0) process.stderr.write(`[topology ${line.version}] ${name}:\n  ${said.join('\n  ')}\n`);
				}
			}

			// 4. The execution resumed with the report and After ran with it. The saved run data shows one
			// run even after two resumes (the second overwrites the first): the logs are checked last.
			const [run] = await n8n.executions({ ids: [executionId] });
			expectExecutionStatus(run);
			expect(done.status).toBe('success');
			const runData = run.data?.resultData?.runData ?? {};
			expect(runData.After).toHaveLength(1);
			const after = runData.After[0].data?.main?.[0] ?? [];
			expect(after).toHaveLength(1);
			expect(after[0].json).toMatchObject({ id: message.id, number: TO, delivered: true, timedOut: false });
			expect(after[0].json.report).toMatchObject({ MsgId: message.id, status: 404, status_name: 'DELIVERED', final: true, idx: message.idx });
			// No second execution, never a second send.
			const executions = (await n8n.executions({ afterId: before, withData: false })).filter((e) => String(e.workflowId) === workflowId);
			expect(executions.map((e) => String(e.id))).toEqual([executionId]);
			expect(sentPerNumber(emulator).get(TO)).toBe(1);
			expect(emulator.state.requests.filter((r) => r.path === '/sms.do' && (r.body as Record<string, string>).to === TO)).toHaveLength(1);
			// Resumed once: enqueued once (by the webhook process), run once, on a worker (never main).
			const [resumedWorker] = Object.keys(resumedOn);
			expect(resumedWorker).toMatch(/^worker[12]$/);
			expect(n8n.processLog('main')).not.toContain(startedMarker);
			expect({ enqueuedBy: enqueued, runBy: resumedOn }).toEqual({ enqueuedBy: { webhook1: 1 }, runBy: { [resumedWorker]: 1 } });
		},
		TOPOLOGY_TEST_TIMEOUT_MS,
	);
}
