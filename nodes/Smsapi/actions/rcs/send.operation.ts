import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, jsonParse, updateDisplayOptions } from 'n8n-workflow';

import { characterCount } from '../../helpers/values';
import { mapItems } from '../../items/loop';
import { requiredPhoneNumber } from '../../items/phoneNumber';
import { smsapiApiRequest } from '../../transport';
import { phoneNumberInput } from '../commonFields';

/** The published limit of `text` (panel_com.yml `SendRcsMessage.text.maxLength`). */
export const RCS_TEXT_MAX = 3072;
/** A sender is named by its object id (`SendRcsMessage.sender`: `Id`, 24 hex digits). */
const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

const properties: INodeProperties[] = [
	{
		displayName: 'Sender Name or ID',
		name: 'sender',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getRcsSenders' },
		default: '',
		required: true,
		description:
			'The RCS sender (agent) the message comes from (sender), one the account may use. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	phoneNumberInput(
		'The number that receives the RCS message, with its country prefix (phone_number). One message per item.',
	),
	{
		displayName: 'Content',
		name: 'contentType',
		type: 'options',
		options: [
			{
				name: 'RCS JSON',
				value: 'content',
				description: 'A message in RCS JSON format (cards, carousels, suggestions), sent as it is',
			},
			{ name: 'Text', value: 'text', description: 'A plain text the service turns into RCS' },
		],
		default: 'text',
		description: 'What the message carries',
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. Your parcel arrives today.',
		description: `The text of the message (text), at most ${RCS_TEXT_MAX} characters`,
		displayOptions: { show: { contentType: ['text'] } },
	},
	{
		displayName: 'RCS JSON',
		name: 'content',
		type: 'json',
		default: '{\n  "text": "Hello!"\n}',
		required: true,
		description: "The message in the service's RCS JSON format (content): an object",
		displayOptions: { show: { contentType: ['content'] } },
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['rcs'], operation: ['send'] } },
	properties,
);

function refuse(this: IExecuteFunctions, itemIndex: number, message: string, why = ''): never {
	throw new NodeOperationError(this.getNode(), message, {
		itemIndex,
		description: `Nothing was sent for this item.${why ? ` ${why}` : ''}`,
	});
}

/** The item's text or RCS JSON, checked before anything is sent. */
function readContent(this: IExecuteFunctions, itemIndex: number): IDataObject {
	if (this.getNodeParameter('contentType', itemIndex, 'text') === 'content') {
		const raw = this.getNodeParameter('content', itemIndex, '') as unknown;
		let content: unknown = raw;
		if (typeof raw === 'string') {
			try {
				content = jsonParse(raw);
			} catch {
				refuse.call(this, itemIndex, 'RCS JSON is not valid JSON');
			}
		}
		if (typeof content !== 'object' || content === null || Array.isArray(content)) {
			refuse.call(this, itemIndex, 'RCS JSON must be an object', 'For example {"text": "Hello!"}.');
		}
		return { content: content as IDataObject };
	}
	// Sent as typed; the limit counts characters (code points), as the published maxLength does.
	const text = String(this.getNodeParameter('text', itemIndex, '') ?? '');
	if (text.trim() === '') refuse.call(this, itemIndex, 'Enter the text of the RCS message');
	const characters = characterCount(text);
	if (characters > RCS_TEXT_MAX) {
		refuse.call(
			this,
			itemIndex,
			`The text has ${characters} characters, more than the ${RCS_TEXT_MAX} an RCS message takes`,
		);
	}
	return { text };
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		const sender = String(this.getNodeParameter('sender', itemIndex, '') ?? '').trim();
		if (!OBJECT_ID.test(sender)) {
			refuse.call(
				this,
				itemIndex,
				`Not an RCS sender id: "${sender}"`,
				'Choose the sender from the list (its id is 24 hexadecimal digits; RCS → Get Senders lists them).',
			);
		}
		const phoneNumber = requiredPhoneNumber.call(this, 'phoneNumber', itemIndex);
		const body: IDataObject = {
			phone_number: phoneNumber,
			sender,
			...readContent.call(this, itemIndex),
		};
		// The published RCS send has no idx to guard a repeat: it is repeated (on the backup) only
		// when the failure proves the service never got it (transport/failover.ts).
		const { data } = await smsapiApiRequest.call(this, {
			method: 'POST',
			endpoint: 'rcs/messages',
			body,
			bodyFormat: 'json',
			safeToRepeat: false,
			// REST only: the username/password login is refused before anything is sent (tokenOnly.ts).
			tokenOnly: true,
			itemIndex,
		});
		return { ...((data ?? {}) as IDataObject), phone_number: phoneNumber, sender, sent: true };
	});
}
