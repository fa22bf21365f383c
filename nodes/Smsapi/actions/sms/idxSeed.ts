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

function idxSeed(this: IExecuteFunctions, sends: readonly PreparedSend[]): string | undefined {
	const executionId = this.getExecutionId?.();
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
