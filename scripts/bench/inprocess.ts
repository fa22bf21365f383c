/**
 * In-process timing of the send path on n8n-core's WorkflowExecute (test/workflow): Manual Trigger
 * with N items → Set (n8n's floor) or → SMSAPI Send (batching on, `to` = {{ $json.to }}). For
 * quick profiling (`node --cpu-prof -r ts-node/register/transpile-only scripts/bench/inprocess.ts`);
 * the real-n8n bench is run.ts.
 *   BENCH_N=10000 BENCH_REPEAT=3 BENCH_WHAT=set,node,nodeOff BENCH_LATENCY_MS=0
 * (BENCH_WHAT also: campaign (node version 1.2, as run.ts; campaign-v1, campaign-v1.1: the same
 * campaign on versions 1 and 1.1), campaign-slow, personalised (Param 1), personalised-param1-slow,
 * personalised-text, personalised-slow (version 1.2: one template), personalised-text-v1: the
 * rows of run.ts.)
 * (BENCH_LATENCY_MS: the emulator's delay per answer; its cap of 5 simultaneous sends is on.)
 * Also `noop` (n8n's No Op node: what n8n costs to carry the items). Each run prints its time and
 * the CPU time of this process; at the end the median of each kind.
 * BENCH_EMULATOR_URL: an emulator already running (`npm run emulator -- --port 18765 --credits
 * 1000000000 --dlr-delay 3600000`), so that the CPU time is the node's and n8n's alone.
 * BENCH_BALLAST: that many small objects kept alive beside the runs, as n8n holds its own heap (a
 * few million): V8 then charges its marking of the heap to whatever allocates, as in real n8n.
 */
import { startEmulator } from '../../test/emulator';
import { SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../../test/e2e/harness/smsapi';
import { WorkflowHarness } from '../../test/workflow/harness';
import { nodeItems } from '../../test/workflow/run-result';
import {
	CAMPAIGN_MESSAGE,
	CAMPAIGN_MESSAGE_SLOW,
	OFFER,
	PERSONALISED_TEXT,
	PERSONALISED_TEXT_SLOW,
	SMSAPI_V1,
	SMSAPI_V1_2,
	setFloorNode,
	smsapiCampaignNode,
	smsapiSendNode,
} from './workflows';

type Credential = { id: string; name: string };

/** The node of one BENCH_WHAT kind. */
function nodeOf(kind: string, credential: Credential): Record<string, unknown> {
	switch (kind) {
		case 'set':
			return setFloorNode();
		case 'campaign':
			return smsapiCampaignNode(credential, CAMPAIGN_MESSAGE, SMSAPI_V1_2);
		case 'campaign-v1':
			return smsapiCampaignNode(credential, CAMPAIGN_MESSAGE, SMSAPI_V1);
		case 'campaign-v1.1':
			return smsapiCampaignNode(credential, CAMPAIGN_MESSAGE, 1.1);
		case 'campaign-slow':
			return smsapiCampaignNode(credential, CAMPAIGN_MESSAGE_SLOW, SMSAPI_V1_2);
		case 'personalised':
			return smsapiSendNode(credential, { batching: true, personalised: true, typeVersion: SMSAPI_V1_2 });
		case 'personalised-param1-slow':
			return smsapiSendNode(credential, { batching: true, personalised: 'slow', typeVersion: SMSAPI_V1_2 });
		case 'personalised-text':
			return smsapiCampaignNode(credential, PERSONALISED_TEXT, SMSAPI_V1_2);
		case 'personalised-slow':
			return smsapiCampaignNode(credential, PERSONALISED_TEXT_SLOW, SMSAPI_V1_2);
		case 'personalised-text-v1':
			return smsapiCampaignNode(credential, PERSONALISED_TEXT, SMSAPI_V1);
		case 'noop':
			return { id: 'noop', name: 'No Op', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };
		default:
			return smsapiSendNode(credential, { batching: kind !== 'nodeOff' });
	}
}

/** Objects kept alive beside the runs (BENCH_BALLAST). */
const ballast: unknown[] = [];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
	const n = Number(process.env.BENCH_N ?? 10000);
	const repeat = Number(process.env.BENCH_REPEAT ?? 3);
	const what = (process.env.BENCH_WHAT ?? 'set,node').split(',');
	for (let i = 0; i < Number(process.env.BENCH_BALLAST ?? 0); i++) ballast.push({ i, text: String(i), list: [i] });
	const external = process.env.BENCH_EMULATOR_URL;
	const emulator = external
		? undefined
		: await startEmulator({
				quiet: true,
				credits: 1e9,
				dlrDelayMs: 3_600_000,
				conformance: 'record',
				latencyMs: Number(process.env.BENCH_LATENCY_MS ?? 0),
				maxConcurrentSms: 5,
			});
	const urls = emulator ?? { primaryUrl: external as string, backupUrl: '' };
	const reset = async () => {
		if (!emulator) return void (await fetch(`${external}/__control/reset`, { method: 'POST' }));
		emulator.reset();
		emulator.state.account.points = 1e9;
	};
	const cpu: Record<string, number[]> = {};
	const n8n = await WorkflowHarness.start();
	try {
		const credential = n8n.addCredential({ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI', data: smsapiTokenCredentialData(urls) });
		// The fields of run.ts's Code node: `offer` for the campaign kinds, `code` for the personalised ones.
		const input = Array.from({ length: n }, (_, i) => {
			const to = String(48500100000 + i);
			return { to, offer: OFFER, code: to.slice(-4) };
		});
		const trigger = { id: 't', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
		for (const kind of what) {
			const node = nodeOf(kind, credential);
			const name = String(node.name);
			const workflow = {
				nodes: [trigger, { ...node, position: [200, 0] }],
				connections: { Start: { main: [[{ node: name, type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1' },
			};
			for (let i = 0; i < repeat; i++) {
				await reset();
				const started = process.hrtime.bigint();
				const cpuBefore = process.cpuUsage();
				const run = await n8n.run(workflow, { mode: 'manual', pinData: { Start: input } });
				const used = process.cpuUsage(cpuBefore);
				const ms = Number(process.hrtime.bigint() - started) / 1e6;
				const cpuMs = (used.user + used.system) / 1000;
				(cpu[kind] ??= []).push(cpuMs);
				const items = nodeItems(run, name).length;
				console.log(`${kind}\tN=${n}\t${ms.toFixed(0)} ms\tCPU ${cpuMs.toFixed(0)} ms\t${items} items`);
			}
		}
		for (const [kind, values] of Object.entries(cpu)) console.log(`${kind}\tN=${n}\tCPU median ${median(values).toFixed(0)} ms of ${values.length} runs`);
	} finally {
		await n8n.shutdown();
		await emulator?.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
