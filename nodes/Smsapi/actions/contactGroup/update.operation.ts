import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../helpers/items';
import { smsapiApiRequest } from '../../transport';
import { groupIdField } from '../contact/groups';
import { groupItem, groupPath, toGroupParameters, updateGroupFields } from './fields';

const properties: INodeProperties[] = [
	groupIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: updateGroupFields,
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contactGroup'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const groupId = requiredText.call(this, 'groupId', itemIndex, 'Choose the group to update');
		const changes = toGroupParameters(
			this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		);
		if (Object.keys(changes).length === 0) {
			throw new NodeOperationError(this.getNode(), 'Add at least one field to update', {
				itemIndex,
				description: 'Nothing was changed. Use Update Fields to choose what to change.',
			});
		}
		// The service's edit requires the name (contacts_com.yml): keep the current one unless changed.
		if (changes.name === undefined) {
			const { data } = await smsapiApiRequest.call(this, {
				method: 'GET',
				endpoint: groupPath(groupId),
				safeToRepeat: true,
				itemIndex,
			});
			changes.name = (data as IDataObject).name;
		}
		// Setting the same values again gives the same group: repeating it is harmless.
		const { data } = await smsapiApiRequest.call(this, {
			method: 'PUT',
			endpoint: groupPath(groupId),
			body: changes,
			safeToRepeat: true,
			itemIndex,
		});
		return groupItem(data);
	});
}
