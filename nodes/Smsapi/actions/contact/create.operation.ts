import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems, requiredText } from '../../items/loop';
import { getSmsapiErrorCode, InvalidPathIdError, smsapiApiRequest } from '../../transport';
import { additionalFieldsCollection, byDisplayName } from '../commonFields';
import { customFieldBody, customFieldsParameter } from './customFields';
import { contactFields, contactPhoneProblem, phoneNumberField, toContactBody } from './fields';
import { applyGroups, contactGroupsField, resolveGroupIds } from './groups';

const properties: INodeProperties[] = [
	{ ...phoneNumberField, required: true },
	additionalFieldsCollection(
		byDisplayName([
			...contactFields,
			customFieldsParameter,
			{
				...contactGroupsField,
				description: `The groups the new contact joins. ${contactGroupsField.description}`,
			},
		]),
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['contact'], operation: ['create'] } },
	properties,
);

/** A duplicate number (contact_conflict, HTTP 409) in words that name the number and the way out. */
function explainConflict(error: unknown, phoneNumber: string): unknown {
	const conflict =
		getSmsapiErrorCode(error) === 'contact_conflict' ||
		(error instanceof NodeApiError && error.httpCode === '409');
	if (!conflict) return error;
	const apiError = error as NodeApiError;
	apiError.message = `A contact with the phone number ${phoneNumber} already exists in the contacts database`;
	apiError.description = [
		'Nothing was created. To change that contact, use the Update operation with its ID; Get Many with a Phone Number filter finds it.',
		apiError.description,
	]
		.filter(Boolean)
		.join('\n');
	return apiError;
}

/** A membership call failed after the contact was created: say so, so that nobody creates it twice. */
function explainPartial(error: unknown, contactId: string): unknown {
	if (
		error instanceof NodeApiError ||
		error instanceof NodeOperationError ||
		error instanceof InvalidPathIdError
	) {
		error.description = [
			`The contact was created (ID ${contactId}) but not added to every chosen group. Use Add to Group for the rest; running Create again would meet the existing number.`,
			error.description,
		]
			.filter(Boolean)
			.join('\n');
	}
	return error;
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const phoneNumber = requiredText.call(
			this,
			'phoneNumber',
			itemIndex,
			'Enter the phone number of the new contact',
			'Phone Number takes the number with its country prefix, e.g. 48500000000.',
		);
		const phoneProblem = contactPhoneProblem(phoneNumber);
		if (phoneProblem) {
			throw new NodeOperationError(this.getNode(), phoneProblem, {
				itemIndex,
				description:
					'Nothing was created. Phone Number takes one number with its country prefix, e.g. 48500000000.',
			});
		}
		const additionalFields = this.getNodeParameter(
			'additionalFields',
			itemIndex,
			{},
		) as IDataObject;
		// Group ids (or names, as workflows saved earlier have them), resolved before anything is created.
		const groupIds = await resolveGroupIds.call(this, itemIndex, additionalFields.groups);
		const body = {
			...toContactBody({ ...additionalFields, phoneNumber }),
			...(await customFieldBody.call(
				this,
				itemIndex,
				additionalFields.customFields,
				'Nothing was created.',
			)),
		};
		let contact: IDataObject;
		try {
			const { data } = await smsapiApiRequest.call(this, {
				method: 'POST',
				endpoint: 'contacts',
				body,
				safeToRepeat: false,
				itemIndex,
			});
			contact = data as IDataObject;
		} catch (error) {
			throw explainConflict(error, String(body.phone_number));
		}
		if (groupIds.length === 0) return contact;
		try {
			return await applyGroups.call(this, itemIndex, contact, groupIds, { removeOthers: false });
		} catch (error) {
			throw explainPartial(error, String(contact.id));
		}
	});
}
