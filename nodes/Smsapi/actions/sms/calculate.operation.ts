import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { calculateMessage } from '../../helpers/segments';
import { messageField } from '../../send/fields';

const properties: INodeProperties[] = [
	{
		...messageField,
		description: 'The text to measure. Nothing is sent and no credential is used.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Normalize',
				name: 'normalize',
				type: 'boolean',
				default: false,
				description:
					'Whether to count the text as the service would send it with normalize=1 (special characters replaced by plain ones); the normalized text is returned',
			},
			{
				displayName: 'Recipients',
				name: 'recipients',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				description: 'How many recipients the cost is calculated for',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['calculate'] } },
	properties,
);

/** Works offline: the GSM-7 / UCS-2 segment calculation of helpers/segments. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const message = String(this.getNodeParameter('message', itemIndex) ?? '');
		const options = this.getNodeParameter('options', itemIndex, {}) as {
			normalize?: boolean;
			recipients?: number;
		};
		return calculateMessage(message, {
			normalize: options.normalize === true,
			recipients: options.recipients ?? 1,
		}) as unknown as IDataObject;
	});
}
