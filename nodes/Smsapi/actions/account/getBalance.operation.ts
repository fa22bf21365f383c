import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { numberFromService } from '../../helpers/values';
import { smsapiApiRequest } from '../../transport';

export const description: INodeProperties[] = [
	{
		displayName: 'Include Message Counts',
		name: 'details',
		type: 'boolean',
		default: false,
		description:
			'Whether to also return how many messages of each kind the balance still buys (proCount, ecoCount, mmsCount, ...)',
		displayOptions: { show: { resource: ['account'], operation: ['getBalance'] } },
	},
];

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const details = this.getNodeParameter('details', itemIndex, false) as boolean;
		const qs: IDataObject = { credits: 1 };
		if (details) qs.details = 1;
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'user.do',
			qs,
			safeToRepeat: true,
		});
		const balance = { ...(data as IDataObject) };
		for (const key of Object.keys(balance)) {
			if (key === 'points' || key.endsWith('Count'))
				balance[key] = numberFromService(balance[key]) as number;
		}
		return balance;
	});
}
