import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { existingSubuserField } from './fields';
import { shareField, shareItem, sharePath, shareTarget } from './shares';

const properties: INodeProperties[] = [existingSubuserField, shareField];

export const description = updateDisplayOptions(
	{ show: { resource: ['subuser'], operation: ['getShares'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const { subuser, share } = await shareTarget.call(this, itemIndex, 'Nothing was read.');
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: sharePath(subuser, share),
			safeToRepeat: true,
			itemIndex,
		});
		return shareItem(subuser, share, data);
	});
}
