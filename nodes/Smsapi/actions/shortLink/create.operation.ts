import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { optionsCollection } from '../commonFields';
import { descriptionField, httpAddress, nameField, urlField } from './fields';

const properties: INodeProperties[] = [
	{ ...urlField, required: true },
	optionsCollection([
		descriptionField,
		{
			displayName: 'Expire After',
			name: 'expireTime',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 7,
			description: 'How long the link works, in Expire Unit (expire_time)',
		},
		{
			displayName: 'Expire Unit',
			name: 'expireUnit',
			type: 'options',
			options: [
				{ name: 'Days', value: 'days' },
				{ name: 'Hours', value: 'hours' },
				{ name: 'Minutes', value: 'minutes' },
				{ name: 'Seconds', value: 'seconds' },
			],
			default: 'days',
			description: 'The unit of Expire After (expire_unit)',
		},
		nameField,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shortLink'], operation: ['create'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const url = httpAddress.call(
			this,
			String(this.getNodeParameter('url', itemIndex, '') ?? '').trim(),
			'Nothing was created.',
			itemIndex,
		);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body: IDataObject = { url };
		if (typeof options.name === 'string' && options.name.trim() !== '')
			body.name = options.name.trim();
		if (typeof options.description === 'string' && options.description !== '')
			body.description = options.description;
		if (options.expireTime !== undefined) {
			body.expire_time = options.expireTime as number;
			body.expire_unit = (options.expireUnit as string | undefined) ?? 'days';
		}
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'short_url/links',
			body,
			safeToRepeat: false,
			itemIndex,
		});
		return data as IDataObject;
	});
}
