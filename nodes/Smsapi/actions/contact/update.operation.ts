import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { apiPath, smsapiApiRequest } from '../../transport';
import { byDisplayName, requireChanges, updateFieldsCollection } from '../commonFields';
import { customFieldBody, customFieldsParameter } from './customFields';
import {
	contactFields,
	contactIdOf,
	contactLocator,
	contactPhoneProblem,
	phoneNumberField,
	toContactBody,
} from './fields';
import { applyGroups, contactGroupsField, resolveGroupIds } from './groups';

/**
 * Leaving every group is a choice of its own: an empty Group Names or IDs (none chosen, or an
 * expression that gave nothing) leaves the groups as they are, so that no contact silently drops
 * out of the groups Send to Group reaches.
 */
const removeFromAllGroupsField: INodeProperties = {
	displayName: 'Remove From All Groups',
	name: 'removeFromAllGroups',
	type: 'boolean',
	default: false,
	description:
		'Whether the contact leaves every group it is in; the contact itself stays. Cannot be combined with Group Names or IDs.',
};

/** Group ids or names given (an array, or a comma-separated text from an expression), empty ones left out. */
function hasEntries(value: unknown): boolean {
	const list = Array.isArray(value) ? value : String(value ?? '').split(',');
	return list.some((entry) => String(entry ?? '').trim() !== '');
}

const properties: INodeProperties[] = [
	{ ...contactLocator, description: 'The contact to change' },
	updateFieldsCollection(
		byDisplayName([
			...contactFields,
			customFieldsParameter,
			phoneNumberField,
			{
				...contactGroupsField,
				description: `The contact's groups after the update: it joins those chosen and leaves the others (Add to Group and Remove from Group change one). Empty leaves the groups as they are. ${contactGroupsField.description}`,
			},
			removeFromAllGroupsField,
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
		// Checked before anything is sent, the group lookup included.
		const endpoint = apiPath`contacts/${{ contactId }}`;
		const updateFields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const phoneProblem = contactPhoneProblem(updateFields.phoneNumber);
		if (phoneProblem) {
			throw new NodeOperationError(this.getNode(), phoneProblem, {
				itemIndex,
				description:
					'Nothing was changed. Phone Number takes one number with its country prefix, e.g. 48500000000.',
			});
		}
		const chosenGroups = hasEntries(updateFields.groups);
		const leaveAllGroups = updateFields.removeFromAllGroups === true;
		if (chosenGroups && leaveAllGroups) {
			throw new NodeOperationError(
				this.getNode(),
				'Remove From All Groups cannot be combined with Group Names or IDs',
				{
					itemIndex,
					description:
						'Nothing was changed. Choose the groups the contact ends up in, or turn on Remove From All Groups to take it out of every group.',
				},
			);
		}
		// Custom fields are checked against the account's fields (one read) after the checks above.
		const body = {
			...toContactBody(updateFields),
			...(await customFieldBody.call(
				this,
				itemIndex,
				updateFields.customFields,
				'Nothing was changed.',
			)),
		};
		// An empty Group Names or IDs was still asked for: the contact is read and its groups stay.
		const asksGroups = 'groups' in updateFields || leaveAllGroups;
		requireChanges.call(this, asksGroups ? ['groups'] : Object.keys(body), itemIndex);
		const groupIds = chosenGroups
			? await resolveGroupIds.call(this, itemIndex, updateFields.groups)
			: [];
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
		if (!chosenGroups && !leaveAllGroups) return contact;
		return await applyGroups.call(this, itemIndex, contact, groupIds, { removeOthers: true });
	});
}
