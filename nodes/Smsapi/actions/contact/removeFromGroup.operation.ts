import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { contactIdOf, contactLocator } from './fields';
import { groupIdField, unpinFromGroup } from './groups';

const properties: INodeProperties[] = [
	{ ...contactLocator, description: 'The contact to remove' },
	{
		...groupIdField,
		description: `The group the contact leaves; the contact itself stays. ${groupIdField.description}`,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['removeFromGroup'] } },
	properties,
);

/** `DELETE /contacts/{contactId}/groups/{groupId}`; the service answers 404 when the contact is not in the group. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const contactId = contactIdOf.call(this, itemIndex, 'remove from the group');
		const groupId = requiredText.call(
			this,
			'groupId',
			itemIndex,
			'Choose the group to remove the contact from',
		);
		await unpinFromGroup.call(this, itemIndex, contactId, groupId);
		return { contact_id: contactId, group_id: groupId, removed: true };
	});
}
