import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { smsapiApiRequest } from '../transport';
import { readReceivingNumbers } from './registryEntries';

/**
 * The Receiving Number dropdown: the account's receiving numbers as the published API lists them
 * for callbacks (`OPTIONS /callbacks`, `post.receiver_number` and `post.receive_numbers`). It is
 * the only published call that lists them.
 */
export async function getReceivingNumbers(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const { data } = await smsapiApiRequest.call(this, {
		method: 'OPTIONS',
		endpoint: 'callbacks',
		safeToRepeat: true,
	});
	return readReceivingNumbers(data)
		.sort((a, b) => a.localeCompare(b))
		.map((number) => ({ name: number, value: number }));
}
