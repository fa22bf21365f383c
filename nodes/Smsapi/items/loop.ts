import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runInParallel } from '../helpers/parallel';

type ItemResult = IDataObject | IDataObject[];

/**
 * An output item for a failure, `json.error` saying what failed. With "Continue (using error
 * output)" n8n routes an item to the error output only when its json is a bare error
 * (`{ error }`; 2.x also allows `message` and `details`), so it gets just the text there; the
 * regular output keeps the details.
 */
export function failureItem(
	this: IExecuteFunctions,
	json: IDataObject,
	itemIndex: number,
): INodeExecutionData {
	const toErrorOutput = this.getNode().onError === 'continueErrorOutput';
	return { json: toErrorOutput ? { error: json.error } : json, pairedItem: { item: itemIndex } };
}

/** The error as an output item for `continueOnFail`: message and details, never secrets. */
export function errorItem(
	this: IExecuteFunctions,
	error: Error & { description?: string | null },
	itemIndex: number,
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	return failureItem.call(this, json, itemIndex);
}

/** Attach the item index to an error raised while handling that item. */
export function withItemIndex(this: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (
		error instanceof Error &&
		'context' in error &&
		typeof (error as NodeOperationError).context === 'object'
	) {
		(error as NodeOperationError).context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}

/**
 * Run `handler` for every input item. Each result object becomes an output item paired with
 * its input; with `continueOnFail` a failure becomes an `{ error }` item instead of stopping.
 */
export async function mapItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	handler: (itemIndex: number) => Promise<ItemResult>,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await handler(itemIndex);
			for (const json of Array.isArray(result) ? result : [result]) {
				output.push({ json, pairedItem: { item: itemIndex } });
			}
		} catch (error) {
			if (this.continueOnFail()) {
				output.push(errorItem.call(this, error as Error, itemIndex));
				continue;
			}
			throw withItemIndex.call(this, error, itemIndex);
		}
	}
	return output;
}

/**
 * `mapItems` with up to `limit` handlers in flight at once (each makes one request). Results are
 * output in input order. A failure without `continueOnFail` starts no further item and is thrown
 * once the items in flight have settled (their results are kept in order before it).
 */
export async function mapItemsInParallel(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	limit: number,
	handler: (itemIndex: number) => Promise<ItemResult>,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	const continueOnFail = this.continueOnFail();
	let stopping: Error | undefined;
	await runInParallel(items.length, handler, {
		limit,
		settled: (itemIndex, result) => {
			if (result.ok) {
				for (const json of Array.isArray(result.value) ? result.value : [result.value]) {
					output.push({ json, pairedItem: { item: itemIndex } });
				}
				return true;
			}
			if (continueOnFail) {
				output.push(errorItem.call(this, result.error as Error, itemIndex));
				return true;
			}
			stopping ??= withItemIndex.call(this, result.error, itemIndex);
			return false;
		},
	});
	if (stopping) throw stopping;
	return output;
}

/**
 * A text parameter (or the value of a resource locator) that must not be empty, trimmed;
 * `missing` says what to enter or choose, `description` how.
 */
export function requiredText(
	this: IExecuteFunctions,
	parameterName: string,
	itemIndex: number,
	missing: string,
	description?: string,
): string {
	const value = String(
		this.getNodeParameter(parameterName, itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	if (value === '') {
		throw new NodeOperationError(this.getNode(), missing, { itemIndex, description });
	}
	return value;
}
