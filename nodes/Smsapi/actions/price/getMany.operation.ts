import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { splitList, numberFromService } from '../../helpers/values';
import { fetchList } from '../wholeList';
import { optionsCollection } from '../commonFields';

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
		const entries = await fetchList.call(this, 'prices.do', undefined, itemIndex);
		return entries
			.filter(
				(entry) => countries.size === 0 || countries.has(String(entry.country ?? '').toLowerCase()),
			)
			.map((entry) => ({ ...entry, price: numberFromService(entry.price) as number }));
	});
}
