import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { splitList, numberFromService } from '../../helpers/values';
import { servedByRestApi } from '../../transport';
import { fetchList } from '../wholeList';
import { optionsCollection } from '../commonFields';
import { restPriceItem, TARIFF_TYPES } from './rest';

const properties: INodeProperties[] = [
	optionsCollection([
		{
			displayName: 'Countries',
			name: 'country',
			type: 'string',
			default: '',
			placeholder: 'e.g. Poland, Germany',
			description:
				'Return only these countries, by name as the price list gives them (case-insensitive), separated by commas. Empty: every country.',
		},
		{
			displayName: 'Tariff Type',
			name: 'type',
			type: 'options',
			options: [
				{ name: "Account's Default", value: '' },
				...TARIFF_TYPES.map((type) => ({ name: type.toUpperCase(), value: type })),
			],
			default: '',
			description:
				'Prices of this tariff (type): PRO and ECO SMS, 2WAY, VMS, HLR or MMS. Access token logins only.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['price'], operation: ['getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const countries = new Set(
			splitList(this.getNodeParameter('options.country', itemIndex, '')).map((country) =>
				country.toLowerCase(),
			),
		);
		const type = this.getNodeParameter('options.type', itemIndex, '') as string;
		const rest = await servedByRestApi(this, itemIndex);
		if (!rest && type !== '') {
			throw new NodeOperationError(this.getNode(), 'Tariff Type needs an access token login', {
				itemIndex,
				description:
					"Nothing was sent. prices.do of the username/password login lists the account's prices without a tariff type: remove Tariff Type.",
			});
		}
		const entries = rest
			? (await fetchList.call(this, 'profile/prices', type ? { type } : undefined, itemIndex)).map(
					(entry) => restPriceItem(entry, type),
				)
			: (await fetchList.call(this, 'prices.do', undefined, itemIndex)).map((entry) => ({
					...entry,
					price: numberFromService(entry.price) as number,
				}));
		return entries.filter(
			(entry) => countries.size === 0 || countries.has(String(entry.country ?? '').toLowerCase()),
		);
	});
}
