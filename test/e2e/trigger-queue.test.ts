/**
 * The SMSAPI Trigger's deduplication in queue mode (each installed n8n line): the main process or a
 * separate `n8n webhook` process takes the webhook and answers, a worker runs the execution, Redis
 * carries the job. The dedupe memory lives in the workflow's static data in the database, shared
 * by all of them.
 * Needs scripts/install-n8n.sh and Debian's redis-server.
 */
import { startEmulator, type Emulator } from '../emulator';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	E2E_TEST_TIMEOUT_MS,
	n8nLines,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiTokenCredentialData,
	startRedis,
	type N8nInstance,
	type RedisServer,
} from './harness';
import {
	call,
	callbackUrlOf,
	dlr,
	dlrQuery,
	expectNoNewExecutions,
	lastExecutionId,
	loadTriggerWorkflow,
	triggerItems,
	waitForNewExecutions,
	querySecretUrlOf,
	triggerPath,
	waitForRegistry,
	type TriggerWorkflow,
} from './trigger/support';

describe.each(n8nLines())('n8n $version (line $line), queue mode: SMSAPI Trigger', (line) => {
	let redis: RedisServer;
	let emulator: Emulator;
	let n8n: N8nInstance;
	let trigger: TriggerWorkflow;

	beforeAll(async () => {
		redis = await startRedis();
		emulator = await startEmulator({ port: 0, quiet: true });
		n8n = await createN8n({ line, label: 'trigger-queue', queue: { redisPort: redis.port, workers: 1, webhookProcesses: 1 } });
		// Saved and activated on the main process as in the editor (REST); the webhook process
		// finds the new webhook in the database, as in a scaled n8n.
		await n8n.start();
		const [cred] = await n8n.createCredentials([
			{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(emulator) },
		]);
		trigger = loadTriggerWorkflow('trigger-dlr', { smsapiApi: cred });
		[trigger.id] = await n8n.createWorkflows([trigger.workflow]);
		await n8n.activate(trigger.id);
		await n8n.waitForWebhook(triggerPath(trigger), 'GET');
		await n8n.waitForWebhook(triggerPath(trigger), 'GET', 30_000, 0);
		await waitForRegistry(emulator, 'the trigger registered', (all) => all.some((e) => e.url === callbackUrlOf(n8n, trigger)));
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await emulator?.stop();
		await redis?.stop();
	}, 60_000);

	it(
		'a repeated delivery report starts one execution (run by the worker); the next status of the message starts another',
		async () => {
			const url = callbackUrlOf(n8n, trigger);
			const accepted = dlr({ status: '410', status_name: 'ACCEPTED' });
			let before = await lastExecutionId(n8n);
			let since = Date.now();
			expect(await call(url, { query: dlrQuery([accepted]) })).toEqual({ status: 200, body: 'OK' });
			const [first] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(first)).toEqual([expect.objectContaining({ MsgId: accepted.MsgId, status: 410 })]);
			// The worker ran it; the main process only enqueued it.
			expect(n8n.logs()).toContain(`Worker started execution ${first.id} (job`);

			before = await lastExecutionId(n8n);
			expect(await call(url, { query: dlrQuery([accepted]) })).toEqual({ status: 200, body: 'OK' });
			await expectNoNewExecutions(n8n, before);

			since = Date.now();
			const delivered = { ...accepted, status: '404', status_name: 'DELIVERED' };
			expect(await call(url, { query: dlrQuery([delivered]) })).toEqual({ status: 200, body: 'OK' });
			const [second] = await waitForNewExecutions(n8n, before, 1, { since });
			expect(triggerItems(second)).toEqual([expect.objectContaining({ MsgId: accepted.MsgId, status: 404 })]);

			// And the first report, once more after an execution of the workflow finished on the worker.
			before = await lastExecutionId(n8n);
			expect(await call(url, { query: dlrQuery([accepted]) })).toEqual({ status: 200, body: 'OK' });
			await expectNoNewExecutions(n8n, before);
		},
		E2E_TEST_TIMEOUT_MS,
	);

	it(
		'a report taken by the webhook process and repeated to the main process (and the other way round) starts one execution',
		async () => {
			// The webhook process at the URL n8n shows (secret in the path); main at the earlier layout (?secret=).
			const atWebhookProcess = (query: Record<string, string>) => call(n8n.webhookProcessUrl(0, triggerPath(trigger)), { query });
			const atMain = (query: Record<string, string>) => call(querySecretUrlOf(n8n, trigger), { query });

			for (const [first, repeat] of [
				[atWebhookProcess, atMain],
				[atMain, atWebhookProcess],
			] as const) {
				const report = dlrQuery([dlr({ status: '404', status_name: 'DELIVERED' })]);
				let before = await lastExecutionId(n8n);
				const since = Date.now();
				expect(await first(report)).toEqual({ status: 200, body: 'OK' });
				const [execution] = await waitForNewExecutions(n8n, before, 1, { since });
				expect(triggerItems(execution)).toEqual([expect.objectContaining({ MsgId: report.MsgId, status: 404 })]);
				expect(n8n.logs()).toContain(`Worker started execution ${execution.id} (job`);

				before = await lastExecutionId(n8n);
				expect(await repeat(report)).toEqual({ status: 200, body: 'OK' });
				expect(await first(report)).toEqual({ status: 200, body: 'OK' });
				await expectNoNewExecutions(n8n, before);
			}

			// The webhook process checks the secret too.
			const stray = dlrQuery([dlr()]);
			const before = await lastExecutionId(n8n);
			expect((await call(n8n.webhookProcessUrl(0, `${trigger.webhookId}/dlr`), { query: stray })).status).toBe(403);
			expect((await call(n8n.webhookProcessUrl(0, `${trigger.webhookId}/dlr/guess`), { query: stray })).status).toBe(404);
			await expectNoNewExecutions(n8n, before);
		},
		E2E_TEST_TIMEOUT_MS,
	);
});
