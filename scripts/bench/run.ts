/**
 * npm run bench: this package against n8n's own nodes on real n8n 2.x (test/e2e/harness), the
 * SMSAPI emulator with a fixed latency and the service's cap on simultaneous sends (error 202
 * above it). Prints one table and writes it as JSON under bench/. Not part of npm test.
 *
 *   BENCH_REPEAT=3 BENCH_LATENCY_MS=20 BENCH_CAP=5 BENCH_SIZES=1000,10000 npm run bench
 *   BENCH_SCENARIOS=set,node,raw npm run bench   (only these rows; keys in `scenarios` below, plus
 *   raw and trigger)
 *
 * Every loop stops by itself: each call has a timeout and the whole bench a deadline (rows not
 * reached by then are marked skipped).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { startEmulator, type Emulator } from '../../test/emulator';
import { createN8n, SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData, startPostgres, stopAllN8n, type N8nInstance, type PostgresServer, type WorkflowJson } from '../../test/e2e/harness';
import { dlr, dlrQuery } from '../../test/e2e/trigger/support/callbacks';
import { againstSetFloor, type CallsRun, campaignAgainstSet, campaignOwnCost, longestOf, personalisedAgainstParam1, REPORTS_PER_CALL, reportsPerSecond, type Row, table, triggerAgainstWebhook } from './report';
import { acceptedMessages, blockTimeline, cpuSeconds, executeWindows, freshEmulator, gcPauseAtLongestBlockMs, loadCounters, longestEventLoopBlockMs, median, probeCaughtUp, waitIdle, withPeakRss } from './measure';
import {
	CAMPAIGN_MESSAGE,
	CAMPAIGN_MESSAGE_SLOW,
	MESSAGE,
	PERSONALISED_TEXT,
	PERSONALISED_TEXT_SLOW,
	SMSAPI_V1,
	SMSAPI_V1_2,
	TOKEN,
	benchWorkflow,
	httpRequestNode,
	noOpNode,
	setCampaignNode,
	setFloorNode,
	smsapiCampaignNode,
	smsapiLookupNode,
	smsapiSendNode,
} from './workflows';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CAP = Number(process.env.BENCH_CAP ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number).filter((n) => n > 0);
/** The sizes of the rows that compare with n8n's own nodes (the campaign rows also run at 100,000). */
const SMALL_SIZES = SIZES.filter((n) => n <= 10_000);
const DEADLINE = Date.now() + Number(process.env.BENCH_MAX_MINUTES ?? 20) * 60_000;
/** Where n8n's processes write their event-loop delay (scripts/bench/event-loop-probe.js). */
const EVENT_LOOP_FILE = path.join(os.tmpdir(), `smsapi-bench-event-loop-${process.pid}.log`);
const CALL_TIMEOUT_MS = 180_000;
/** The same calls for each trigger target (so that memory is compared for the same work), unless a run hits TRIGGER_SECONDS. */
const TRIGGER_CALLS = Number(process.env.BENCH_TRIGGER_CALLS ?? 300);
const TRIGGER_CLIENTS = 5;
/** Calls each trigger target gets before the measured runs (not measured). */
const TRIGGER_WARMUP_CALLS = Number(process.env.BENCH_TRIGGER_WARMUP_CALLS ?? 200);
/** More settings for n8n, `NAME=value` separated by spaces (BENCH_N8N_ENV), e.g. its expression engine's. */
const N8N_SETTINGS: Record<string, string> = Object.fromEntries(
	(process.env.BENCH_N8N_ENV ?? '')
		.split(/\s+/)
		.filter((pair) => pair.includes('='))
		.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
/** `postgres`: n8n on a throw-away PostgreSQL (as in production) instead of its default SQLite. */
const DATABASE = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'sqlite';
/** The rows to run (scenario keys, `raw`, `trigger`); all when unset. */
const ONLY = process.env.BENCH_SCENARIOS ? new Set(process.env.BENCH_SCENARIOS.split(',').map((key) => key.trim())) : undefined;
const wanted = (key: string) => !ONLY || ONLY.has(key);
/** Each trigger run stops after this long even if not all calls were made (throughput is what counts). */
const TRIGGER_SECONDS = Number(process.env.BENCH_TRIGGER_SECONDS ?? 30);
/** Time kept for the trigger rows at the end. */
const TRIGGER_BUDGET_MS = wanted('trigger') ? (REPEAT + 1) * 3 * (TRIGGER_SECONDS + 5) * 1000 : 0;

interface SendScenario {
	key: string;
	what: string;
	sizes: number[];
	node: () => Record<string, unknown>;
	/** The Code node's items carry `code` too (the personalised rows). */
	withCode?: boolean;
}

function log(message: string): void {
	console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function post(url: string, body: unknown): Promise<void> {
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
	});
	const text = await res.text();
	if (res.status !== 200) throw new Error(`POST ${url} -> ${res.status} ${text.slice(0, 300)}`);
}

function n8nPid(n8n: N8nInstance): number {
	// The harness keeps its processes private; the bench only reads the main process's memory.
	const processes = (n8n as unknown as { processes: { get(name: string): { child: { pid: number } } } }).processes;
	return processes.get('main').child.pid;
}

/**
 * One raw POST of n numbers to sms.do, no n8n: the limit. Above the 10,000 numbers the service
 * takes in one request, POSTs of 10,000 one after the other.
 */
async function rawPost(emulator: Emulator, n: number): Promise<number> {
	const started = performance.now();
	for (let from = 0; from < n; from += 10_000) {
		const to = Array.from({ length: Math.min(10_000, n - from) }, (_, i) => String(48500100000 + from + i)).join(',');
		const res = await fetch(`${emulator.primaryUrl}/sms.do`, {
			method: 'POST',
			headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ to, message: MESSAGE, format: 'json' }).toString(),
			signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
		});
		await res.text();
	}
	return performance.now() - started;
}

/**
 * Up to `calls` GET requests of REPORTS_PER_CALL delivery reports each, `TRIGGER_CLIENTS` at a time, for at most
 * `TRIGGER_SECONDS`: the calls answered and the time they took (throughput = reports / time).
 */
async function reportCalls(url: string, calls: number): Promise<{ ms: number; calls: number }> {
	let next = 0;
	let answered = 0;
	let failed = 0;
	const started = performance.now();
	const stopAt = Math.min(DEADLINE, Date.now() + TRIGGER_SECONDS * 1000);
	const client = async () => {
		while (next < calls && Date.now() < stopAt) {
			next++;
			const target = new URL(url);
			const reports = Array.from({ length: REPORTS_PER_CALL }, (_, i) => dlr({ to: String(48500100000 + i) }));
			for (const [key, value] of Object.entries(dlrQuery(reports))) target.searchParams.set(key, value);
			const res = await fetch(target, { signal: AbortSignal.timeout(30_000) });
			await res.text();
			if (res.status !== 200) failed++;
			else answered++;
		}
	};
	await Promise.all(Array.from({ length: TRIGGER_CLIENTS }, client));
	if (failed > 0) throw new Error(`${failed} of ${next} calls to ${url} were not answered 200`);
	return { ms: performance.now() - started, calls: answered };
}

async function main(): Promise<void> {
	const emulator = await startEmulator({ quiet: true, conformance: 'record', latencyMs: LATENCY_MS, maxConcurrentSms: CAP, credits: 1e9, dlrDelayMs: 3_600_000 });
	const rows: Row[] = [];
	const findings: string[] = [];
	let n8n: N8nInstance | undefined;
	let postgres: PostgresServer | undefined;
	try {
		if (DATABASE === 'postgres') postgres = await startPostgres({ label: 'bench' });
		// BENCH_N8N_NODE_OPTIONS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile n8n (written when it stops).
		const probe = `--require ${path.join(__dirname, 'event-loop-probe.js')}`;
		n8n = await createN8n({
			line: '2',
			label: 'bench',
			database: postgres,
			env: {
				EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none',
				EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
				NODE_OPTIONS: [probe, process.env.BENCH_N8N_NODE_OPTIONS].filter(Boolean).join(' '),
				BENCH_EVENT_LOOP_FILE: EVENT_LOOP_FILE,
				...N8N_SETTINGS,
			},
		});
		const [credential] = await n8n.importCredentials([{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI bench', data: smsapiTokenCredentialData(emulator) }]);
		const ref = { id: credential.id, name: credential.name };
		const scenarios: SendScenario[] = [
			{ key: 'set', what: "n8n's Set node, same parameter work (n8n's floor)", sizes: SMALL_SIZES, node: setFloorNode },
			{ key: 'node', what: 'SMSAPI Send, batching on', sizes: SMALL_SIZES, node: () => smsapiSendNode(ref, { batching: true }) },
			{ key: 'noop', what: "n8n's No Op node: n8n's own cost of carrying the items", sizes: [10000, 100000].filter((n) => SIZES.includes(n)), node: noOpNode },
			{ key: 'campaign-set', what: "n8n's Set node, the campaign's To `{{ $json.to }}` and Message `Spring sale: {{ $json.offer }}.`", sizes: [10000].filter((n) => SIZES.includes(n)), node: setCampaignNode },
			{ key: 'campaign', what: 'SMSAPI Send 1.2, the same campaign (plain reads of the item: the fast path)', sizes: [10000, 100000].filter((n) => SIZES.includes(n)), node: () => smsapiCampaignNode(ref, CAMPAIGN_MESSAGE, SMSAPI_V1_2) },
			{ key: 'campaign-slow', what: 'SMSAPI Send 1.2, the campaign with Message `{{ $json.offer.toUpperCase() }}` (n8n evaluates it)', sizes: [10000].filter((n) => SIZES.includes(n)), node: () => smsapiCampaignNode(ref, CAMPAIGN_MESSAGE_SLOW, SMSAPI_V1_2) },
			{ key: 'node-off', what: 'SMSAPI Send, batching off (Max Parallel Requests 4, the default)', sizes: [1000], node: () => smsapiSendNode(ref, { batching: false }) },
			{ key: 'node-off-5', what: "SMSAPI Send, batching off, Max Parallel Requests 5 (the service's cap)", sizes: [1000], node: () => smsapiSendNode(ref, { batching: false, maxParallel: 5 }) },
			// Issue 41: the same texts written with Param 1, as a text per item (fast path, slow path), the
			// slow path's expression in Param 1, and a text per item in version 1 (a request per text, as
			// saved workflows keep).
			{ key: 'personalised', what: 'SMSAPI Send, personalised with Param 1 `{{ $json.code }}` (`Your code [%1%]: …`, 100 per request)', sizes: SMALL_SIZES, withCode: true, node: () => smsapiSendNode(ref, { batching: true, personalised: true, typeVersion: SMSAPI_V1_2 }) },
			{ key: 'personalised-text', what: 'SMSAPI Send 1.2, the same texts as Message `Your code {{ $json.code }}: …` (a text per item, plain read: one template)', sizes: SMALL_SIZES, withCode: true, node: () => smsapiCampaignNode(ref, PERSONALISED_TEXT, SMSAPI_V1_2) },
			{ key: 'personalised-slow', what: 'SMSAPI Send 1.2, Message `Your code {{ $json.code.toUpperCase() }}: …` (n8n evaluates it: one template)', sizes: SMALL_SIZES, withCode: true, node: () => smsapiCampaignNode(ref, PERSONALISED_TEXT_SLOW, SMSAPI_V1_2) },
			{ key: 'personalised-param1-slow', what: 'SMSAPI Send, personalised with Param 1 `{{ $json.code.toUpperCase() }}` (n8n evaluates it, 100 per request)', sizes: SMALL_SIZES, withCode: true, node: () => smsapiSendNode(ref, { batching: true, personalised: 'slow', typeVersion: SMSAPI_V1_2 }) },
			{ key: 'personalised-text-v1', what: 'SMSAPI Send 1 (as saved before 1.2), Message `Your code {{ $json.code }}: …` (a request per text)', sizes: [1000], withCode: true, node: () => smsapiCampaignNode(ref, PERSONALISED_TEXT, SMSAPI_V1) },
			{ key: 'hlr', what: 'SMSAPI number lookup (20 per request)', sizes: [1000], node: () => smsapiLookupNode(ref) },
			{ key: 'http', what: "n8n's HTTP Request node, one POST per item, defaults", sizes: [1000], node: () => httpRequestNode(emulator.primaryUrl, false) },
			{ key: 'http-throttled', what: "n8n's HTTP Request node, batching 5 items per 30 ms", sizes: [1000], node: () => httpRequestNode(emulator.primaryUrl, true) },
		].filter((s) => wanted(s.key));
		const bench = benchWorkflow(scenarios.map((s) => ({ key: s.key, node: s.node(), withCode: s.withCode })), ref);
		const id = await n8n.importWorkflow(bench.workflow as unknown as WorkflowJson);
		await n8n.activate(id);
		log(`starting n8n ${n8n.line.version}`);
		await n8n.start({ webhooks: [{ path: 'bench-dlr', method: 'GET' }, { path: 'bench-dlr-v1', method: 'GET' }] });
		const run = (key: string, n: number) => post(n8n!.webhookUrl('bench-run'), { key, n });
		const pid = n8nPid(n8n);
		const meta = {
			n8n: n8n.line.version,
			node: process.version,
			cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
			memory: `${Math.round(os.totalmem() / 2 ** 30)} GB RAM`,
			loadAverage: os.loadavg().map((l) => l.toFixed(2)).join(' '),
			date: new Date().toISOString(),
			latencyMs: LATENCY_MS,
			cap: CAP,
			repeat: REPEAT,
			settings: `EXECUTIONS_DATA_SAVE_ON_SUCCESS=none, ${DATABASE === 'postgres' ? 'PostgreSQL' : 'SQLite'}, regular mode${Object.entries(N8N_SETTINGS).map(([k, v]) => `, ${k}=${v}`).join('')}; workflow Webhook → Switch → Code (N items) → node`,
		};
		log(`n8n ready (pid ${pid}); warming up`);
		for (const s of scenarios) await run(s.key, 50);

		// Per size, the repeats interleave the scenarios: the Set floor and the node share the machine's noise.
		for (const n of SIZES) {
			const perScenario = new Map<string, Array<{ ms: number; counters: Awaited<ReturnType<typeof loadCounters>>; accepted: number; peak: number; rise: number; eventLoopMs: number; gcMs: number; executeMs: number }>>();
			for (let rep = 0; rep < REPEAT; rep++) {
				for (const s of scenarios.filter((sc) => sc.sizes.includes(n))) {
					if (Date.now() > DEADLINE - TRIGGER_BUDGET_MS) break;
					await freshEmulator(emulator);
					const started = performance.now();
					const startedAt = Date.now();
					const cpuBefore = cpuSeconds(pid);
					const { before, peak } = await withPeakRss(pid, () => run(s.key, n));
					const ms = performance.now() - started;
					const cpuMs = (cpuSeconds(pid) - cpuBefore) * 1000;
					const endedAt = Date.now();
					await probeCaughtUp(EVENT_LOOP_FILE, pid, endedAt);
					const eventLoopMs = longestEventLoopBlockMs(EVENT_LOOP_FILE, pid, startedAt, endedAt);
					const gcMs = gcPauseAtLongestBlockMs(EVENT_LOOP_FILE, pid, startedAt, endedAt);
					// Inside the node's execute() (the SMSAPI node, n8n's No Op): NaN for the other rows.
					const windows = executeWindows(EVENT_LOOP_FILE, pid, startedAt, endedAt);
					const executeMs = windows.length ? Math.max(...windows.map((w) => w.longestBlockMs)) : NaN;
					if (n >= 100_000) log(`${s.key} N=${n} #${rep + 1}: ${blockTimeline(EVENT_LOOP_FILE, pid, startedAt, startedAt + ms, emulator)}`);
					const counters = await loadCounters(emulator);
					const accepted = acceptedMessages(emulator) + emulator.state.hlrLookups.length;
					log(`${s.key} N=${n} #${rep + 1}: ${ms.toFixed(0)} ms (n8n's CPU ${cpuMs.toFixed(0)} ms), ${counters.requests} requests, ${accepted} accepted, ${counters.refusedTooMany} × 202, longest event-loop block ${eventLoopMs} ms (V8's longest GC pause around it ${gcMs.toFixed(0)} ms), inside the node's execute() ${executeMs === 0 ? '< 50' : executeMs.toFixed(0)} ms`);
					const list = perScenario.get(s.key) ?? [];
					list.push({ ms, counters, accepted, peak, rise: peak - before, eventLoopMs, gcMs, executeMs });
					perScenario.set(s.key, list);
				}
			}
			for (const s of scenarios.filter((sc) => sc.sizes.includes(n))) {
				const runs = perScenario.get(s.key) ?? [];
				const last = runs[runs.length - 1];
				rows.push({
					what: s.what,
					n,
					runs: runs.length,
					timeMs: runs.length ? median(runs.map((r) => r.ms)) : null,
					timesMs: runs.map((r) => Math.round(r.ms)),
					requests: last ? median(runs.map((r) => r.counters.requests)) : null,
					accepted: last ? median(runs.map((r) => r.accepted)) : null,
					refused202: last ? median(runs.map((r) => r.counters.refusedTooMany)) : null,
					peakInFlight: last ? Math.max(...runs.map((r) => r.counters.peakSendsInFlight || r.counters.peakInFlight)) : null,
					n8nPeakRssMb: last ? Math.max(...runs.map((r) => r.peak)) : null,
					n8nRssRiseMb: last ? median(runs.map((r) => r.rise)) : null,
					eventLoopMaxMs: last ? longestOf(runs.map((r) => r.eventLoopMs)) : null,
					executeBlockMaxMs: last ? longestOf(runs.map((r) => r.executeMs)) : null,
				});
			}
			findings.push(...campaignAgainstSet(n, perScenario.get('campaign-set') ?? [], perScenario.get('campaign') ?? []));
			const runsOf = (key: string) => perScenario.get(key) ?? [];
			const param1 = { against: 'Param 1 `{{ $json.code }}`', runs: runsOf('personalised') };
			const param1Slow = { against: 'Param 1 `{{ $json.code.toUpperCase() }}`', runs: runsOf('personalised-param1-slow') };
			for (const [what, text, base, target] of [
				['a text per item through a plain read (one template)', 'personalised-text', param1, 1.1],
				['a text per item n8n evaluates (one template)', 'personalised-slow', param1, undefined],
				['a text per item n8n evaluates (one template)', 'personalised-slow', param1Slow, undefined],
			] as const)
				findings.push(...personalisedAgainstParam1(n, { what, against: base.against, target }, base.runs, runsOf(text)));
			// Where a block is long, whether it was n8n's garbage collector (a pause about as long) or code.
			for (const s of scenarios.filter((sc) => sc.sizes.includes(n) && n >= 100_000)) {
				const runs = perScenario.get(s.key) ?? [];
				if (runs.length === 0) continue;
				const each = (pick: (r: (typeof runs)[number]) => number) => runs.map((r) => Math.round(pick(r))).join(', ');
				findings.push(
					`N=${n.toLocaleString('en-US')}, ${s.what}: longest event-loop block of each run ${each((r) => r.eventLoopMs)} ms; V8's longest garbage-collection pause around it ${each((r) => r.gcMs)} ms; longest block inside the node's execute() ${each((r) => r.executeMs)} ms (0: none of 50 ms or more)`,
				);
			}
			const raw: number[] = [];
			// The service takes at most 10,000 numbers in one request: above, POSTs of 10,000.
			for (let rep = 0; rep < REPEAT && wanted('raw'); rep++) {
				await freshEmulator(emulator);
				raw.push(await rawPost(emulator, n));
			}
			const rawWhat = n <= 10_000 ? 'one raw POST of all numbers, no n8n (the limit)' : 'raw POSTs of 10,000 numbers one after the other, no n8n (the limit)';
			if (raw.length) rows.push({ what: rawWhat, n, runs: raw.length, timeMs: median(raw), timesMs: raw.map(Math.round), requests: Math.ceil(n / 10_000), accepted: n, refused202: 0, peakInFlight: 1, n8nPeakRssMb: null, n8nRssRiseMb: null });
			findings.push(...againstSetFloor(n, perScenario.get('set') ?? [], perScenario.get('node') ?? [], raw));
			findings.push(...campaignOwnCost(n, perScenario.get('noop') ?? [], perScenario.get('campaign') ?? [], raw));
		}

		// Trigger: 1,500 delivery reports as 300 calls of 5, against n8n's own Webhook node.
		const triggerUrl = `${n8n.baseUrl}/webhook/${bench.triggerPath}`;
		// The trigger and what it is compared with: all three rows, or none (BENCH_SCENARIOS without `trigger`).
		const targets = wanted('trigger')
			? [
					{ what: `SMSAPI Trigger: delivery reports in calls of 5 (${TRIGGER_CLIENTS} at a time, up to ${TRIGGER_CALLS} calls or ${TRIGGER_SECONDS} s)`, url: triggerUrl },
					{ what: "n8n's Webhook node: the same calls", url: n8n.webhookUrl('bench-dlr') },
					{ what: "n8n's Webhook node, version 1: the same calls", url: n8n.webhookUrl('bench-dlr-v1') },
				]
			: [];
		const triggerRuns = new Map<string, Array<CallsRun & { peak: number }>>();
		// n8n's heap grows while it first serves a kind of call (its code compiled, its pools and caches
		// filled): each target is warmed up with TRIGGER_WARMUP_CALLS calls first, not measured, so that
		// this one-time growth is not counted against whichever target happens to run first.
		for (const target of targets) {
			if (Date.now() > DEADLINE) break;
			await waitIdle(pid, Math.min(60_000, Math.max(0, DEADLINE - Date.now())));
			await reportCalls(target.url, TRIGGER_WARMUP_CALLS);
		}
		for (let rep = 0; rep < REPEAT; rep++) {
			// A rotation: each target runs first, second and third equally often over three repeats.
			const shift = rep % targets.length;
			for (const target of [...targets.slice(shift), ...targets.slice(0, shift)]) {
				if (Date.now() > DEADLINE) break;
				// The executions the previous run started must not slow this one down.
				await waitIdle(pid, Math.min(60_000, Math.max(0, DEADLINE - Date.now())));
				const { value, before, peak } = await withPeakRss(pid, () => reportCalls(target.url, TRIGGER_CALLS));
				log(`${target.what} #${rep + 1}: ${value.calls} calls in ${value.ms.toFixed(0)} ms`);
				triggerRuns.set(target.what, [...(triggerRuns.get(target.what) ?? []), { ...value, peak, rise: peak - before }]);
			}
		}
		for (const target of targets.filter((t) => triggerRuns.has(t.what))) {
			const runs = triggerRuns.get(target.what) ?? [];
			const rate = runs.length ? median(runs.map(reportsPerSecond)) : null;
			rows.push({
				what: target.what,
				n: runs.length ? median(runs.map((r) => r.calls * REPORTS_PER_CALL)) : 0,
				runs: runs.length,
				timeMs: runs.length ? median(runs.map((r) => r.ms)) : null,
				timesMs: runs.map((r) => Math.round(r.ms)),
				requests: runs.length ? median(runs.map((r) => r.calls)) : null,
				accepted: null,
				refused202: null,
				peakInFlight: TRIGGER_CLIENTS,
				n8nPeakRssMb: runs.length ? Math.max(...runs.map((r) => r.peak)) : null,
				n8nRssRiseMb: runs.length ? median(runs.map((r) => r.rise)) : null,
				note: rate === null ? undefined : `**${Math.round(rate)} reports/s**`,
			});
		}

		const [triggerOnly, webhookOnly] = targets.map((target) => triggerRuns.get(target.what) ?? []);
		if (triggerOnly && webhookOnly) findings.push(...triggerAgainstWebhook(triggerOnly, webhookOnly));

		const text = [table(rows, meta, { latencyMs: LATENCY_MS, cap: CAP, repeat: REPEAT }), '', ...findings.map((line) => `- ${line}`)].join('\n');
		console.log(text);
		const dir = path.join(__dirname, '..', '..', 'bench');
		fs.mkdirSync(dir, { recursive: true });
		// Only the latest result is kept; earlier ones are in git's history of these two files.
		fs.writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify({ meta, rows, findings }, null, '\t')}\n`);
		fs.writeFileSync(path.join(dir, 'latest.md'), `${text}\n`);
		log('written bench/latest.json and bench/latest.md');
	} finally {
		await stopAllN8n();
		await postgres?.stop();
		await emulator.stop();
		fs.rmSync(EVENT_LOOP_FILE, { force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
