import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../items/loop';
import type { OperationModule } from './operationModule';

/**
 * An operation that handles each input item on its own: its parameters, shown for the resource and
 * operation, and `run` for one item (its results become the item's output items, paired with it;
 * a failure an error item with Continue On Fail).
 */
export function itemOperation(
	resource: string,
	operationName: string,
	properties: INodeProperties[],
	run: (this: IExecuteFunctions, itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): OperationModule {
	const description = updateDisplayOptions(
		{ show: { resource: [resource], operation: [operationName] } },
		properties,
	);
	async function execute(
		this: IExecuteFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		return await mapItems.call(this, items, async (itemIndex) => await run.call(this, itemIndex));
	}
	return { description, execute };
}
