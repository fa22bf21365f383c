/**
 * Queue mode: campaigns run on the workers, every recipient accepted once, the execution saved in
 * PostgreSQL, the output paired with its input; several started together spread over both workers.
 */
import { expectExecutionStatus, expectExecutionsStatus, waitFor } from '../harness';
import { control } from '../sms/support';
import { expectEachOnce, numbersOf, pairedIndex, seconds, smsapiOutput, unfinishedOnWorkers, workerOf } from './campaign';
import { TOPOLOGY_TEST_TIMEOUT_MS, type TopologySuite } from './setup';

export function registerCampaignTests(ctx: TopologySuite): void {
	const { line, campaign, block, startCampaign, finishedExecutions } = ctx;

	it(
		'a 10,000-recipient campaign runs on a worker: each recipient accepted once, the execution in PostgreSQL, the output paired',
		async () => {
			const { n8n, emulator } = ctx;
			const first = block();
			const numbers = numbersOf(first, 10_000);
			const before = await n8n.lastExecutionId();
			const requestsBefore = emulator.state.requests.filter((r) => r.path === '/sms.do').length;
			const started = Date.now();
			await startCampaign(campaign.path, { first, count: numbers.length, run: 'big' });
			const [execution] = await finishedExecutions(campaign.id, before, 1, 180_000);
			const took = Date.now() - started;

			expectExecutionStatus(execution);
			expect(workerOf(n8n, execution.id)).toMatch(/^worker[12]$/);
			expectEachOnce(emulator, numbers);
			expect(
				emulator.state.requests.filter((r) => r.path === '/sms.do').length - requestsBefore,
			).toBeGreaterThanOrEqual(100);

			const items = smsapiOutput(execution);
			expect(items).toHaveLength(numbers.length);
			const unpaired = items.filter(
				(item, i) => pairedIndex(item) !== i || item.json.number !== numbers[i],
			);
			expect(unpaired.slice(0, 3)).toEqual([]);
			expect(items.every((item) => item.json.status === 'QUEUE')).toBe(true);
			process.stderr.write(
				`[topology ${line.version}] 10,000-recipient campaign: ${seconds(took)} from the webhook call to the saved execution ` +
					`(${seconds(Date.parse(execution.stoppedAt!) - Date.parse(execution.startedAt!))} on ${workerOf(n8n, execution.id)})\n`,
			);
		},
		TOPOLOGY_TEST_TIMEOUT_MS,
	);

	it(
		"a 100,000-recipient campaign under a job lock of 10 s (n8n's default: 60 s): run once, on one worker, success, each recipient accepted once",
		async () => {
			const { n8n, emulator } = ctx;
			const numbers = numbersOf(block(), 100_000);
			const before = await n8n.lastExecutionId();
			const requestsBefore = emulator.state.requests.filter((r) => r.path === '/sms.do').length;
			const started = Date.now();
			await startCampaign(campaign.path, { first: Number(numbers[0]), count: numbers.length, run: 'huge' });
			// The rows only: decoding 200,000 items of run data is the test's cost, not n8n's.
			const [row] = await finishedExecutions(campaign.id, before, 1, 360_000, { withData: false });
			const took = Date.now() - started;
			if (row.status !== 'success') {
				const [withData] = await n8n.executions({ ids: [row.id] });
				expectExecutionStatus(withData);
			}
			// One worker started it, and only once: no other worker took the job over (its lock held).
			const starts = n8n
				.processNames()
				.filter((name) => name.startsWith('worker'))
				.flatMap((name) => [...n8n.processLog(name).matchAll(new RegExp(`Worker started execution ${row.id} \\(job`, 'g'))].map(() => name));
			expect(starts).toHaveLength(1);
			expectEachOnce(emulator, numbers);
			// Personalised: 100 recipients per request, every request answered once (no repeat, no 53).
			const requests = emulator.state.requests.filter((r) => r.path === '/sms.do').slice(requestsBefore);
			expect(requests).toHaveLength(1_000);
			process.stderr.write(
				`[topology ${line.version}] 100,000-recipient campaign: ${seconds(took)} from the webhook call to the saved execution ` +
					`(${seconds(Date.parse(row.stoppedAt!) - Date.parse(row.startedAt!))} on ${starts[0]})\n`,
			);
		},
		420_000,
	);

	it(
		'six campaigns started together spread over both workers (five at most on one), each recipient accepted once',
		async () => {
			const { n8n, emulator } = ctx;
			const before = await n8n.lastExecutionId();
			const campaigns = Array.from({ length: 6 }, (_, k) => ({
				first: block(),
				count: 300,
				run: `spread-${k}`,
			}));
			// Both workers free (see unfinishedOnWorkers), so that the six can spread over them.
			await waitFor('both workers idle', 60_000, async () =>
				unfinishedOnWorkers(n8n).length === 0 ? true : undefined,
			);
			// 300 recipients = 3 requests; each answer takes 0.5 s, so the six overlap on the workers.
			await control(emulator, 'POST', 'latency', { ms: 500 });
			try {
				await Promise.all(campaigns.map((body) => startCampaign(campaign.path, body)));
				const executions = await finishedExecutions(
					campaign.id,
					before,
					campaigns.length,
					120_000,
				);
				expect(executions).toHaveLength(campaigns.length);
				expectExecutionsStatus(executions);
				const workers = executions.map((e) => workerOf(n8n, e.id));
				expect(new Set(workers)).toEqual(new Set(['worker1', 'worker2']));
			} finally {
				await control(emulator, 'POST', 'latency', { ms: 20 });
			}
			for (const { first, count } of campaigns) expectEachOnce(emulator, numbersOf(first, count));
		},
		TOPOLOGY_TEST_TIMEOUT_MS,
	);

}
