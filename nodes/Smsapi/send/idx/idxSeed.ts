import { createHash } from 'node:crypto';

import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { Pacer } from '../../helpers/pacer';
import type { PlannedSend } from '../batching';
import { setRecipientValues } from '../request';
import { generateIdx } from './generatedIdx';

/**
 * The idx values the node generates for messages that have none of their own: the same for a
 * repeat of the same run (so that check_idx=1 makes the service refuse the copy), different for
 * anything else.
 */

/** One item's send, checked and in wire form; `idx` still to be generated when the user gave none. */
export interface ReadySend extends PlannedSend {
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
 * What this node run knows about the earlier tries of itself, to judge the service's error 53
 * (idx already used) to the idx values it generated (idxRefusal.ts).
 */
export interface GeneratedIdxRun {
	/**
	 * The requests with generated idx that this node run sent, earlier tries included, kept in the
	 * node context (so that n8n's Retry On Fail and Retry from the Executions list see them):
	 * a short hash of each request's idx values → short hashes of the contents sent with them.
	 * Undefined where n8n keeps no node context.
	 */
	sent?: IDataObject;
	/** What `sent` held when this try started: what the earlier tries sent. */
	sentBefore: Record<string, string[]>;
	/** An earlier try of this node run left its seed in the node context. */
	earlierTry: boolean;
	/** That earlier try's content differs from this one's (an expression gave another text, time...). */
	contentChanged: boolean;
	/**
	 * The seed is this try's own: n8n's instance id, the execution id and a hash of this content,
	 * nothing taken from an earlier try. Only an identical run of this same execution's node run
	 * (n8n 1.x running a dead worker's execution again) can have used its idx values before.
	 */
	ownSeed: boolean;
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
 * expressions give another time or text still repeats the first try's idx (and idxRefusal.ts
 * reports that the earlier text may have gone out instead of calling it accepted).
 * The execution id of the first try is kept there too: "Retry" in the Executions list starts a
 * new execution from the failed one's saved data, node contexts included, so the retried node
 * repeats the failed execution's idx and the service refuses (53) what that one had sent.
 * Undefined without an execution id (then every idx is random).
 */
async function idxSeed(
	this: IExecuteFunctions,
	sends: readonly ReadySend[],
	pacer: Pacer,
): Promise<{ seed?: string; run: GeneratedIdxRun }> {
	let executionId = this.getExecutionId?.();
	const run: GeneratedIdxRun = {
		sentBefore: {},
		earlierTry: false,
		contentChanged: false,
		ownSeed: false,
	};
	if (!executionId || sends.length === 0) return { run };
	const runIndex = String(this.evaluateExpression('={{ $runIndex }}', sends[0].itemIndex) ?? '');
	const content = createHash('sha256');
	// The JSON of each [itemIndex, wire] (with the hash of an uploaded file: the same file, the same
	// content) and a line break, written without an array per item, and handed to the hash in
	// pieces of about 64 KB rather than one call per item.
	let pending = '';
	for (const send of sends) {
		const file = send.upload ? `,${JSON.stringify(send.upload.sha256)}` : '';
		pending += `[${send.itemIndex},${JSON.stringify(send.wire)}${file}]\n`;
		if (pending.length >= 65_536) {
			content.update(pending);
			pending = '';
		}
		if (pacer.due()) await pacer.pause();
	}
	content.update(pending);
	const ownContentHash = content.digest('hex').slice(0, 32);
	let contentHash = ownContentHash;
	const context = nodeContext.call(this);
	if (context) {
		const key = `smsapiIdxContent:${runIndex}`;
		if (typeof context[key] === 'string') {
			contentHash = context[key] as string;
			run.earlierTry = true;
		} else context[key] = contentHash;
		const executionKey = `smsapiIdxExecution:${runIndex}`;
		if (typeof context[executionKey] === 'string') {
			executionId = context[executionKey] as string;
			run.earlierTry = true;
		} else context[executionKey] = executionId;
		const sentKey = `smsapiIdxSent:${runIndex}`;
		const sent = context[sentKey];
		if (typeof sent === 'object' && sent !== null && !Array.isArray(sent)) {
			run.sentBefore = JSON.parse(JSON.stringify(sent)) as Record<string, string[]>;
			run.sent = sent as IDataObject;
		} else {
			run.sent = {};
			context[sentKey] = run.sent;
		}
	}
	const instanceId = optional(() => this.getInstanceId()) ?? '';
	run.contentChanged = contentHash !== ownContentHash;
	run.ownSeed = !run.earlierTry && instanceId !== '';
	const seed = JSON.stringify([
		instanceId,
		optional(() => this.getWorkflow().id) ?? '',
		executionId,
		this.getNode().id,
		runIndex,
		contentHash,
	]);
	return { seed, run };
}

/**
 * An idx per message of the items that have none of their own, set on the request and its wire
 * form alike; what the node run knows of earlier tries.
 */
export async function assignGeneratedIdx(
	this: IExecuteFunctions,
	sends: readonly ReadySend[],
	pacer: Pacer,
): Promise<GeneratedIdxRun> {
	const { seed, run } = await idxSeed.call(this, sends, pacer);
	for (const send of sends) {
		if (!send.generateIdx) continue;
		const idx = send.request.to.map((number, position) =>
			generateIdx(
				seed === undefined ? undefined : `${seed}:${send.itemIndex}:${position}:${number}`,
			),
		);
		setRecipientValues(send.request, 'idx', idx);
		send.wire.idx = idx.join('|');
		if (pacer.due()) await pacer.pause();
	}
	return run;
}
