import { createHash } from 'node:crypto';

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemSendRequest } from '../../helpers/batching';
import { generateIdx } from '../../helpers/generatedIdx';
import { toWireParameters } from '../../helpers/sendWire';

/**
 * The idx values the send operation generates for messages that have none of their own: the
 * same for a repeat of the same run (so that check_idx=1 makes the service refuse the copy),
 * different for anything else.
 */

/** One item's send, checked; `idx` still to be generated when the user gave none. */
export interface PreparedSend extends ItemSendRequest {
	generateIdx: boolean;
}

/** `getContext('node')`, or undefined where this n8n has none for the node (older lines, tests). */
function nodeContext(this: IExecuteFunctions): IDataObject | undefined {
	try {
		return this.getContext('node') as IDataObject;
	} catch {
		// No execution data to keep a context in: the seed is then not pinned (see idxSeed).
		return undefined;
	}
}

function optional<T>(read: () => T): T | undefined {
	try {
		return read();
	} catch {
		// An n8n line without this method: the seed does without the value.
		return undefined;
	}
}

/**
 * What makes the generated idx values of this node run unique, so that the service's check_idx
 * refuses a repeat of this run's requests and nothing else:
 * - n8n's instance id and the workflow id: two instances (or two imported copies of a workflow)
 *   count executions, node ids and items alike;
 * - the execution, the node and its run index (a loop runs a node again with a new one);
 * - a hash of what the run sends (recipients, texts, options), for copies of an instance that
 *   share even their instance id.
 * n8n's Retry On Fail runs the node again in the same execution and run: the values are the same,
 * and the content hash of the first try is kept in the node's execution context, so a retry whose
 * expressions give another time or text still repeats the first try's idx.
 * The execution id of the first try is kept there too: "Retry" in the Executions list starts a
 * new execution from the failed one's saved data, node contexts included, so the retried node
 * repeats the failed execution's idx and the service refuses (53) what that one had sent.
 * Undefined without an execution id (then every idx is random).
 */
function idxSeed(this: IExecuteFunctions, sends: readonly PreparedSend[]): string | undefined {
	let executionId = this.getExecutionId?.();
	if (!executionId || sends.length === 0) return undefined;
	const runIndex = String(this.evaluateExpression('={{ $runIndex }}', sends[0].itemIndex) ?? '');
	const content = createHash('sha256');
	for (const send of sends)
		content.update(JSON.stringify([send.itemIndex, toWireParameters(send.params)])).update('\n');
	let contentHash = content.digest('hex').slice(0, 32);
	const context = nodeContext.call(this);
	if (context) {
		const key = `smsapiIdxContent:${runIndex}`;
		if (typeof context[key] === 'string') contentHash = context[key] as string;
		else context[key] = contentHash;
		const executionKey = `smsapiIdxExecution:${runIndex}`;
		if (typeof context[executionKey] === 'string') executionId = context[executionKey] as string;
		else context[executionKey] = executionId;
	}
	return JSON.stringify([
		optional(() => this.getInstanceId()) ?? '',
		optional(() => this.getWorkflow().id) ?? '',
		executionId,
		this.getNode().id,
		runIndex,
		contentHash,
	]);
}

/** An idx per message of the items that have none of their own. */
export function assignGeneratedIdx(this: IExecuteFunctions, sends: readonly PreparedSend[]): void {
	const seed = idxSeed.call(this, sends);
	for (const send of sends) {
		if (!send.generateIdx) continue;
		const numbers = send.params.to as string[];
		send.params.idx = numbers.map((number, position) =>
			generateIdx(
				seed === undefined ? undefined : `${seed}:${send.itemIndex}:${position}:${number}`,
			),
		);
	}
}
