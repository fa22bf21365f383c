import { NodeOperationError } from 'n8n-workflow';

import { requiredText } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { itemOperation } from '../itemOperation';
import { CONTACT_FIELDS, contactFieldItem, FIELD_TYPES, fieldNameField } from './fields';

const TYPES = new Set(FIELD_TYPES.map((type) => type.value));

/** `POST /contacts/fields` (form `CreateField`: `name`, `type`); 201 with the new field. */
export const { description, execute } = itemOperation(
	'contactField',
	'create',
	[
		fieldNameField,
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: FIELD_TYPES,
			default: 'text',
			description: 'What the field holds (type); the service checks the values contacts get in it',
		},
	],
	async function (itemIndex) {
		const name = requiredText.call(this, 'name', itemIndex, 'Enter the name of the new field');
		const type = requiredText.call(this, 'type', itemIndex, 'Choose the type of the new field');
		if (!TYPES.has(type)) {
			throw new NodeOperationError(this.getNode(), `Unknown field type "${type}"`, {
				itemIndex,
				description: `Nothing was sent. The service takes ${[...TYPES].join(', ')}.`,
			});
		}
		// Not repeated: a repeat after a lost answer could create a second field of that name.
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: CONTACT_FIELDS,
			body: { name, type },
			tokenOnly: true,
			safeToRepeat: false,
			itemIndex,
		});
		return contactFieldItem(data);
	},
);
