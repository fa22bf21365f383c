/**
 * The package in the topology its largest users run (each installed n8n line): n8n's queue mode
 * on PostgreSQL and Redis, with a main process, one `n8n webhook` process and two `n8n worker`
 * processes, the package installed on every one of them. Everything is throw-away and on
 * 127.0.0.1: PostgreSQL (Debian's server binaries, own data folder and port), Redis, the SMSAPI
 * emulator. The processes start once per line; the cases run against the same topology.
 * Needs `npm run provision` (n8n lines, redis-server, postgresql).
 */
import type { Emulator } from '../emulator';
import { startEmulator } from '../emulator';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	n8nLines,
	nodeOutput,
	SMSAPI_CREDENTIAL_TYPE,
	SMSAPI_NODE_TYPE,
	smsapiTokenCredentialData,
	startPostgres,
	startRedis,
	waitFor,
	type ExecutionRecord,
	type N8nInstance,
	type PostgresServer,
	type RedisServer,
	type WorkflowJson,
} from './harness';
import { setCredits } from './sms/support';
import { call, callbackUrlOf, dlr, dlrQuery, loadTriggerWorkflow, triggerPath, TRIGGER_NODE, type TriggerWorkflow } from './trigger/support';

const CAMPAIGN_PATH = 'campaign';
const SEND_NODE = 'SMSAPI';
const CASE_TIMEOUT_MS = 300_000;
/** Plenty of points: the credit case lowers them on purpose. */
const CREDITS = 1_000_000;

/**
 * A campaign as users build one: a webhook starts it (answered at once, the execution goes to a
 * worker), a Code node makes one item per customer from the request, SMSAPI sends each a
 * personalised text (100 recipients per request, so a campaign is many requests).
 */
function campaignWorkflow(credential: { id: string; name: string }): WorkflowJson {
	return {
		name: 'e2e topology: campaign',
		nodes: [
			{
				name: 'Campaign',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: 'c0ffee00-0000-4000-8000-00000000ca4d',
				parameters: { path: CAMPAIGN_PATH, httpMethod: 'POST', responseMode: 'onReceived' },
			},
			{
				name: 'Customers',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				parameters: {
					jsCode:
						'const { count, base } = $input.first().json.body;\n' +
						'return Array.from({ length: count }, (_, i) => ({ json: { i, phone: String(base + i) } }));',
				},
			},
			{
				name: SEND_NODE,
				type: SMSAPI_NODE_TYPE,
				typeVersion: 1,
				parameters: {
					resource: 'sms',
					operation: 'send',
					to: '={{ $json.phone }}',
					message: 'Hi [%1%], the spring sale starts today.',
					options: { param1: "={{ 'Customer ' + $json.i }}" },
				},
				credentials: { smsapiApi: credential },
			},
		],
		connections: {
			Campaign: { main: [[{ node: 'Customers', type: 'main', index: 0 }]] },
			Customers: { main: [[{ node: SEND_NODE, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The numbers of a campaign: `count` from `base`. */
const phonesOf = (base: number, count: number) => Array.from({ length: count }, (_, i) => String(base + i));

/** How many messages the emulator accepted for each of these numbers. */
function messageCounts(emulator: Emulator, phones: readonly string[]): Map<string, number> {
	const wanted = new Set(phones);
	const counts = new Map<string, number>();
	for (const message of emulator.state.messages) {
		if (wanted.has(message.number)) counts.set(message.number, (counts.get(message.number) ?? 0) + 1);
	}
	return counts;
}

/** Every number got exactly one message: no one missing, no one twice. */
function expectOneMessageEach(emulator: Emulator, phones: readonly string[]): void {
	const counts = messageCounts(emulator, phones);
	expect([...counts].filter(([, count]) => count !== 1).slice(0, 5)).toEqual([]);
	expect(phones.filter((phone) => !counts.has(phone)).slice(0, 5)).toEqual([]);
}

/** The send node's output answers its input item for item, in order. */
function expectPairedOutput(execution: ExecutionRecord, phones: readonly string[]): Array<Record<string, unknown>> {
	const run = execution.data?.resultData?.runData?.[SEND_NODE]?.at(-1);
	const items = run?.data?.main?.[0] ?? [];
	expect(items).toHaveLength(phones.length);
	const paired = (item: (typeof items)[number]) => {
		const p = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
		return typeof p === 'number' ? p : (p as { item?: number } | undefined)?.item;
	};
	expect(items.filter((item, k) => paired(item) !== k || item.json.number !== phones[k]).slice(0, 3)).toEqual([]);
	return items.map((item) => item.json);
}

/** The worker whose log says it started this execution (`worker1`, `worker2`, ...), if any. */
function workerOf(n8n: N8nInstance, executionId: string, workers: readonly string[]): string[] {
	return workers.filter((name) => n8n.processLog(name).includes(`Worker started execution ${executionId} `));
}

const finished = (e: ExecutionRecord) => !['new', 'running', 'waiting'].includes(String(e.status)) && Boolean(e.stoppedAt);

describe.each(n8nLines())('n8n $version (line $line), production queue mode: PostgreSQL, main + webhook process + 2 workers', (line) => {
	let postgres: PostgresServer;
	let redis: RedisServer;
	let emulator: Emulator;
	let n8n: N8nInstance;
	let credential: { id: string; name: string };
	let campaignId: string;
	let trigger: TriggerWorkflow;
	const workers = ['worker1', 'worker2'];
	/** Measured by the cases, printed once at the end (the README's "Running at scale" quotes them). */
	const measured: string[] = [];

	/** Starts a campaign through the webhook process; resolves with its (finished) execution. */
	async function startCampaign(base: number, count: number): Promise<{ id: string; startedAt: number }> {
		const before = await lastId();
		const startedAt = Date.now();
		const answer = await call(n8n.webhookProcessUrl(0, CAMPAIGN_PATH), { json: { count, base } });
		expect(answer.status).toBe(200);
		const id = await waitFor(`the campaign from ${base} to be enqueued`, 30_000, async () => {
			const fresh = (await n8n.executions({ afterId: before, withData: false })).filter((e) => e.workflowId === campaignId);
			return fresh[0]?.id;
		}, 200);
		return { id, startedAt };
	}

	async function lastId(): Promise<number> {
		return (await n8n.executions({ withData: false })).reduce((max, e) => Math.max(max, Number(e.id)), 0);
	}

	async function finishedExecution(id: string, timeoutMs = 180_000): Promise<ExecutionRecord> {
		await waitFor(`execution ${id} to finish`, timeoutMs, async () => {
			const [execution] = (await n8n.executions({ afterId: Number(id) - 1, withData: false })).filter((e) => e.id === id);
			return execution && finished(execution) ? true : undefined;
		}, 500);
		const [execution] = (await n8n.executions({ afterId: Number(id) - 1 })).filter((e) => e.id === id);
		return execution;
	}

	beforeAll(async () => {
		[postgres, redis, emulator] = await Promise.all([
			startPostgres({ label: `n8n${line.line}` }),
			startRedis(),
			// Delivery reports of the campaigns would be thousands of executions: far after the suite.
			startEmulator({ port: 0, quiet: true, credits: CREDITS, dlrDelayMs: 600_000 }),
		]);
		n8n = await createN8n({
			line,
			label: 'topology',
			database: postgres,
			queue: { redisPort: redis.port, workers: 2, webhookProcesses: 1, concurrency: 10 },
			// n8n's own lock settings (30 s): shorter locks are lost on a loaded 2-core machine and
			// n8n 2.x then fails the job ("Missing key for job"). 2.x marks an execution whose
			// worker died as crashed at its queue recovery, here every minute.
			env: { N8N_EXECUTIONS_QUEUE_RECOVERY_INTERVAL: '1' },
		});
		const [cred] = await n8n.importCredentials([
			{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(emulator) },
		]);
		credential = { id: cred.id, name: cred.name };
		trigger = loadTriggerWorkflow('trigger-dlr', { smsapiApi: credential });
		[campaignId, trigger.id] = await n8n.importWorkflows([campaignWorkflow(credential), trigger.workflow]);
		await n8n.activate([campaignId, trigger.id]);
		const started = Date.now();
		await n8n.start({ webhooks: [{ path: triggerPath(trigger), method: 'GET' }], timeoutMs: 180_000 });
		measured.push(`topology up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		if (measured.length > 0) process.stderr.write(`[topology n8n ${line.version}] ${measured.join('; ')}\n`);
		try {
			await n8n?.stop();
		} finally {
			await Promise.all([emulator?.stop(), redis?.stop(), postgres?.stop()]);
		}
	}, 120_000);

	it('the credential test and the dropdowns (sender names, templates, groups) answer through main', async () => {
		// As account.test.ts does it: a credential made through the REST API, then the Test button.
		expect(
			await n8n.testCredential({ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI topology test', data: smsapiTokenCredentialData(emulator) }),
		).toEqual({ status: 'OK', message: expect.any(String) });
		const dropdown = (methodName: string, path: string, currentNodeParameters: Record<string, unknown>) =>
			n8n.loadOptions({ nodeType: SMSAPI_NODE_TYPE, methodName, path, currentNodeParameters, credentials: { smsapiApi: credential } });
		const send = { resource: 'sms', operation: 'send' };
		expect((await dropdown('getSenderNames', 'parameters.options.from', send)).map((o) => o.value)).toEqual(['', 'MyShop', 'Test']);
		expect((await dropdown('getTemplates', 'parameters.options.template', send)).length).toBeGreaterThan(0);
		expect(
			(await dropdown('getContactGroupNames', 'parameters.group', { resource: 'sms', operation: 'sendToGroup' })).length,
		).toBeGreaterThan(0);
	}, CASE_TIMEOUT_MS);

	it('a 10,000-recipient campaign runs on a worker: each recipient accepted once, the execution in PostgreSQL, output paired', async () => {
		const phones = phonesOf(48501000000, 10_000);
		const { id, startedAt } = await startCampaign(48501000000, phones.length);
		const execution = await finishedExecution(id);
		const seconds = (Date.now() - startedAt) / 1000;
		measured.push(`10,000-recipient campaign in ${seconds.toFixed(1)} s`);
		expect(execution.status).toBe('success');
		expect(workerOf(n8n, id, workers)).toHaveLength(1);
		expectOneMessageEach(emulator, phones);
		const output = expectPairedOutput(execution, phones);
		expect(output.filter((item) => item.status !== 'QUEUE' && item.status !== 'ACCEPTED').slice(0, 3)).toEqual([]);
		// Read back from PostgreSQL: the execution data there is what the Executions list shows.
		expect(n8n.database?.port).toBe(postgres.port);
	}, CASE_TIMEOUT_MS);

	it('campaigns started together spread over both workers, each recipient once', async () => {
		const bases = [48502000000, 48502100000, 48502200000, 48502300000, 48502400000, 48502500000];
		const started = await Promise.all(bases.map((base) => startCampaign(base, 1_000)));
		const executions = await Promise.all(started.map(({ id }) => finishedExecution(id)));
		expect(executions.map((e) => e.status)).toEqual(bases.map(() => 'success'));
		const ranOn = started.map(({ id }) => workerOf(n8n, id, workers));
		expect(ranOn.every((names) => names.length === 1)).toBe(true);
		expect(new Set(ranOn.flat())).toEqual(new Set(workers));
		for (const base of bases) expectOneMessageEach(emulator, phonesOf(base, 1_000));
	}, CASE_TIMEOUT_MS);

	it('2,000 delivery reports, each repeated 1 s later to the other process: one execution per report, none lost, OK to every call', async () => {
		const REPORTS = 2_000;
		const before = await lastId();
		const reports = Array.from({ length: REPORTS }, () => dlrQuery([dlr()]));
		const atMain = callbackUrlOf(n8n, trigger);
		const atWebhookProcess = n8n.webhookProcessUrl(0, triggerPath(trigger));
		const answers: Array<{ status: number; body: string }> = [];
		const started = Date.now();
		// Reports go out at a steady rate, half first to main and half first to the webhook
		// process; each copy goes to the other one 1 s after its original. At most 16 calls in flight.
		const RATE_PER_S = 50;
		let inFlight = 0;
		const pending: Array<Promise<void>> = [];
		const send = async (url: string, query: Record<string, string>) => {
			inFlight++;
			try {
				answers.push(await call(url, { query }));
			} catch (error) {
				answers.push({ status: 0, body: String(error) });
			} finally {
				inFlight--;
			}
		};
		for (const [k, report] of reports.entries()) {
			const [first, copy] = k % 2 === 0 ? [atMain, atWebhookProcess] : [atWebhookProcess, atMain];
			const dueAt = started + (k * 1000) / RATE_PER_S;
			for (let i = 0; i < 2000 && (Date.now() < dueAt || inFlight >= 16); i++) await new Promise((r) => setTimeout(r, 5));
			pending.push(send(first, report));
			pending.push(new Promise<void>((r) => setTimeout(r, 1000)).then(() => send(copy, report)));
		}
		await Promise.all(pending);
		const sentInS = (Date.now() - started) / 1000;
		expect(answers).toHaveLength(2 * REPORTS);
		expect(answers.filter((a) => a.status !== 200 || a.body !== 'OK').slice(0, 3)).toEqual([]);

		const ofTrigger = (e: ExecutionRecord) => e.workflowId === trigger.id;
		await waitFor(`${REPORTS} trigger executions to finish`, 240_000, async () => {
			const done = (await n8n.executions({ afterId: before, withData: false })).filter((e) => ofTrigger(e) && finished(e));
			return done.length >= REPORTS ? true : undefined;
		}, 1000);
		const allDoneInS = (Date.now() - started) / 1000;
		// Nothing more comes: the copies started nothing.
		await new Promise((r) => setTimeout(r, 3000));
		const executions = (await n8n.executions({ afterId: before })).filter(ofTrigger);
		expect(executions).toHaveLength(REPORTS);
		expect(executions.filter((e) => e.status !== 'success').slice(0, 3)).toEqual([]);
		const msgIds = executions.flatMap((e) => nodeOutput(e.data?.resultData?.runData, TRIGGER_NODE).map((item) => String(item.MsgId)));
		expect(new Set(msgIds).size).toBe(REPORTS);
		expect(msgIds.sort()).toEqual(reports.map((r) => r.MsgId).sort());
		measured.push(
			`${REPORTS} reports x2 sent in ${sentInS.toFixed(1)} s, all ${REPORTS} executions done after ${allDoneInS.toFixed(1)} s ` +
				`(${(REPORTS / allDoneInS).toFixed(0)} reports/s end to end), duplicates 0`,
		);
	}, CASE_TIMEOUT_MS);

	it('a campaign that failed midway (credits ran out), retried from the Executions list: nobody gets a second message', async () => {
		const phones = phonesOf(48503000000, 3_000);
		// Enough points for about a third of the campaign (0.165 per message).
		await setCredits(emulator, 0.165 * 1_000 + 0.01);
		const { id } = await startCampaign(48503000000, phones.length);
		const failed = await finishedExecution(id);
		expect(failed.status).toBe('error');
		expect(JSON.stringify(failed.data?.resultData?.error ?? {})).toMatch(/103/);
		const sentBefore = messageCounts(emulator, phones);
		expect(sentBefore.size).toBe(1_000);

		await setCredits(emulator, CREDITS);
		const retryId = await n8n.retryExecution(id);
		expect(retryId).not.toBe(id);
		const retried = await finishedExecution(retryId);
		expect(retried.retryOf).toBe(id);
		expect(retried.status).toBe('success');
		expectOneMessageEach(emulator, phones);
		const output = expectPairedOutput(retried, phones);
		// The messages the failed execution had sent are reported as accepted earlier (the service refused their idx).
		expect(output.filter((item) => item.accepted_earlier === true)).toHaveLength(1_000);
	}, CASE_TIMEOUT_MS);

	it('a worker killed in the middle of a campaign: no recipient gets two messages when n8n takes the execution up again', async () => {
		const phones = phonesOf(48504000000, 8_000);
		const { id } = await startCampaign(48504000000, phones.length);
		const worker = await waitFor(`a worker to start execution ${id}`, 60_000, async () => workerOf(n8n, id, workers)[0], 100);
		await waitFor('the campaign to be under way', 60_000, async () => (messageCounts(emulator, phones).size >= 500 ? true : undefined), 50);
		await n8n.killProcess(worker, 'SIGKILL');
		const sentAtKill = messageCounts(emulator, phones).size;
		measured.push(`worker killed after ${sentAtKill} of ${phones.length} messages`);
		expect(sentAtKill).toBeLessThan(phones.length);
		// What happens next depends on the line (see the README, "Running at scale"): 1.x's queue
		// gives the stalled job to the other worker (same execution id, so the same idx: the service
		// refuses the repeats); 2.x never runs a stalled job again and n8n marks the execution crashed.
		const after = await finishedExecution(id, 180_000);
		const counts = messageCounts(emulator, phones);
		expect([...counts.values()].filter((count) => count > 1)).toEqual([]);
		if (line.line === '1') {
			expect(after.status).toBe('success');
			expectOneMessageEach(emulator, phones);
			expect(workerOf(n8n, id, workers).filter((name) => name !== worker)).toHaveLength(1);
		} else {
			expect(after.status).toBe('crashed');
		}
		await n8n.startWorker();
	}, CASE_TIMEOUT_MS);
});
