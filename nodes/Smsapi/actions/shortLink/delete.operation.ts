import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { shortLinkIdField, shortLinkPath } from './fields';

export const description = updateDisplayOptions(
	{ show: { resource: ['shortLink'], operation: ['delete'] } },
	[shortLinkIdField] as INodeProperties[],
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const linkId = requiredText.call(this, 'linkId', itemIndex, 'Choose the short link to delete');
		// Not repeated: a repeat after a lost answer would say "not found" for a link just deleted.
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: shortLinkPath(linkId),
			safeToRepeat: false,
			itemIndex,
		});
		return { id: linkId, deleted: true };
	});
}
