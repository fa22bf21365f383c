import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../helpers/items';
import { listEntries } from '../../helpers/lists';
import { smsapiApiRequest } from '../../transport';
import { limitEntries, returnAllFields } from '../listFields';

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['getMany'] } },
	returnAllFields as INodeProperties[],
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const { data } = await smsapiApiRequest.call(this, { method: 'GET', endpoint: 'sms/templates', kind: 'read', itemIndex });
		return limitEntries.call(this, itemIndex, listEntries(data));
	});
}
