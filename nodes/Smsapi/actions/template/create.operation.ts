import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText, withItemIndex } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { newNameField, optionsCollection } from '../commonFields';
import { fetchList } from '../wholeList';
import { normalizeField, templateTextField, toTemplateParameters } from './fields';

const properties: INodeProperties[] = [
	newNameField(
		'e.g. shipping',
		'The name of the new template (name); a send names its template by it',
	),
	{ ...templateTextField, required: true },
	optionsCollection([normalizeField]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['template'], operation: ['create'] } },
	properties,
);

/**
 * The account's own template of this name (exact, as a send names it), or undefined: the whole
 * list (`GET /sms/templates` documents no paging and no name filter).
 */
async function templateNamed(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const templates = await fetchList.call(this, 'sms/templates', undefined, itemIndex);
	return templates.find((template) => String(template.name ?? '').trim() === name);
}

function nameInUse(
	this: IExecuteFunctions,
	name: string,
	existing: IDataObject,
	itemIndex: number,
) {
	return new NodeOperationError(this.getNode(), `A template named "${name}" exists already`, {
		itemIndex,
		description: `Nothing was created. Its id is ${String(existing.id)}. Two templates of one name would make a send that names it ambiguous: change that one with Template → Update, or choose another name.`,
	});
}

/**
 * A name in use is refused before anything is created. The published API documents only 201 for
 * this POST: whether the service refuses a second template of one name, and with what answer, is
 * not known, so the node looks first, and after a refusal of 400 or 409 looks again to say so.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const name = requiredText.call(this, 'name', itemIndex, 'Enter the name of the new template');
		const template = String(this.getNodeParameter('template', itemIndex, '') ?? '');
		if (template.trim() === '') {
			throw new NodeOperationError(this.getNode(), 'Enter the text of the template', {
				itemIndex,
				description: 'Nothing was created.',
			});
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const parameters = toTemplateParameters({ ...options, name, template });
		const wanted = String(parameters.name);
		const existing = await templateNamed.call(this, wanted, itemIndex);
		if (existing) throw nameInUse.call(this, wanted, existing, itemIndex);
		try {
			const { data } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'sms/templates',
				body: parameters,
				safeToRepeat: false,
				itemIndex,
			});
			return data as IDataObject;
		} catch (error) {
			const status = error instanceof NodeApiError ? Number(error.context.httpStatus) : NaN;
			if (status !== 400 && status !== 409) throw withItemIndex.call(this, error, itemIndex);
			const created = await templateNamed.call(this, wanted, itemIndex);
			if (created) throw nameInUse.call(this, wanted, created, itemIndex);
			throw withItemIndex.call(this, error, itemIndex);
		}
	});
}
