/** Minimal shapes of n8n's workflow / credential / run JSON as the harness uses them. */

export interface WorkflowNodeJson {
	id?: string;
	name: string;
	type: string;
	typeVersion: number;
	position?: number[];
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	disabled?: boolean;
	[key: string]: unknown;
}

export interface WorkflowJson {
	id?: string;
	name?: string;
	active?: boolean;
	nodes: WorkflowNodeJson[];
	connections?: Record<string, unknown>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

export interface CredentialJson {
	id?: string;
	name?: string;
	type: string;
	/** Plain (unencrypted) credential data. */
	data?: Record<string, unknown>;
}

export interface NodeExecutionItem {
	json: Record<string, unknown>;
	binary?: Record<string, unknown>;
	pairedItem?: unknown;
	error?: unknown;
}

/** One run of one node (IRun.data.resultData.runData[nodeName][i]). */
export interface NodeRunData {
	startTime: number;
	executionTime: number;
	executionStatus?: string;
	data?: { main?: Array<NodeExecutionItem[] | null> };
	error?: { message?: string; description?: string; name?: string; [key: string]: unknown };
	[key: string]: unknown;
}

export interface RunError {
	message?: string;
	description?: string;
	name?: string;
	node?: { name?: string };
	[key: string]: unknown;
}

/** A workflow run as runViaWebhook() returns it: the saved execution and what it holds. */
export interface WorkflowRunResult {
	/** The execution's status (`success`, `error`, ...). */
	status: string;
	runData: Record<string, NodeRunData[]>;
	error?: RunError;
	execution: ExecutionRecord;
}

/** An execution read from n8n's database. */
export interface ExecutionRecord {
	id: string;
	workflowId: string;
	status: string;
	finished: boolean;
	mode: string;
	retryOf: string | null;
	startedAt: string | null;
	stoppedAt: string | null;
	waitTill: string | null;
	createdAt: string;
	/** Decoded IRunExecutionData: `data.resultData.runData[nodeName]`, `data.resultData.error`. */
	data: {
		resultData?: { runData?: Record<string, NodeRunData[]>; error?: RunError; lastNodeExecuted?: string };
		[key: string]: unknown;
	} | null;
	workflowData: WorkflowJson | null;
	dataError?: string;
}

/** JSON items of the first output of a node's first run (or the given run/output). */
export function nodeOutput(
	runData: Record<string, NodeRunData[]> | undefined,
	nodeName: string,
	runIndex = 0,
	outputIndex = 0,
): Array<Record<string, unknown>> {
	const run = runData?.[nodeName]?.[runIndex];
	if (!run) {
		throw new Error(`node '${nodeName}' has no run ${runIndex} (nodes that ran: ${Object.keys(runData ?? {}).join(', ') || 'none'})`);
	}
	if (run.error) {
		throw new Error(`node '${nodeName}' failed: ${run.error.message ?? JSON.stringify(run.error)}`);
	}
	return (run.data?.main?.[outputIndex] ?? []).map((i) => i.json);
}
