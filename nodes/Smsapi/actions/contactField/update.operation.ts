import { putRecord, recordId } from '../byId';
import { requiredText } from '../../items/loop';
import { itemOperation } from '../itemOperation';
import { contactFieldRecord, fieldNameField } from './fields';

/** `PUT /contacts/fields/{fieldId}` (form `UpdateField`: only `name`, required); 200 with the field. */
export const { description, execute } = itemOperation(
	'contactField',
	'update',
	[
		contactFieldRecord.idField,
		{ ...fieldNameField, description: 'The new name of the field (name); its type cannot change' },
	],
	async function (itemIndex) {
		const fieldId = recordId.call(this, contactFieldRecord, 'update', itemIndex);
		const name = requiredText.call(this, 'name', itemIndex, 'Enter the new name of the field');
		return await putRecord.call(this, contactFieldRecord, fieldId, { name }, itemIndex);
	},
);
