/**
 * In-process timing of the send path on n8n-core's WorkflowExecute (test/workflow): Manual Trigger
 * with N items → Set (n8n's floor) or → SMSAPI Send (batching on, `to` = {{ $json.to }}). For
 * quick profiling (`node --cpu-prof -r ts-node/register/transpile-only scripts/bench/inprocess.ts`);
 * the real-n8n bench is run.ts.
 *   BENCH_N=10000 BENCH_REPEAT=3 BENCH_WHAT=set,node,nodeOff BENCH_LATENCY_MS=0
 * (BENCH_LATENCY_MS: the emulator's delay per answer; its cap of 5 simultaneous sends is on.)
 */
import { startEmulator } from '../../test/emulator';
import { SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../../test/e2e/harness/smsapi';
import { WorkflowHarness } from '../../test/workflow/harness';
import { nodeItems } from '../../test/workflow/run-result';
import { setFloorNode, smsapiSendNode } from './workflows';

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
		const input = Array.from({ length: n }, (_, i) => ({ to: String(48500100000 + i) }));
		const trigger = { id: 't', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
		for (const kind of what) {
			const node = kind === 'set' ? setFloorNode() : smsapiSendNode(credential, { batching: kind !== 'nodeOff', personalised: kind === 'personalised' });
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
