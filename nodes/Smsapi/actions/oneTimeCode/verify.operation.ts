import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, withItemIndex } from '../../items/loop';
import { requiredPhoneNumber } from '../../items/phoneNumber';
import { smsapiApiRequest } from '../../transport';
import { phoneNumberInput } from '../commonFields';

const properties: INodeProperties[] = [
	phoneNumberInput(
		'The mobile number the code was sent to with Send Code, with its country prefix (phone_number)',
	),
	{
		displayName: 'Code',
		name: 'code',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 123456',
		description:
			'The code the phone owner entered (code). A wrong or expired code gives valid: false, not an error.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['oneTimeCode'], operation: ['verify'] } },
	properties,
);

/** The answers of `POST /mfa/codes/verifications` that say "not valid" (panel_com.yml): 404 wrong, 408 expired. */
const NOT_VALID: Record<number, string> = { 404: 'wrong', 408: 'expired' };

/**
 * The HTTP status of the service's own "not valid" answer: only with its JSON error body (an error
 * tag such as `not_found`), so that a 404 or 408 of a proxy or a wrong address stays an error.
 */
function notValidStatusOf(error: unknown): number | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const { httpStatus, smsapiCode } = error.context as IDataObject;
	return typeof httpStatus === 'number' && typeof smsapiCode === 'string' ? httpStatus : undefined;
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const phoneNumber = requiredPhoneNumber.call(this, 'phoneNumber', itemIndex);
		const code = String(this.getNodeParameter('code', itemIndex, '') ?? '').trim();
		if (code === '') {
			throw new NodeOperationError(this.getNode(), 'Enter the code to verify', {
				itemIndex,
				description: 'Nothing was checked: Code is empty.',
			});
		}
		try {
			// A correct code is used up by its verification: a repeat after a lost answer would say
			// "wrong", so the request is never repeated unless the first provably never arrived.
			await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'mfa/codes/verifications',
				body: { phone_number: phoneNumber, code },
				safeToRepeat: false,
				itemIndex,
			});
		} catch (error) {
			const reason = NOT_VALID[notValidStatusOf(error) ?? 0];
			if (reason === undefined) throw withItemIndex.call(this, error, itemIndex);
			return { phone_number: phoneNumber, valid: false, reason };
		}
		return { phone_number: phoneNumber, valid: true };
	});
}
