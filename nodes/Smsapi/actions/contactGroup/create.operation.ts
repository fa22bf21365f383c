import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { additionalFieldsCollection, newNameField } from '../commonFields';
import { createGroupFields, groupItem, toGroupParameters } from './fields';

const properties: INodeProperties[] = [
	newNameField(
		'e.g. newsletter',
		'The name of the new group (name); names are unique in the account',
	),
	additionalFieldsCollection(createGroupFields),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contactGroup'], operation: ['create'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Enter the name of the new group');
		const fields = toGroupParameters(
			this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject,
		);
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'contacts/groups',
			body: { ...fields, name },
			safeToRepeat: false,
			itemIndex,
		});
		return groupItem(data);
	});
}
