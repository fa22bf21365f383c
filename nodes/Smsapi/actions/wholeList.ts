import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../items/loop';
import { listEntries } from '../helpers/lists';
import { type SmsapiContext, smsapiApiRequest } from '../transport';
import { limitEntries, returnAllFields } from './listFields';
import type { OperationModule } from './operationModule';

/**
 * A Get Many of a list the service answers whole (`{size, collection}`, no paging): one GET, then
 * Return All or the first Limit entries, one output item each.
 */
export function wholeListOperation(
	resource: string,
	endpoint: string,
	options: {
		qs?: IDataObject;
		toItem?: (entry: IDataObject) => IDataObject;
		/** Only the bearer token reaches the list (see SmsapiRequest.tokenOnly). */
		tokenOnly?: true;
	} = {},
): OperationModule {
	const description: INodeProperties[] = updateDisplayOptions(
		{ show: { resource: [resource], operation: ['getMany'] } },
		returnAllFields,
	);
	async function execute(
		this: IExecuteFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		return await mapItems.call(this, items, async (itemIndex) => {
			const entries = limitEntries.call(
				this,
				itemIndex,
				await fetchList.call(this, endpoint, options.qs, itemIndex, options.tokenOnly),
			);
			return options.toItem ? entries.map(options.toItem) : entries;
		});
	}
	return { description, execute };
}

/** The entries of a list the service answers whole: one GET, safe to repeat. */
export async function fetchList(
	this: SmsapiContext,
	endpoint: string,
	qs?: IDataObject,
	itemIndex?: number,
	tokenOnly?: boolean,
): Promise<IDataObject[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'GET',
		endpoint,
		qs,
		tokenOnly,
		safeToRepeat: true,
		itemIndex,
	});
	return listEntries(data);
}
