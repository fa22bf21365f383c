/**
 * In-process timing of the send path on n8n-core's WorkflowExecute (test/workflow): Manual Trigger
 * with N items → Set (n8n's floor) or → SMSAPI Send (batching on, `to` = {{ $json.to }}). For
 * quick profiling (`node --cpu-prof -r ts-node/register/transpile-only scripts/bench/inprocess.ts`);
 * the real-n8n bench is run.ts.
 *   BENCH_N=10000 BENCH_REPEAT=3 BENCH_WHAT=set,node,nodeOff BENCH_LATENCY_MS=0
 * (BENCH_WHAT also: campaign, campaign-slow, personalised (Param 1), personalised-param1-slow,
 * personalised-text, personalised-slow (version 1.2: one template), personalised-text-v1: the
 * rows of run.ts.)
 * (BENCH_LATENCY_MS: the emulator's delay per answer; its cap of 5 simultaneous sends is on.)
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
			return smsapiCampaignNode(credential, CAMPAIGN_MESSAGE);
		case 'campaign-slow':
			return smsapiCampaignNode(credential, CAMPAIGN_MESSAGE_SLOW);
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
		default:
			return smsapiSendNode(credential, { batching: kind !== 'nodeOff' });
	}
}

async function main(): Promise<void> {
	const n = Number(process.env.BENCH_N ?? 10000);
	const repeat = Number(process.env.BENCH_REPEAT ?? 3);
	const what = (process.env.BENCH_WHAT ?? 'set,node').split(',');
	const emulator = await startEmulator({
		quiet: true,
		credits: 1e9,
		dlrDelayMs: 3_600_000,
		conformance: 'record',
		latencyMs: Number(process.env.BENCH_LATENCY_MS ?? 0),
		maxConcurrentSms: 5,
	});
	const n8n = await WorkflowHarness.start();
	try {
		const credential = n8n.addCredential({ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI', data: smsapiTokenCredentialData(emulator) });
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
				emulator.reset();
				emulator.state.account.points = 1e9;
				const started = process.hrtime.bigint();
				const run = await n8n.run(workflow, { mode: 'manual', pinData: { Start: input } });
				const ms = Number(process.hrtime.bigint() - started) / 1e6;
				const items = nodeItems(run, name).length;
				console.log(`${kind}\tN=${n}\t${ms.toFixed(0)} ms\t${items} items`);
			}
		}
	} finally {
		await n8n.shutdown();
		await emulator.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
