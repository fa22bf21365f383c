/**
 * Queue mode: delivery reports sent twice, the copy one second later to the other process (main or
 * the webhook process): one execution per report, none lost, `OK` to every call.
 */
import { runInParallel } from '../../../nodes/Smsapi/helpers/parallel';
import { describeExecution, sleep, withMachineLock, type ExecutionRecord, type N8nInstance } from '../harness';
import { call, dlr, dlrQuery } from '../trigger/support/callbacks';
import { triggerItems } from '../trigger/support/executions';
import { callbackUrlOf, triggerPath } from '../trigger/support/workflows';
import { seconds, workerOf } from './campaign';
import { TOPOLOGY_TEST_TIMEOUT_MS, type TopologySuite } from './setup';

/** Tries of one call that n8n answers 503 "Database is not ready!" (its database ping late). */
const NOT_READY_TRIES = 6;
/** Such answers in the whole burst of 4,000 calls: beyond it the processes are not keeping up. */
const MAX_NOT_READY = 40;

export function registerReportBurstTests(ctx: TopologySuite): void {
	const { line, finishedExecutions } = ctx;

	it(
		'2,000 delivery reports, each sent twice (the copy 1 s later to the other process): OK to every call, none lost, repeats dropped',
		async () => {
			const { n8n, trigger } = ctx;
			const reports = Array.from({ length: 2000 }, () =>
				dlr({ status: '404', status_name: 'DELIVERED' }),
			);
			// n8n itself answers 503 "Database is not ready!" before any node runs while its database
			// ping (`SELECT 1`, 5 s limit, every 2 s) is late: seen once in a clean-clone CI run on n8n
			// 1.123.81 with the machine saturated (5 calls). The service repeats a call that was not
			// answered OK (SERVICE-FACTS), so the burst does too, for that answer only, at most
			// NOT_READY_TRIES times a call 2 s apart (n8n pings again 2 s after a late ping); the count
			// is printed and bounded below.
			const notReady: string[] = [];
			const asTheService = async (url: string, query: Record<string, string>) => {
				for (let attempt = 1; ; attempt++) {
					const answer = await call(url, { query });
					if (answer.status !== 503 || !answer.body.includes('Database is not ready') || attempt === NOT_READY_TRIES)
						return answer;
					notReady.push(url);
					await sleep(2000);
				}
			};
			const atMain = (query: Record<string, string>) =>
				asTheService(callbackUrlOf(n8n, trigger), query);
			const atWebhookProcess = (query: Record<string, string>) =>
				asTheService(n8n.webhookProcessUrl(0, triggerPath(trigger)), query);
			const answers: string[] = [];
			const copies: Array<Promise<void>> = [];
			const before = await n8n.lastExecutionId();
			// The other n8n line's burst (its own file, another jest worker) waits for this one: two
			// at once on two cores slow both, and the time a repeat can pass with them (see below).
			const { answered, took } = await withMachineLock('topology-burst', async () => {
				const started = Date.now();
				// Four callers at a time keep both processes busy (more only lengthen the answers).
				// The node's own pool (at most `limit` at once); the first failed call fails the test.
				let failed: { error: unknown } | undefined;
				const sendFirstCopy = async (i: number) => {
					const [first, other] =
						i % 2 === 0 ? [atWebhookProcess, atMain] : [atMain, atWebhookProcess];
					const query = dlrQuery([reports[i]]);
					const answer = await first(query);
					answers.push(`${answer.status} ${answer.body}`);
					copies.push(
						sleep(1000).then(async () => {
							const again = await other(query);
							answers.push(`${again.status} ${again.body}`);
						}),
					);
				};
				await runInParallel(reports.length, sendFirstCopy, {
					limit: 4,
					settled: (_, result) => {
						if (!result.ok) failed ??= { error: result.error };
						return result.ok;
					},
				});
				if (failed) throw failed.error;
				await Promise.all(copies);
				const answered = Date.now() - started;
				expect(answers.filter((a) => a !== '200 OK').slice(0, 5)).toEqual([]);
				expect(answers).toHaveLength(4000);
				if (notReady.length > 0)
					process.stderr.write(
						`[topology ${line.version}] n8n answered 503 "Database is not ready!" ${notReady.length} time(s) ` +
							`(at main ${notReady.filter((url) => url === callbackUrlOf(n8n, trigger)).length}); each call repeated as the service does\n`,
					);
				expect(notReady.length).toBeLessThanOrEqual(MAX_NOT_READY);
				const burst = await finishedExecutions(trigger.id, before, reports.length, 180_000);
				return {
					started,
					answered,
					took: Math.max(...burst.map((e) => Date.parse(e.stoppedAt!))) - started,
				};
			});

			// The next status of a message is a new report: it starts an execution, wherever it arrives.
			const next = { ...reports[0], status: '405', status_name: 'UNDELIVERED' };
			expect(await atWebhookProcess(dlrQuery([next]))).toEqual({ status: 200, body: 'OK' });
			await sleep(1000);
			expect(await atMain(dlrQuery([next]))).toEqual({ status: 200, body: 'OK' });
			// The webhook process checks the secret too: without it 403, at a guessed path 404.
			const stray = dlrQuery([dlr()]);
			expect(
				(await call(n8n.webhookProcessUrl(0, `${trigger.webhookId}/dlr`), { query: stray }))
					.status,
			).toBe(403);
			expect(
				(await call(n8n.webhookProcessUrl(0, `${trigger.webhookId}/dlr/guess`), { query: stray }))
					.status,
			).toBe(404);
			// An execution started by a copy (or by a refused call) would show up a little later.
			await sleep(3000);
			const count = (await n8n.executions({ afterId: before, withData: false })).filter(
				(e) => e.workflowId === trigger.id,
			).length;
			const executions = await finishedExecutions(trigger.id, before, count, 60_000);
			// An execution that did not succeed on a worker is shown with its error, its worker and the
			// processes' log lines that name it, before any other check reads it.
			const amiss = executions.filter((e) => e.status !== 'success' || !workerOf(n8n, e.id));
			expect(amiss.map((e) => describeOnWorker(n8n, e))).toEqual([]);
			expect(new Set(executions.map((e) => workerOf(n8n, e.id)))).toEqual(
				new Set(['worker1', 'worker2']),
			);

			const seen = new Map<string, number>();
			for (const e of executions) {
				// Each a success with one report, which reached the workflow's next node too.
				const items = triggerItems(e);
				expect(items).toHaveLength(1);
				const key = `${String(items[0].MsgId)} ${String(items[0].status)}`;
				seen.set(key, (seen.get(key) ?? 0) + 1);
			}
			const sent = [...reports.map((r) => `${r.MsgId} 404`), `${next.MsgId} 405`];
			// None lost: every report started an execution.
			expect(sent.filter((key) => !seen.has(key))).toEqual([]);
			expect(seen.size).toBe(sent.length);
			// Repeats dropped. Across processes a repeat passes only when it is read before n8n has
			// saved the first copy's memory: n8n saves it after the answer, and an n8n process under
			// load lags its answers (docs/running-at-scale.md). Measured: 0 in most bursts, up to 11
			// of 2,001 on a fully loaded machine; the bound keeps the check from failing there.
			const duplicates = executions.length - seen.size;
			process.stderr.write(
				`[topology ${line.version}] 2,000 reports sent twice (4,000 calls answered in ${seconds(answered)}): ` +
					`2,000 executions done ${seconds(took)} after the first call, ${(reports.length / (took / 1000)).toFixed(1)} reports/s, ` +
					`repeats that started a second execution: ${duplicates} of 2,001\n`,
			);
			expect(duplicates).toBeLessThanOrEqual(20);
		},
		TOPOLOGY_TEST_TIMEOUT_MS,
	);

}

/** An execution with its worker (or none) and the lines of every process's log that name it. */
function describeOnWorker(n8n: N8nInstance, execution: ExecutionRecord): string {
	const id = new RegExp(`\\bexecution(?:Id)?["':= ]+\\s*"?${execution.id}\\b|execution ${execution.id}\\b`);
	const lines = n8n
		.processNames()
		.flatMap((name) => n8n.processLog(name).split('\n').filter((l) => id.test(l)).map((l) => `${name}: ${l.slice(0, 300)}`));
	return `${describeExecution(execution)}; worker ${workerOf(n8n, execution.id) ?? 'none'}; started ${execution.startedAt}, stopped ${execution.stoppedAt}; log: ${lines.slice(0, 10).join(' | ') || 'no line names it'}`;
}
