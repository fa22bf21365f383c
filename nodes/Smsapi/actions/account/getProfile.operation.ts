import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { mapItems } from '../../helpers/items';
import { toNumber } from '../../helpers/values';
import { smsapiApiRequest } from '../../transport';

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async () => {
		const { data } = await smsapiApiRequest.call(this, { method: 'GET', endpoint: 'profile', kind: 'read' });
		const profile = { ...(data as IDataObject) };
		profile.points = toNumber(profile.points) as number;
		return profile;
	});
}
