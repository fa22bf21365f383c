/**
 * The item a waiting execution holds. How n8n waits (both lines): the node sends, then
 * `putExecutionToWait(limit)`. A call of the execution's resume address runs the node's
 * `webhook()` with the execution's data; it resumes the execution only when it returns
 * `workflowData` (then those items are the node's output). At the limit n8n runs the execution on
 * with the node switched off, which passes its input on: so the node leaves the "timed out" item
 * as that input before it waits, and its webhook reads the same item back.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** Leaves `item` as the node's input (what n8n passes on at the limit) and waits until `until`. */
export async function waitWith(
	this: IExecuteFunctions,
	item: IDataObject,
	until: Date,
): Promise<INodeExecutionData[]> {
	const waiting: INodeExecutionData = { json: item, pairedItem: { item: 0 } };
	this.getExecuteData().data.main[0] = [waiting];
	await this.putExecutionToWait(until);
	return [waiting];
}

/** The item the node left waiting, as plain data (`this` evaluates `$json` in the webhook). */
export function readWaitingItem(this: {
	evaluateExpression(expression: string, itemIndex: number): unknown;
}): IDataObject | undefined {
	const value = this.evaluateExpression('{{ $json }}', 0);
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
	return JSON.parse(JSON.stringify(value)) as IDataObject;
}
