import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { mapItems } from '../../items/loop';
import { requiredPhoneNumber } from '../../items/phoneNumber';
import { smsapiApiRequest } from '../../transport';
import { optionsCollection, phoneNumberInput } from '../commonFields';

/** The service puts the code where the text has this placeholder (`CustomMessageContent`). */
export const CODE_PLACEHOLDER = '[%code%]';

const properties: INodeProperties[] = [
	phoneNumberInput(
		'The mobile number that receives the one-time code by SMS, with its country prefix (phone_number). The service generates the code and remembers it for this number; Verify Code checks it.',
	),
	optionsCollection([
		{
			displayName: 'Content',
			name: 'content',
			type: 'string',
			default: '',
			placeholder: 'e.g. Your login code: [%code%]',
			description:
				"The SMS text (content); it must contain [%code%], where the service puts the code. Empty: the service's own text.",
		},
		{
			displayName: 'Fast',
			name: 'fast',
			type: 'boolean',
			default: true,
			description:
				'Whether the SMS goes with the highest priority (fast, on unless turned off; it costs more)',
		},
		{
			displayName: 'Include Code in Output',
			name: 'includeCode',
			type: 'boolean',
			default: false,
			description:
				'Whether the output carries the generated code. Off by default: the code is for the phone owner, and an AI agent or a log that sees it could give it away.',
		},
		{
			displayName: 'Sender Name or ID',
			name: 'from',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getSenderNames' },
			default: '',
			description:
				'The sender name of the SMS (from). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['oneTimeCode'], operation: ['send'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const phoneNumber = requiredPhoneNumber.call(this, 'phoneNumber', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body: IDataObject = { phone_number: phoneNumber };
		const content = String(options.content ?? '').trim();
		if (content !== '') {
			if (!content.includes(CODE_PLACEHOLDER)) {
				throw new NodeOperationError(this.getNode(), `Content must contain ${CODE_PLACEHOLDER}`, {
					itemIndex,
					description: `Nothing was sent. The service puts the code where the text says ${CODE_PLACEHOLDER}, e.g. "Your login code: ${CODE_PLACEHOLDER}".`,
				});
			}
			body.content = content;
		}
		if (typeof options.from === 'string' && options.from.trim() !== '')
			body.from = options.from.trim();
		if (options.fast !== undefined) body.fast = options.fast === true;
		// Sends a charged SMS: never repeated on the backup unless the first attempt provably never arrived.
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'mfa/codes',
			body,
			bodyFormat: 'json',
			safeToRepeat: false,
			itemIndex,
		});
		const answer = (data ?? {}) as IDataObject;
		const item: IDataObject = { ...answer, sent: true };
		if (options.includeCode !== true) delete item.code;
		return item;
	});
}
