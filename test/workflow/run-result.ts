/**
 * What a harness run returns (n8n's run data of the execution, as n8n stores it) and the readers
 * tests use on it: a node's items (json + pairedItem), its error, the input item an output item
 * answers.
 */
import type {
	ExecutionError,
	ExecutionStatus,
	IDataObject,
	INodeExecutionData,
	IPairedItemData,
	IRun,
	IRunData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

export interface WorkflowRun {
	executionId: string;
	workflowId: string;
	mode: WorkflowExecuteMode;
	/** n8n's final status: 'success', 'error', 'canceled', 'waiting'. */
	status: ExecutionStatus;
	/** The error that stopped the execution (n8n's `resultData.error`); undefined when it did not fail. */
	error?: ExecutionError;
	lastNodeExecuted?: string;
	/** Per node name, one entry per run of the node: `data.main[output]` items, `error`, timings. */
	runData: IRunData;
	/** Node names in the order they finished. */
	executedNodes: string[];
	/** The workflow's static data after the run (what n8n would store for the next one). */
	staticData: IDataObject;
	/** The whole IRun as WorkflowExecute returned it. */
	raw: IRun;
}

interface Where {
	runIndex?: number;
	output?: number;
}

function nodeRun(run: WorkflowRun, nodeName: string, runIndex: number) {
	const found = run.runData[nodeName]?.[runIndex];
	if (!found) {
		const ran = Object.keys(run.runData).join(', ') || 'none';
		throw new Error(`node '${nodeName}' has no run ${runIndex} (ran: ${ran}); execution error: ${run.error?.message ?? 'none'}`);
	}
	return found;
}

/** Items of one output of a node's run (default: first run, first output); throws when it failed. */
export function nodeItems(run: WorkflowRun, nodeName: string, { runIndex = 0, output = 0 }: Where = {}): INodeExecutionData[] {
	const found = nodeRun(run, nodeName, runIndex);
	if (found.error) throw new Error(`node '${nodeName}' failed: ${found.error.message} ${found.error.description ?? ''}`);
	return found.data?.main?.[output] ?? [];
}

/** The JSON of those items. */
export function nodeJson(run: WorkflowRun, nodeName: string, where: Where = {}): IDataObject[] {
	return nodeItems(run, nodeName, where).map((item) => item.json);
}

/** The error a node's run failed with; throws when it did not fail. */
export function nodeError(run: WorkflowRun, nodeName: string, runIndex = 0): ExecutionError {
	const { error } = nodeRun(run, nodeName, runIndex);
	if (!error) throw new Error(`node '${nodeName}' did not fail; execution error: ${run.error?.message ?? 'none'}`);
	return error;
}

/** The input item an output item answers (n8n writes `{ item }`, a list of them or a number). */
export function pairedIndex(item: INodeExecutionData): number | undefined {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'number' ? paired : (paired as IPairedItemData | undefined)?.item;
}
