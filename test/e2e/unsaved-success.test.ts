/**
 * Production settings: queue mode (PostgreSQL, Redis, main, one `n8n webhook` process, one worker)
 * with successful executions not saved (`EXECUTIONS_DATA_SAVE_ON_SUCCESS=none`, nothing in the
 * workflows' settings), on each installed n8n line. n8n deletes an execution that ends well; one
 * that waits must be kept, or its resume address answers 404 (n8n 2.19–2.40 deleted waiting
 * executions in queue mode under this setting: n8n-io/n8n#29924, #32509, fixed by #34958).
 *
 * Send and Wait for Delivery and Send and Wait for Approval, each started at the webhook process:
 * the execution waits and stays (n8n finds it seconds later); the final report (delivered by the
 * emulator to the node's address, main's) or the person's tap resumes it once, on the worker; the
 * node after it ("After", an HTTP Request to a recorder on loopback: the execution's data is not
 * kept, so After's call is the witness) runs once with the answer; afterwards n8n keeps nothing of
 * the execution (the setting is in force), and a repeat of the report or of the tap starts nothing.
 * Needs scripts/install-n8n.sh, Debian's postgresql and redis-server (npm test provisions them).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import { startEmulator, type Emulator } from '../emulator';
import { buttonsOf, linkOf, open, openQuestion, tap, waitingExecution } from './approval/support';
import { approvalWorkflow } from './approval/workflow';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	n8nLines,
	newId,
	sleep,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiTokenCredentialData,
	startPostgres,
	startRedis,
	waitFor,
	type N8nInstance,
	type PostgresServer,
	type RedisServer,
	type WorkflowJson,
} from './harness';
import { control, messages } from './sms/support';
import { sentPerNumber } from './topology/campaign';
import { sendAndWaitWorkflow } from './sms/wait-workflow';

const TEST_TIMEOUT_MS = 180_000;

/** A loopback HTTP server that keeps the JSON body of every POST ("After" calls it). */
interface Recorder {
	url: string;
	calls: Array<Record<string, unknown>>;
	close(): Promise<void>;
}

async function startRecorder(): Promise<Recorder> {
	const calls: Array<Record<string, unknown>> = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			try {
				calls.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
			} catch {
				calls.push({ unreadable: Buffer.concat(chunks).toString('utf8') });
			}
			res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/after`,
		calls,
		close: () => new Promise<void>((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		}),
	};
}

/** The workflow with its "After" replaced by an HTTP Request that posts After's item to the recorder. */
function withRecordedAfter(workflow: WorkflowJson, recorder: Recorder): WorkflowJson {
	const nodes = workflow.nodes.map((node) =>
		node.name !== 'After'
			? node
			: {
					...node,
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					parameters: { method: 'POST', url: recorder.url, sendBody: true, specifyBody: 'json', jsonBody: '={{ JSON.stringify($json) }}', options: {} },
				},
	);
	// Nothing in the workflow's settings: the instance's EXECUTIONS_DATA_SAVE_ON_SUCCESS decides.
	expect(workflow.settings ?? {}).not.toHaveProperty('saveDataSuccessExecution');
	return { ...workflow, nodes };
}

/** How many lines with `marker` the instance's processes logged, per process. */
function linesPerProcess(n8n: N8nInstance, marker: string): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const name of n8n.processNames()) {
		const count = n8n.processLog(name).split(marker).length - 1;
		if (count > 0) counts[name] = count;
	}
	return counts;
}

/** What n8n's own REST API (the editor's Executions view) says of an execution: its status, or `nothing` (200 without data). */
async function seenByN8n(n8n: N8nInstance, id: string): Promise<string> {
	const res = await n8n.rest<{ data?: { status?: string } }>('GET', `/rest/executions/${id}`);
	if (res.status === 200 && res.body?.data === undefined) return 'nothing';
	return res.status === 200 && res.body.data?.status ? String(res.body.data.status) : `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
}

describe.each(n8nLines())('n8n $version (line $line), queue mode, successful executions not saved', (line) => {
	let postgres: PostgresServer;
	let redis: RedisServer;
	let emulator: Emulator;
	let recorder: Recorder;
	let n8n: N8nInstance;
	let credential: { id: string; name: string };

	beforeAll(async () => {
		[postgres, redis, emulator, recorder] = await Promise.all([
			startPostgres({ label: `unsaved-line${line.line}` }),
			startRedis(),
			// Reports only when a test asks for them.
			startEmulator({ port: 0, quiet: true, credits: 1000, dlrDelayMs: 3_600_000 }),
			startRecorder(),
		]);
		n8n = await createN8n({
			line,
			label: 'unsaved-success',
			database: postgres,
			queue: { redisPort: redis.port, workers: 1, webhookProcesses: 1 },
			env: { EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none' },
		});
		await n8n.start({ timeoutMs: 180_000 });
		[credential] = await n8n.createCredentials([{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(emulator) }]);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await Promise.all([emulator?.stop(), recorder?.close(), redis?.stop(), postgres?.stop()]);
	}, 60_000);

	/** Saves and activates the workflow, calls its Webhook at the webhook process, and returns the waiting execution's id. */
	async function startWaiting(workflow: (path: string) => WorkflowJson): Promise<{ workflowId: string; executionId: string }> {
		const path = `unsaved-${newId().slice(0, 8)}`;
		const [workflowId] = await n8n.createWorkflows([withRecordedAfter(workflow(path), recorder)]);
		await n8n.activate(workflowId);
		await n8n.waitForWebhook(path, 'GET', 30_000, 0);
		const before = await n8n.lastExecutionId();
		const res = await fetch(n8n.webhookProcessUrl(0, path), { signal: AbortSignal.timeout(30_000) });
		expect(res.status).toBe(200);
		const executionId = String((await waitingExecution(n8n, workflowId, before)).id);
		// The first run ended (waiting) on the worker, and the process that enqueued it had the time to
		// act on its end: the execution is still there, waiting, for n8n itself.
		await waitFor(`the worker's first run of ${executionId} finished`, 30_000, async () =>
			(linesPerProcess(n8n, `Worker finished execution ${executionId} (job `).worker1 ?? 0) >= 1 ? true : undefined,
		);
		await sleep(3000);
		expect(await seenByN8n(n8n, executionId)).toBe('waiting');
		expect(linesPerProcess(n8n, `Enqueued execution ${executionId} (job `)).toEqual({ webhook1: 1 });
		return { workflowId, executionId };
	}

	/** After the resume: every worker run of the execution ended; returns how many runs were enqueued and run. */
	async function runsOf(executionId: string): Promise<{ enqueued: Record<string, number>; run: Record<string, number> }> {
		// A second resume (or an execution started by a repeat) would show up a little later: let it.
		await sleep(3000);
		const total = (marker: string) => Object.values(linesPerProcess(n8n, marker)).reduce((a, b) => a + b, 0);
		await waitFor(`every worker run of execution ${executionId} finished`, 30_000, async () =>
			total(`Worker started execution ${executionId} (job `) === total(`Worker finished execution ${executionId} (job `) ? true : undefined,
		);
		return {
			enqueued: linesPerProcess(n8n, `Enqueued execution ${executionId} (job `),
			run: linesPerProcess(n8n, `Worker started execution ${executionId} (job `),
		};
	}

	/**
	 * Started and resumed once: enqueued twice (the start by the webhook process, the resume by main, where the
	 * node's address leads), run twice, on the worker, and nothing more since; one SMS. Successful, so not kept:
	 * n8n no longer has the execution, nor any other of the workflow.
	 */
	async function expectResumedOnceThenGone(started: { workflowId: string; executionId: string }, runs: Awaited<ReturnType<typeof runsOf>>, to: string): Promise<void> {
		expect(runs.enqueued).toEqual({ webhook1: 1, main: 1 });
		expect(runs.run).toEqual({ worker1: 2 });
		expect(await runsOf(started.executionId)).toEqual(runs);
		expect(sentPerNumber(emulator).get(to)).toBe(1);
		expect(await seenByN8n(n8n, started.executionId)).toBe('nothing');
		const filter = encodeURIComponent(JSON.stringify({ workflowId: started.workflowId }));
		const listed = await n8n.rest<{ data?: { results?: Array<{ id: string }> } }>('GET', `/rest/executions?filter=${filter}`);
		expect(listed.status).toBe(200);
		expect(listed.body.data?.results).toEqual([]);
	}

	it(
		'Send and Wait for Delivery: the waiting execution is kept; its final report resumes it once, on the worker; After runs once with the report; then n8n keeps nothing of it',
		async () => {
			const to = '48500000801';
			const { workflowId, executionId } = await startWaiting((path) => sendAndWaitWorkflow(credential, path, to, { limitSeconds: 600 }));
			const message = (await messages(emulator)).filter((m) => m.number === to).pop();
			if (!message?.notifyUrl) throw new Error(`no message to ${to} with a notify_url at the emulator`);
			expect(new URL(message.notifyUrl).pathname).toBe(`/webhook-waiting/${executionId}`);

			// The final report, to the node's address (main's), as the service sends it.
			await control(emulator, 'POST', 'dlr', { ids: [message.id], status: 404 });
			await waitFor('After called', 60_000, async () => (recorder.calls.some((c) => c.id === message.id) ? true : undefined));
			const runs = await runsOf(executionId);
			// The same report again (the service repeats a callback it thinks lost): nothing starts.
			const attempts = await control<Array<{ url: string; query: Record<string, string>; responseStatus: number | null }>>(emulator, 'GET', 'callbacks?type=sms_dlr');
			const first = attempts.find((a) => a.query.MsgId === message.id);
			if (!first) throw new Error(`the emulator has no callback of ${message.id}`);
			const again = new URL(first.url);
			for (const [key, value] of Object.entries(first.query)) if (!again.searchParams.has(key)) again.searchParams.append(key, value);
			const repeat = await fetch(again, { signal: AbortSignal.timeout(15_000) });
			await sleep(3000);
			process.stderr.write(
				`[unsaved-success ${line.version}] Send and Wait for Delivery: execution ${executionId} enqueued by ${JSON.stringify(runs.enqueued)}, run by ${JSON.stringify(runs.run)}; ` +
					`After called ${recorder.calls.filter((c) => c.id === message.id).length} time(s); the repeated report answered ${repeat.status}; n8n now says: ${await seenByN8n(n8n, executionId)}\n`,
			);

			expect(first.responseStatus).toBe(200);
			const afterCalls = recorder.calls.filter((c) => c.id === message.id);
			expect(afterCalls).toEqual([expect.objectContaining({ id: message.id, number: to, delivered: true, timedOut: false })]);
			await expectResumedOnceThenGone({ workflowId, executionId }, runs, to);
		},
		TEST_TIMEOUT_MS,
	);

	it(
		'Send and Wait for Approval: the waiting execution is kept; the tap on the page resumes it once, on the worker; After runs once with the answer; a second tap changes nothing; then n8n keeps nothing of it',
		async () => {
			const to = '48500000802';
			const { workflowId, executionId } = await startWaiting((path) => approvalWorkflow(credential, path, to));
			const message = (await messages(emulator)).filter((m) => m.number === to).pop();
			if (!message) throw new Error(`no message to ${to} at the emulator`);
			const { link } = await linkOf(emulator, message);

			// The page, opened as the SMS's link leads there (its script then asks for the question), and its approve button tapped.
			expect((await open(link)).status).toBe(200);
			const page = await openQuestion(link);
			expect(page.status).toBe(200);
			const approve = buttonsOf(page.html).find((b) => b.endsWith('=approve'));
			if (!approve) throw new Error(`no approve button on the page: ${buttonsOf(page.html).join(', ')}`);
			const [name, value] = approve.split('=');
			const answered = await tap(link, { [name]: value });
			await waitFor('After called', 60_000, async () => (recorder.calls.some((c) => c.to === to) ? true : undefined));
			const runs = await runsOf(executionId);
			const second = await tap(link, { [name]: value });
			await sleep(3000);
			process.stderr.write(
				`[unsaved-success ${line.version}] Send and Wait for Approval: execution ${executionId}; the tap answered ${answered.status}, the second ${second.status} (${second.html.replace(/\s+/g, ' ').slice(0, 100)}); ` +
					`enqueued by ${JSON.stringify(runs.enqueued)}, run by ${JSON.stringify(runs.run)}; After called ${recorder.calls.filter((c) => c.to === to).length} time(s); n8n now says: ${await seenByN8n(n8n, executionId)}\n`,
			);

			expect(answered.html).toContain('Your answer was recorded');
			expect(second.html).not.toContain('Your answer was recorded');
			expect(recorder.calls.filter((c) => c.to === to)).toEqual([expect.objectContaining({ to, data: expect.objectContaining({ approved: true }) })]);
			await expectResumedOnceThenGone({ workflowId, executionId }, runs, to);
		},
		TEST_TIMEOUT_MS,
	);
});
