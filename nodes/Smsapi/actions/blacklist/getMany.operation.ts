import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { smsapiApiRequestAllItems } from '../../transport';
import { returnAllFields, searchField, searchText, wantedCount } from '../listFields';

/** Entries per request; the service's own default page is only 5. */
const PAGE_SIZE = 100;

const properties: INodeProperties[] = [
	...returnAllFields,
	searchField(
		'e.g. 48500',
		'Only numbers that contain this text (q). Empty: every blacklisted number.',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['blacklist'], operation: ['getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const wanted = wantedCount.call(this, itemIndex);
		const q = searchText.call(this, itemIndex);
		return await smsapiApiRequestAllItems.call(
			this,
			{
				method: 'GET',
				endpoint: 'blacklist/phone_numbers',
				qs: q ? { q } : {},
				safeToRepeat: true,
				itemIndex,
			},
			{ limit: wanted, pageSize: PAGE_SIZE },
		);
	});
}
