import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { splitList } from '../../helpers/values';
import { mapItems } from '../../items/loop';
import { smsapiApiRequest } from '../../transport';
import { existingSubuserField } from './fields';
import { SHARE_WIRE, shareField, shareItem, sharePath, shareTarget } from './shares';

const properties: INodeProperties[] = [
	existingSubuserField,
	shareField,
	{
		displayName: 'Access',
		name: 'access',
		type: 'options',
		options: [
			{ name: 'All', value: 'all', description: 'Every one, also those added later' },
			{ name: 'None', value: 'none', description: 'None of them' },
			{ name: 'Selected', value: 'selected', description: 'Only the names given below' },
		],
		default: 'all',
		description: "Which of the main user's sender names or templates the sub-user may use",
	},
	{
		displayName: 'Names',
		name: 'names',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. MyShop, Bakery',
		description:
			'The sender names or templates the sub-user may use, separated by commas (an expression may give a list). The list replaces the one shared before.',
		displayOptions: { show: { access: ['selected'] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['subuser'], operation: ['updateShares'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const access = this.getNodeParameter('access', itemIndex) as string;
		const names =
			access === 'selected' ? splitList(this.getNodeParameter('names', itemIndex, '')) : [];
		if (access === 'selected' && names.length === 0) {
			throw new NodeOperationError(this.getNode(), 'Enter the names to share', {
				itemIndex,
				description:
					'Nothing was changed. With Access "Selected", Names lists what the sub-user may use; to share nothing, choose Access "None".',
			});
		}
		const { subuser, share } = await shareTarget.call(this, itemIndex, 'Nothing was changed.');
		const body =
			access === 'selected' ? { access, [SHARE_WIRE[share].listField]: names } : { access };
		// Safe to repeat: a second PUT sets the same access.
		await smsapiApiRequest.call(this, {
			method: 'PUT',
			endpoint: sharePath(subuser, share),
			body,
			bodyFormat: 'json',
			safeToRepeat: true,
			itemIndex,
		});
		return { ...shareItem(subuser, share, body), updated: true };
	});
}
