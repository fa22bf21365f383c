import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { apiPath, servedByRestApi, smsapiApiRequest } from '../../transport';
import { requireChanges, updateFieldsCollection } from '../commonFields';
import { existingSubuserField, subuserItem, toSubuserParameters, updateFields } from './fields';
import { findSubuser, restSubuserItem, toRestSubuserBody } from './rest';

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
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const parameters = toSubuserParameters(fields);
		const changes = Object.keys(parameters).filter((key) => key !== 'without_prefix');
		requireChanges.call(this, changes, itemIndex);
		if (await servedByRestApi(this, itemIndex)) {
			const body = toRestSubuserBody.call(this, fields, itemIndex);
			requireChanges.call(this, body, itemIndex);
			const subuser = await findSubuser.call(this, name, itemIndex, 'Nothing was changed.');
			// Safe to repeat: a second PUT sets the same values.
			const { data } = await smsapiApiRequest.call(this, {
				method: 'PUT',
				endpoint: apiPath`subusers/${{ subuserId: subuser.id }}`,
				body,
				bodyFormat: 'json',
				safeToRepeat: true,
				itemIndex,
			});
			return restSubuserItem(data);
		}
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
