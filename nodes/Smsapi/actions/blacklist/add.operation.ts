import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, withItemIndex } from '../../items/loop';
import { requiredPhoneNumber, toServiceDay } from '../../items/phoneNumber';
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

/**
 * How the service answers a number that is on the list already is not documented: the published
 * API gives a blacklist POST only 201 and 400 ("Invalid phone number"), the official clients test
 * no duplicate, and the emulator's 409 was our guess. So the node does not rely on that answer:
 * with Ignore If Already Blacklisted it looks the number up first (the documented list, searched
 * and paged, matched exactly), and after a POST refused with 400 or 409 it looks again. Only the
 * list says whether the number is on it; the status and the wording of the refusal decide nothing.
 */
function mayMeanListed(error: unknown): boolean {
	if (!(error instanceof NodeApiError)) return false;
	const status = Number((error.context as IDataObject).httpStatus);
	return status === 400 || status === 409;
}

function alreadyListed(entry: IDataObject): IDataObject {
	return { ...entry, already_blacklisted: true };
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
		const ignoreExisting = options.ignoreExisting === true;
		if (ignoreExisting) {
			const existing = await findBlacklistEntry.call(this, itemIndex, phoneNumber);
			if (existing) return alreadyListed(existing);
		}
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
			if (!mayMeanListed(error)) throw withItemIndex.call(this, error, itemIndex);
			// Listed meanwhile (another execution), or the refusal of a number already listed.
			const existing = await findBlacklistEntry.call(this, itemIndex, phoneNumber);
			if (!existing) throw withItemIndex.call(this, error, itemIndex);
			if (ignoreExisting) return alreadyListed(existing);
			throw new NodeOperationError(this.getNode(), `${phoneNumber} is already on the blacklist`, {
				itemIndex,
				description: `Nothing was changed (it was listed on ${String(existing.created_at ?? 'an earlier day')}, id ${String(existing.id)}). To take a number that is listed already as done, turn on Options → Ignore If Already Blacklisted.`,
			});
		}
	});
}
