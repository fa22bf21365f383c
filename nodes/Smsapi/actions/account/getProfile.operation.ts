import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { numberFromService } from '../../helpers/values';
import { smsapiApiRequest } from '../../transport';

export const description: INodeProperties[] = [];

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async () => {
		const { data } = await smsapiApiRequest.call(this, {
			method: 'GET',
			endpoint: 'profile',
			safeToRepeat: true,
		});
		const profile = { ...(data as IDataObject) };
		profile.points = numberFromService(profile.points) as number;
		return profile;
	});
}
