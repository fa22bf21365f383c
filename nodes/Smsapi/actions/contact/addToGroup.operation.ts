import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { contactIdOf, contactLocator } from './fields';
import { groupIdField, pinToGroup } from './groups';

const properties: INodeProperties[] = [
	{ ...contactLocator, description: 'The contact to add' },
	{ ...groupIdField, description: `The group the contact joins. ${groupIdField.description}` },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['addToGroup'] } },
	properties,
);

/** `PUT /contacts/{contactId}/groups/{groupId}`; a contact already in the group stays in it. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const contactId = contactIdOf.call(this, itemIndex, 'add to the group');
		const groupId = requiredText.call(
			this,
			'groupId',
			itemIndex,
			'Choose the group to add the contact to',
		);
		const groups = await pinToGroup.call(this, itemIndex, contactId, groupId);
		return { contact_id: contactId, group_id: groupId, groups };
	});
}
