import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../helpers/items';
import { listEntries } from '../../helpers/lists';
import { smsapiApiRequest } from '../../transport';
import { limitEntries, returnAllFields } from '../listFields';
import { groupItem } from './fields';

export const description = updateDisplayOptions(
	{ show: { resource: ['contactGroup'], operation: ['getMany'] } },
	returnAllFields as INodeProperties[],
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		// The service answers every group at once (no paging) and counts their contacts on request.
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'contacts/groups',
			qs: { with: 'contacts_count' },
			kind: 'read',
			itemIndex,
		});
		return limitEntries.call(this, itemIndex, listEntries(data)).map(groupItem);
	});
}
