import { recordId } from '../byId';
import { itemOperation } from '../itemOperation';
import { limitEntries, returnAllFields } from '../listFields';
import { fetchList } from '../wholeList';
import { contactFieldRecord } from './fields';

/**
 * `GET /contacts/fields/{fieldId}/options`: the choices of a field with fixed values, one item per
 * `{name, value}`. The published API answers 501 for a field without choices. Its official PHP
 * client reads the options of the built-in `gender` this way.
 */
export const { description, execute } = itemOperation(
	'contactField',
	'getOptions',
	[
		{
			...contactFieldRecord.idField,
			description: `${String(contactFieldRecord.idField.description)} Built-in fields with fixed choices go by their name, e.g. gender.`,
		},
		...returnAllFields,
	],
	async function (itemIndex) {
		const fieldId = recordId.call(this, contactFieldRecord, 'read the options of', itemIndex);
		const endpoint = `${contactFieldRecord.path(fieldId)}/options`;
		const options = await fetchList.call(this, endpoint, undefined, itemIndex, true);
		return limitEntries.call(this, itemIndex, options);
	},
);
