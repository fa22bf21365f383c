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
	normalizeField,
	templateIdField,
	templateRecord,
	templateTextField,
	toTemplateParameters,
} from './fields';

const properties: INodeProperties[] = [
	templateIdField,
	updateFieldsCollection([
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'The new name of the template (name)',
		},
		normalizeField,
		templateTextField,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const templateId = recordId.call(this, templateRecord, 'update', itemIndex);
		const changes = toTemplateParameters(
			this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		);
		requireChanges.call(this, changes, itemIndex);
		return await putRecord.call(this, templateRecord, templateId, changes, itemIndex);
	});
}
