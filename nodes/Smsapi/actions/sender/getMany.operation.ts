import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { servedByRestApi } from '../../transport';
import { fetchList } from '../wholeList';
import { senderItem } from './fields';
import { restSenderItem } from './rest';
import { optionsCollection } from '../commonFields';

const properties: INodeProperties[] = [
	optionsCollection([
		{
			displayName: 'With Main User Names',
			name: 'withNatNames',
			type: 'boolean',
			default: false,
			description:
				"Whether a sub-user's list also shows the sender names shared from the main user (with_nat_names). Username/password logins only: the REST API of token logins has no such parameter.",
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sender'], operation: ['getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		if (await servedByRestApi(this, itemIndex)) {
			const entries = await fetchList.call(this, 'sms/sendernames', undefined, itemIndex);
			return entries.map(restSenderItem);
		}
		const withNatNames = this.getNodeParameter('options.withNatNames', itemIndex, false) as boolean;
		const qs = withNatNames ? { list: 1, with_nat_names: 1 } : { list: 1 };
		const entries = await fetchList.call(this, 'sender.do', qs, itemIndex);
		return entries.map((entry) => senderItem(entry));
	});
}
