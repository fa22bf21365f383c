/**
 * A campaign as the topology tests run it (Webhook → Code → SMSAPI Send, personalised) and what
 * they check of it: each recipient accepted once, the output paired, the worker that ran it.
 */
import { type Emulator } from '../../emulator';
import { newId, SMSAPI_NODE_TYPE, type ExecutionRecord, type N8nInstance, type NodeExecutionItem, type WorkflowJson } from '../harness';

/** The message every campaign sends; `[%1%]` is the recipient's name (param1). */
export const CAMPAIGN_TEXT = 'Hi [%1%], your coupon is waiting.';

export interface CampaignOptions {
	name: string;
	path: string;
	/** `Idx` from the data (`<run>-<i>`) with Check Idx on, and Continue On Fail. */
	ownIdx?: boolean;
}

/**
 * Webhook (POST {first, count, run}; answers at once) → Code (one item per recipient) → SMSAPI
 * Send with a personalised text, so 100 recipients go per request and several requests are in
 * flight together (Max Parallel Requests, default 4).
 */
export function campaignWorkflow(
	credential: { id: string; name: string },
	opts: CampaignOptions,
): WorkflowJson {
	return {
		name: opts.name,
		nodes: [
			{
				id: newId(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: newId(),
				parameters: {
					httpMethod: 'POST',
					path: opts.path,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: newId(),
				name: 'Recipients',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: {
					jsCode:
						'const { first, count, run } = $input.first().json.body;\n' +
						'return Array.from({ length: count }, (_, i) => ({ json: { i, phone: String(first + i), order: `${run}-${i}` } }));',
				},
			},
			{
				id: newId(),
				name: 'SMSAPI',
				type: SMSAPI_NODE_TYPE,
				typeVersion: 1,
				position: [440, 0],
				...(opts.ownIdx ? { onError: 'continueRegularOutput' } : {}),
				parameters: {
					resource: 'sms',
					operation: 'send',
					to: '={{ $json.phone }}',
					message: CAMPAIGN_TEXT,
					options: {
						// The same text either way: a plain read of the item (the node's fast path) in the
						// campaign, an expression n8n evaluates per item in the one with its own Idx.
						param1: opts.ownIdx ? "={{ 'Customer ' + $json.i }}" : '=Customer {{ $json.i }}',
						...(opts.ownIdx ? { idx: '={{ $json.order }}', checkIdx: true } : {}),
					},
				},
				credentials: { smsapiApi: credential },
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Recipients', type: 'main', index: 0 }]] },
			Recipients: { main: [[{ node: 'SMSAPI', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The numbers of one campaign: `count` numbers from `first` on. */
export const numbersOf = (first: number, count: number) =>
	Array.from({ length: count }, (_, i) => String(first + i));

/** How many messages the emulator accepted per number (test sends aside). */
export function sentPerNumber(emulator: Emulator): Map<string, number> {
	const counts = new Map<string, number>();
	for (const m of emulator.state.messages)
		if (!m.test) counts.set(m.number, (counts.get(m.number) ?? 0) + 1);
	return counts;
}

/** Every number of the campaign got exactly one message. */
export function expectEachOnce(emulator: Emulator, numbers: string[]): void {
	const counts = sentPerNumber(emulator);
	const missing = numbers.filter((n) => !counts.has(n));
	const twice = numbers.filter((n) => (counts.get(n) ?? 0) > 1);
	expect({
		missing: missing.length,
		twice: twice.length,
		firstMissing: missing.slice(0, 5),
		firstTwice: twice.slice(0, 5),
	}).toEqual({
		missing: 0,
		twice: 0,
		firstMissing: [],
		firstTwice: [],
	});
}

/** Messages accepted for numbers of the range. */
export const acceptedOf = (emulator: Emulator, numbers: Set<string>) =>
	emulator.state.messages.filter((m) => !m.test && numbers.has(m.number)).length;

/** The SMSAPI node's output items of an execution (its last run). */
export function smsapiOutput(execution: ExecutionRecord): NodeExecutionItem[] {
	const runs = execution.data?.resultData?.runData?.SMSAPI ?? [];
	return runs[runs.length - 1]?.data?.main?.[0] ?? [];
}

/** What an execution ended with: its status and, when it failed, n8n's error message. */
export function summary(execution: ExecutionRecord) {
	const { id, retryOf, status } = execution;
	return { id, retryOf, status, error: execution.data?.resultData?.error?.message };
}

/** The index of the input item an output item is paired with. */
export function pairedIndex(item: NodeExecutionItem): number | undefined {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	if (typeof paired === 'number') return paired;
	return (paired as { item?: number } | undefined)?.item;
}

/**
 * The executions a worker started and has not finished (from its log). A worker whose event loop
 * was held up past its lock (a long campaign on a starved machine) has its job run a second time
 * by the other worker; that run can still be going when the first has saved the execution.
 */
export function unfinishedOnWorkers(n8n: N8nInstance): string[] {
	const open: string[] = [];
	for (const name of n8n.processNames().filter((p) => p.startsWith('worker'))) {
		const log = n8n.processLog(name);
		for (const [, id] of log.matchAll(/Worker started execution (\d+) \(job/g)) {
			if (!log.includes(`Worker finished execution ${id} (job`)) open.push(`${name}:${id}`);
		}
	}
	return open;
}

/** The worker whose log says it started the execution (`worker1`, `worker2`, ...). */
export function workerOf(n8n: N8nInstance, executionId: string): string | undefined {
	const marker = `Worker started execution ${executionId} (job`;
	return n8n
		.processNames()
		.find((name) => name.startsWith('worker') && n8n.processLog(name).includes(marker));
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
