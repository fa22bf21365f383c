import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requiredPhoneNumber } from '../../items/phoneNumber';
import { smsapiApiRequestAllItems } from '../../transport';
import { itemOperation } from '../itemOperation';
import { returnAllFields, wantedCount } from '../listFields';
import { OPT_OUTS, optOutItem } from './fields';

/** Entries per request; the service's own default page is only 5. */
const PAGE_SIZE = 100;

/** The published filter (`phone_number`, the only one of `GET /opt_outs`), checked before sending. */
function filterQuery(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const phoneNumber = String(this.getNodeParameter('filters.phoneNumber', itemIndex, '') ?? '');
	if (phoneNumber.trim() === '') return {};
	return { phone_number: requiredPhoneNumber.call(this, 'filters.phoneNumber', itemIndex) };
}

/** `GET /opt_outs`, page after page (Return All or up to Limit), one item per opt-out. */
export const { description, execute } = itemOperation(
	'optOut',
	'getMany',
	[
		...returnAllFields,
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Phone Number',
					name: 'phoneNumber',
					type: 'string',
					default: '',
					placeholder: 'e.g. 48500000000',
					description:
						'Only the opt-outs of this number, with its country prefix (phone_number). Empty: every opt-out.',
				},
			],
		},
	],
	async function (itemIndex) {
		const request = {
			method: 'GET' as const,
			endpoint: OPT_OUTS,
			qs: filterQuery.call(this, itemIndex),
			tokenOnly: true,
			safeToRepeat: true,
			itemIndex,
		};
		const limit = wantedCount.call(this, itemIndex);
		const entries = await smsapiApiRequestAllItems.call(this, request, {
			limit,
			pageSize: PAGE_SIZE,
		});
		return entries.map(optOutItem);
	},
);
