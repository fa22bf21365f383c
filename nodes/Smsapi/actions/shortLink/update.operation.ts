import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { putRecord, recordId } from '../byId';
import { requireChanges, updateFieldsCollection } from '../commonFields';
import {
	descriptionField,
	httpAddress,
	nameField,
	shortLinkIdField,
	shortLinkRecord,
	urlField,
} from './fields';

const properties: INodeProperties[] = [
	shortLinkIdField,
	updateFieldsCollection([
		descriptionField,
		{ ...nameField, description: 'The new name of the link, also its path (name)' },
		urlField,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shortLink'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const linkId = recordId.call(this, shortLinkRecord, 'update', itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const changes: IDataObject = {};
		for (const key of ['url', 'name', 'description']) {
			const value = fields[key];
			if (typeof value === 'string' && value.trim() !== '') changes[key] = value.trim();
		}
		requireChanges.call(this, changes, itemIndex);
		if (changes.url !== undefined) {
			httpAddress.call(this, changes.url as string, 'Nothing was changed.', itemIndex);
		}
		return await putRecord.call(this, shortLinkRecord, linkId, changes, itemIndex);
	});
}
