import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, withItemIndex } from '../../helpers/items';
import { requiredPhoneNumber, toServiceDay } from '../../helpers/phoneNumber';
import { smsapiApiRequest } from '../../transport';
import { findBlacklistEntry, phoneNumberField } from './fields';
import { optionsCollection } from '../commonFields';

const properties: INodeProperties[] = [
	{
		...phoneNumberField,
		description:
			'The phone number that gets no more messages from the account, with its country prefix (phone_number)',
	},
	optionsCollection([
		{
			displayName: 'Expire At',
			name: 'expireAt',
			type: 'dateTime',
			default: '',
			description:
				'The day the number leaves the blacklist by itself (expire_at). Empty: it stays until removed.',
		},
		{
			displayName: 'Ignore If Already Blacklisted',
			name: 'ignoreExisting',
			type: 'boolean',
			default: false,
			description:
				'Whether a number that is already on the blacklist gives its existing entry (with already_blacklisted: true) instead of an error, e.g. when a person replies STOP twice',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['blacklist'], operation: ['add'] } },
	properties,
);

function isConflict(error: unknown): boolean {
	return error instanceof NodeApiError && (error.context as IDataObject).httpStatus === 409;
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const phoneNumber = requiredPhoneNumber.call(this, 'phoneNumber', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body: IDataObject = { phone_number: phoneNumber };
		const expireAt = toServiceDay.call(this, options.expireAt, 'Expire At', itemIndex);
		if (expireAt !== undefined) body.expire_at = expireAt;
		try {
			const { data } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'blacklist/phone_numbers',
				body,
				safeToRepeat: false,
				itemIndex,
			});
			return data as IDataObject;
		} catch (error) {
			if (options.ignoreExisting !== true || !isConflict(error))
				throw withItemIndex.call(this, error, itemIndex);
			const existing = await findBlacklistEntry.call(this, itemIndex, phoneNumber);
			return { ...(existing ?? { phone_number: phoneNumber }), already_blacklisted: true };
		}
	});
}
