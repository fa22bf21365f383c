import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { requireChanges, updateFieldsCollection } from '../commonFields';
import { existingSubuserField, subuserItem, toSubuserParameters, updateFields } from './fields';

const properties: INodeProperties[] = [existingSubuserField, updateFieldsCollection(updateFields)];

export const description = updateDisplayOptions(
	{ show: { resource: ['subuser'], operation: ['update'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Choose the sub-user to update');
		const parameters = toSubuserParameters(
			this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject,
		);
		const changes = Object.keys(parameters).filter((key) => key !== 'without_prefix');
		requireChanges.call(this, changes, itemIndex);
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'user.do',
			body: { set_user: name, ...parameters },
			safeToRepeat: true,
			itemIndex,
		});
		return subuserItem(data);
	});
}
