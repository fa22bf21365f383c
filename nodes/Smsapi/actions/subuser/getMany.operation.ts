import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { servedByRestApi } from '../../transport';
import { fetchList } from '../wholeList';
import { subuserItem } from './fields';
import { restSubuserItem } from './rest';

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		if (await servedByRestApi(this, itemIndex)) {
			const entries = await fetchList.call(this, 'subusers', undefined, itemIndex);
			return entries.map(restSubuserItem);
		}
		const entries = await fetchList.call(this, 'user.do', { list: 1 }, itemIndex);
		return entries.map((entry) => subuserItem(entry));
	});
}
