import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { listEntries } from '../../helpers/lists';
import { toServiceDay } from '../../items/phoneNumber';
import { splitList } from '../../helpers/values';
import { smsapiApiRequest } from '../../transport';
import { limitEntries, returnAllFields } from '../listFields';

const properties: INodeProperties[] = [
	{
		displayName: 'From',
		name: 'dateFrom',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'The first day of the range (date_from)',
	},
	{
		displayName: 'To',
		name: 'dateTo',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'The last day of the range (date_to)',
	},
	{
		displayName: 'Short Link Names or IDs',
		name: 'linkIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getShortLinkIds' },
		default: [],
		description:
			'Only clicks of these links (links). Empty: clicks of every link. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	...returnAllFields,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shortLink'], operation: ['getClicks'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const dateFrom = toServiceDay.call(
			this,
			this.getNodeParameter('dateFrom', itemIndex, ''),
			'From',
			itemIndex,
		);
		const dateTo = toServiceDay.call(
			this,
			this.getNodeParameter('dateTo', itemIndex, ''),
			'To',
			itemIndex,
		);
		if (dateFrom === undefined || dateTo === undefined) {
			throw new NodeOperationError(this.getNode(), 'Enter both days of the range (From and To)', {
				itemIndex,
			});
		}
		if (dateFrom > dateTo) {
			throw new NodeOperationError(this.getNode(), `From (${dateFrom}) is after To (${dateTo})`, {
				itemIndex,
			});
		}
		const linkIds = splitList(this.getNodeParameter('linkIds', itemIndex, []));
		// `links[]` is repeated per link at the service; one request per link keeps each one a
		// plain query parameter.
		const selections: Array<string | undefined> = linkIds.length > 0 ? linkIds : [undefined];
		const clicks: IDataObject[] = [];
		for (const linkId of selections) {
			const { data } = await smsapiApiRequest.call(this, {
				method: 'GET',
				endpoint: 'short_url/clicks',
				qs: {
					date_from: dateFrom,
					date_to: dateTo,
					...(linkId === undefined ? {} : { 'links[]': linkId }),
				},
				safeToRepeat: true,
				itemIndex,
			});
			clicks.push(
				...listEntries(data).map((click) =>
					linkId === undefined ? click : { ...click, link_id: linkId },
				),
			);
		}
		return limitEntries.call(this, itemIndex, clicks);
	});
}
