import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

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
				displayName: 'Price per Part',
				name: 'pricePerPart',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 4 },
				default: 0,
				description:
					"The account's price of one message part, e.g. an expression reading `price` of Price → Get Many (with a token it also gives the currency): adds the estimate in money. Fast messages cost 1.5 times as much. 0: no estimate.",
			},
			{
				displayName: 'Currency',
				name: 'currency',
				type: 'string',
				default: '',
				placeholder: 'PLN',
				description:
					"The price's currency, shown beside the estimate (Price → Get Many gives it as currency)",
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

/** Cost in money: parts × recipients × the price of one part (fast: 1.5 ×), to 4 decimals. */
function estimate(
	cost: { normal: number; fast: number },
	pricePerPart: number,
	currency: string,
): IDataObject {
	const money = (units: number) => Math.round(units * pricePerPart * 10_000) / 10_000;
	return { normal: money(cost.normal), fast: money(cost.fast), currency: currency || null };
}

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
			pricePerPart?: number | string;
			currency?: string;
		};
		const result = calculateMessage(message, {
			normalize: options.normalize === true,
			recipients: options.recipients ?? 1,
		}) as unknown as IDataObject;
		const pricePerPart = Number(options.pricePerPart ?? 0);
		if (!Number.isFinite(pricePerPart) || pricePerPart < 0) {
			throw new NodeOperationError(
				this.getNode(),
				`Price per Part must be a price of 0 or more (got ${String(options.pricePerPart)})`,
				{ itemIndex, description: "Take it from Price → Get Many's price, e.g. 0.165." },
			);
		}
		if (pricePerPart > 0)
			result.estimate = estimate(
				result.cost as { normal: number; fast: number },
				pricePerPart,
				String(options.currency ?? '').trim(),
			);
		return result;
	});
}
