/**
 * The processes of the topology tests of one n8n line (test/e2e/topology/suite.ts): PostgreSQL
 * (a throw-away `initdb` cluster), Redis, n8n main, one `n8n webhook` process and two `n8n worker`
 * processes, all on loopback, started once before the tests of the modules beside this one, which
 * share them through the TopologySuite they are given.
 */
import { startEmulator, type Emulator } from '../../emulator';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	newId,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiTokenCredentialData,
	startPostgres,
	startRedis,
	waitFor,
	type ExecutionRecord,
	type N8nInstance,
	type N8nLine,
	type PostgresServer,
	type RedisServer,
} from '../harness';
import { control } from '../sms/support';
import { call } from '../trigger/support/callbacks';
import { waitForRegistry } from '../trigger/support/registry';
import { callbackUrlOf, loadTriggerWorkflow, triggerPath, type TriggerWorkflow } from '../trigger/support/workflows';
import { acceptedOf, campaignWorkflow, numbersOf, seconds } from './campaign';

/** Long steps: a 10,000-recipient campaign, 4,000 callbacks, a worker's lock running out. */
export const TOPOLOGY_TEST_TIMEOUT_MS = 240_000;

/** A worker's lock on its job, and how often the others look for jobs whose lock ran out. */
export const WORKER_LOCK_MS = 10_000;
export const STALLED_CHECK_MS = 2_000;

/** A campaign midway (TopologySuite.slowCampaignUnderway): its numbers, and the last execution before it. */
export interface CampaignUnderway {
	numbers: string[];
	range: Set<string>;
	before: number;
}

/** What the topology tests of one n8n line share; the processes and ids are there once the tests run. */
export interface TopologySuite {
	line: N8nLine;
	readonly emulator: Emulator;
	readonly n8n: N8nInstance;
	readonly credential: { id: string; name: string };
	/** The delivery-report trigger, active. */
	readonly trigger: TriggerWorkflow;
	/** The campaign workflow, and the same with an Idx from the data: active. */
	campaign: { id: string; path: string };
	ownIdxCampaign: { id: string; path: string };
	/** The first number of a new block of 100,000 numbers (a block per campaign). */
	block(): number;
	/** The campaign's webhook at the webhook process (where a load balancer sends `/webhook/*`). */
	startCampaign(path: string, body: { first: number; count: number; run: string }): Promise<void>;
	/**
	 * A campaign whose every answer takes 400 ms (the caller sets the latency back), followed until
	 * `atLeast` of its messages were accepted: a campaign midway.
	 */
	slowCampaignUnderway(path: string, count: number, run: string, atLeast: number): Promise<CampaignUnderway>;
	/** Waits until `count` executions of the workflow after `afterId` are done; returns them with their data. */
	/** `withData: false`: the rows only (a 100,000-item execution's data takes long to decode). */
	finishedExecutions(workflowId: string, afterId: number, count: number, timeoutMs: number, options?: { withData?: boolean }): Promise<ExecutionRecord[]>;
}

/** Starts the processes of `line` before the file's tests (the emulator keeps delivery reports back), and stops them after. */
export function useTopologySuite(line: N8nLine): TopologySuite {
	let postgres: PostgresServer;
	let redis: RedisServer;
	let emulator: Emulator;
	let n8n: N8nInstance;
	let credential: { id: string; name: string };
	let trigger: TriggerWorkflow;
	const campaign = { id: '', path: `campaign-${newId().slice(0, 8)}` };
	const ownIdxCampaign = { id: '', path: `campaign-own-idx-${newId().slice(0, 8)}` };
	/** Each test's numbers start here (a new block of 100,000 numbers per campaign). */
	let nextBlock = 48_500_000_000;
	const block = () => (nextBlock += 100_000);

	/** The campaign's webhook at the webhook process (where a load balancer sends `/webhook/*`). */
	const startCampaign = async (
		path: string,
		body: { first: number; count: number; run: string },
	) => {
		const answer = await call(n8n.webhookProcessUrl(0, path), { json: body });
		expect(answer.status).toBe(200);
	};

	/**
	 * A campaign whose every answer takes 400 ms (the caller sets the latency back), followed until
	 * `atLeast` of its messages were accepted: a campaign midway.
	 */
	const slowCampaignUnderway = async (
		path: string,
		count: number,
		run: string,
		atLeast: number,
	) => {
		const numbers = numbersOf(block(), count);
		const range = new Set(numbers);
		const before = await n8n.lastExecutionId();
		await control(emulator, 'POST', 'latency', { ms: 400 });
		await startCampaign(path, { first: Number(numbers[0]), count, run });
		await waitFor(
			`${atLeast} messages of the campaign accepted`,
			60_000,
			async () => (acceptedOf(emulator, range) >= atLeast ? true : undefined),
			50,
		);
		return { numbers, range, before };
	};

	/** Waits until `count` executions of the workflow after `afterId` are done; returns them with their data. */
	const finishedExecutions = async (
		workflowId: string,
		afterId: number,
		count: number,
		timeoutMs: number,
		options: { withData?: boolean } = {},
	) => {
		const done = await waitFor(
			`${count} finished execution(s) of workflow ${workflowId}`,
			timeoutMs,
			async () => {
				const rows = (await n8n.executions({ afterId, withData: false })).filter(
					(e) => e.workflowId === workflowId,
				);
				const finished = rows.filter(
					(e) => !['new', 'running', 'waiting'].includes(String(e.status)) && e.stoppedAt,
				);
				return finished.length >= count ? finished : undefined;
			},
			500,
		);
		if (options.withData === false) return done;
		return n8n.executions({ afterId, ids: done.map((e) => e.id) });
	};

	beforeAll(async () => {
		[postgres, redis, emulator] = await Promise.all([
			startPostgres({ label: `line${line.line}` }),
			startRedis(),
			// Delivery reports of the campaigns would start the trigger: they are kept back.
			startEmulator({
				port: 0,
				quiet: true,
				credits: 1_000_000,
				dlrDelayMs: 3_600_000,
				maxConcurrentSms: 5,
				latencyMs: 20,
			}),
		]);
		n8n = await createN8n({
			line,
			label: 'topology',
			database: postgres,
			queue: { redisPort: redis.port, workers: 2, webhookProcesses: 1, concurrency: 5 },
			env: {
				// n8n 2.41 ships with its isolate expression engine selected, which takes a fresh
				// isolate for every webhook call of a trigger other than n8n's own Webhook node: about
				// 22 calls a second on two cores, so the 2,000-report burst below would take minutes.
				// The engine without isolation (deprecated by n8n 2.41, the only one of 1.x) fits it into
				// the time a test has; docs/running-at-scale.md, has both measurements.
				N8N_EXPRESSION_ENGINE: 'legacy',
				// The Code node in a task runner, as n8n 2.x always runs it and n8n 1.123 asks for (its
				// deprecation notice). Inside the worker (1.123's default) the Code node's 100,000 items
				// alone hold the worker's event loop for over a minute (Code → No Op measured: 76 s),
				// longer than n8n's default job lock (60 s), whatever node comes after it.
				N8N_RUNNERS_ENABLED: 'true',
				// n8n's database pool (2 connections by default) delays the save of the trigger's
				// memory behind other queries, and a repeat at another process can pass meanwhile:
				// docs/running-at-scale.md recommends more for main and webhook processes.
				DB_POSTGRESDB_POOL_SIZE: '10',
				// A killed worker's job is looked at again within seconds instead of a minute.
				QUEUE_WORKER_LOCK_DURATION: String(WORKER_LOCK_MS),
				QUEUE_WORKER_LOCK_RENEW_TIME: String(WORKER_LOCK_MS / 5),
				QUEUE_WORKER_STALLED_INTERVAL: String(STALLED_CHECK_MS),
			},
		});
		const started = Date.now();
		await n8n.start({ timeoutMs: 180_000 });
		process.stderr.write(
			`[topology ${line.version}] main, webhook process and two workers up in ${seconds(Date.now() - started)}\n`,
		);
		[credential] = await n8n.createCredentials([
			{
				type: SMSAPI_CREDENTIAL_TYPE,
				name: 'SMSAPI e2e',
				data: smsapiTokenCredentialData(emulator),
			},
		]);
		trigger = loadTriggerWorkflow('trigger-dlr', { smsapiApi: credential });
		[trigger.id, campaign.id, ownIdxCampaign.id] = await n8n.createWorkflows([
			trigger.workflow,
			campaignWorkflow(credential, { name: 'e2e: campaign', path: campaign.path }),
			campaignWorkflow(credential, {
				name: 'e2e: campaign, Idx from the data',
				path: ownIdxCampaign.path,
				ownIdx: true,
			}),
		]);
		await n8n.activate([trigger.id, campaign.id, ownIdxCampaign.id]);
		// The webhook process finds the activated workflows' webhooks in the database.
		for (const path of [triggerPath(trigger), campaign.path, ownIdxCampaign.path]) {
			await n8n.waitForWebhook(path, path === triggerPath(trigger) ? 'GET' : 'POST', 30_000, 0);
		}
		await waitForRegistry(emulator, 'the trigger registered', (all) =>
			all.some((e) => e.url === callbackUrlOf(n8n, trigger)),
		);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		// Thrown away: n8n's shutdown would wait for the executions the burst left enqueued.
		await n8n?.stop({ signal: 'SIGKILL' });
		await Promise.all([emulator?.stop(), redis?.stop(), postgres?.stop()]);
	}, 60_000);

	return {
		line,
		get emulator() {
			return emulator;
		},
		get n8n() {
			return n8n;
		},
		get credential() {
			return credential;
		},
		get trigger() {
			return trigger;
		},
		campaign,
		ownIdxCampaign,
		block,
		startCampaign,
		slowCampaignUnderway,
		finishedExecutions,
	};
}
