import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { limitEntries, returnAllFields } from '../listFields';
import type { OperationModule } from '../operationModule';
import { fetchList } from '../wholeList';

/** An RCS list the service answers whole (`{size, collection}`): Return All or the first Limit entries. */
export function rcsList(operation: string, endpoint: string): OperationModule {
	const description: INodeProperties[] = updateDisplayOptions(
		{ show: { resource: ['rcs'], operation: [operation] } },
		returnAllFields,
	);
	async function execute(
		this: IExecuteFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		return await mapItems.call(this, items, async (itemIndex) =>
			limitEntries.call(
				this,
				itemIndex,
				// REST only: the username/password login is refused before anything is sent (tokenOnly.ts).
				await fetchList.call(this, endpoint, undefined, itemIndex, true),
			),
		);
	}
	return { description, execute };
}
