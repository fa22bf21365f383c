import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { requiredPhoneNumber } from '../../items/phoneNumber';
import { apiPath, smsapiApiRequest } from '../../transport';
import { findBlacklistEntry, phoneNumberField } from './fields';

const properties: INodeProperties[] = [
	{
		...phoneNumberField,
		description: 'The phone number to take off the blacklist, with its country prefix',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['blacklist'], operation: ['remove'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const phoneNumber = requiredPhoneNumber.call(this, 'phoneNumber', itemIndex);
		// The service's delete-by-number answers 204 whether or not the number was listed; finding
		// the entry first tells the user when there was nothing to remove.
		const entry = await findBlacklistEntry.call(this, itemIndex, phoneNumber);
		if (!entry) {
			throw new NodeOperationError(this.getNode(), `${phoneNumber} is not on the blacklist`, {
				itemIndex,
				description: 'Nothing was removed. Check the number, or list the blacklist with Get Many.',
			});
		}
		await smsapiApiRequest.call(this, {
			method: 'DELETE',
			endpoint: apiPath`blacklist/phone_numbers/${{ blacklistEntryId: entry.id }}`,
			safeToRepeat: false,
			itemIndex,
		});
		return { ...entry, removed: true };
	});
}
