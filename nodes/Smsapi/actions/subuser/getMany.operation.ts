import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { mapItems } from '../../helpers/items';
import { listEntries } from '../../helpers/lists';
import { smsapiApiRequest } from '../../transport';
import { subuserItem } from './fields';

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'user.do',
			qs: { list: 1 },
			safeToRepeat: true,
			itemIndex,
		});
		return listEntries(data).map((entry) => subuserItem(entry));
	});
}
