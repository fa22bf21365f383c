import { recordId } from '../byId';
import { itemOperation } from '../itemOperation';
import { limitEntries, returnAllFields } from '../listFields';
import { fetchList } from '../wholeList';
import { CONTACT_FIELDS, contactFieldRecord } from './fields';

/**
 * The built-in field with fixed choices (contacts_com.yml `Gender`: undefined, male, female), which
 * goes by its name: the official PHP client reads `GET /contacts/fields/gender/options`.
 */
const BUILT_IN_WITH_CHOICES = new Set(['gender']);

/**
 * `GET /contacts/fields/{fieldId}/options`: the choices of a field with fixed values, one item per
 * `{name, value}`. The published API answers 501 for a field without choices. A custom field goes
 * by its id (24 hex digits), the built-in gender by its name.
 */
export const { description, execute } = itemOperation(
	'contactField',
	'getOptions',
	[
		{
			...contactFieldRecord.idField,
			description: `${String(contactFieldRecord.idField.description)} The built-in field with fixed choices goes by its name: gender.`,
		},
		...returnAllFields,
	],
	async function (itemIndex) {
		const fieldId = recordId.call(this, contactFieldRecord, 'read the options of', itemIndex);
		const path = BUILT_IN_WITH_CHOICES.has(fieldId)
			? `${CONTACT_FIELDS}/${fieldId}`
			: contactFieldRecord.path(fieldId);
		const endpoint = `${path}/options`;
		const options = await fetchList.call(this, endpoint, undefined, itemIndex, true);
		return limitEntries.call(this, itemIndex, options);
	},
);
