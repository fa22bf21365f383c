import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { byDisplayName, requireChanges, updateFieldsCollection } from '../commonFields';
import {
	contactFields,
	contactIdOf,
	contactLocator,
	contactPhoneProblem,
	phoneNumberField,
	toContactBody,
} from './fields';
import { applyGroups, contactGroupsField, resolveGroupIds } from './groups';

const properties: INodeProperties[] = [
	{ ...contactLocator, description: 'The contact to change' },
	updateFieldsCollection(
		byDisplayName([
			...contactFields,
			phoneNumberField,
			{
				...contactGroupsField,
				description: `The contact's groups after the update: it joins those chosen and leaves the others (Add to Group and Remove from Group change one). ${contactGroupsField.description}`,
			},
		]),
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const contactId = contactIdOf.call(this, itemIndex, 'update');
		const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const phoneProblem = contactPhoneProblem(updateFields.phoneNumber);
		if (phoneProblem) {
			throw new NodeOperationError(this.getNode(), phoneProblem, {
				itemIndex,
				description:
					'Nothing was changed. Phone Number takes one number with its country prefix, e.g. 48500000000.',
			});
		}
		const body = toContactBody(updateFields);
		const changesGroups = updateFields.groups !== undefined;
		requireChanges.call(this, changesGroups ? ['groups'] : Object.keys(body), itemIndex);
		const groupIds = changesGroups
			? await resolveGroupIds.call(this, itemIndex, updateFields.groups)
			: [];
		const endpoint = `contacts/${encodeURIComponent(contactId)}`;
		const { data } =
			Object.keys(body).length > 0
				? await smsapiApiRequest.call(this, {
						method: 'PUT',
						endpoint,
						body,
						safeToRepeat: true,
						itemIndex,
					})
				: await smsapiApiRequest.call(this, {
						method: 'GET',
						endpoint,
						safeToRepeat: true,
						itemIndex,
					});
		const contact = data as IDataObject;
		if (!changesGroups) return contact;
		return await applyGroups.call(this, itemIndex, contact, groupIds, { removeOthers: true });
	});
}
