import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { splitList } from '../../helpers/values';
import { smsapiApiRequest } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Message IDs',
		name: 'ids',
		type: 'string',
		default: '',
		required: true,
		placeholder: '7074294081650020450, 7074294081650020451',
		description:
			'IDs of scheduled messages to delete (sch_del), separated by commas. Each is the ID a scheduled send returned.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['deleteScheduled'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const ids = splitList(this.getNodeParameter('ids', itemIndex) as string | string[]);
		if (ids.length === 0) {
			throw new NodeOperationError(this.getNode(), 'Enter at least one message ID to delete', {
				itemIndex,
				description:
					'Message IDs takes the IDs that scheduled sends returned, separated by commas.',
			});
		}
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'sms.do',
			body: { sch_del: ids.join(',') },
			safeToRepeat: true,
		});
		const result = data as IDataObject;
		const list = Array.isArray(result.list) ? (result.list as IDataObject[]) : [];
		return list.length
			? list.map((entry) => ({ id: String(entry.id), deleted: true }))
			: [{ count: result.count ?? 0, deleted: false }];
	});
}
