import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { servedByRestApi, smsapiApiRequest } from '../../transport';
import { additionalFieldsCollection, newNameField } from '../commonFields';
import { createFields, subuserItem, toSubuserParameters } from './fields';
import { mainUsername, restSubuserItem, toRestSubuserBody } from './rest';

const properties: INodeProperties[] = [
	newNameField(
		'e.g. shop',
		"The new sub-user's name (add_user). The username becomes the main user's name, an underscore and this name, unless Without Prefix is on.",
	),
	{
		displayName:
			'New sub-users are inactive and need a password: add Password, and Active to enable the sub-user at once.',
		name: 'inactiveNotice',
		type: 'notice',
		default: '',
	},
	additionalFieldsCollection(createFields),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['subuser'], operation: ['create'] } },
	properties,
);

function missingPassword(this: IExecuteFunctions, itemIndex: number): NodeOperationError {
	return new NodeOperationError(this.getNode(), 'Enter a password for the new sub-user', {
		itemIndex,
		description:
			'Nothing was created. The service requires a web password for a new sub-user: add Password under Additional Fields.',
	});
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Enter the name of the new sub-user');
		const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const parameters = toSubuserParameters(fields);
		if (await servedByRestApi(this, itemIndex)) {
			const body = toRestSubuserBody.call(this, fields, itemIndex);
			const credentials = (body.credentials ?? {}) as IDataObject;
			if (credentials.password === undefined) throw missingPassword.call(this, itemIndex);
			// user.do puts the main user's name and an underscore first; the REST API takes the username as given.
			const prefix = fields.withoutPrefix ? '' : `${await mainUsername.call(this, itemIndex)}_`;
			body.credentials = { username: `${prefix}${name}`, ...credentials };
			const { data } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'subusers',
				body,
				bodyFormat: 'json',
				safeToRepeat: false,
				itemIndex,
			});
			return restSubuserItem(data);
		}
		if (parameters.pass === undefined) {
			throw missingPassword.call(this, itemIndex);
		}
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'user.do',
			body: { add_user: name, ...parameters },
			safeToRepeat: false,
			itemIndex,
		});
		return subuserItem(data);
	});
}
