import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { fetchRecord, putRecord, recordId } from '../byId';
import { requireChanges, updateFieldsCollection } from '../commonFields';
import { groupRecord, toGroupParameters, updateGroupFields } from './fields';

const properties: INodeProperties[] = [
	groupRecord.idField,
	updateFieldsCollection(updateGroupFields),
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
		const groupId = recordId.call(this, groupRecord, 'update', itemIndex);
		const changes = toGroupParameters(
			this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		);
		requireChanges.call(this, changes, itemIndex);
		// The service's edit requires the name (contacts_com.yml): keep the current one unless changed.
		if (changes.name === undefined) {
			const current = (await fetchRecord.call(
				this,
				groupRecord,
				groupId,
				itemIndex,
			)) as IDataObject;
			changes.name = current.name;
		}
		return await putRecord.call(this, groupRecord, groupId, changes, itemIndex);
	});
}
