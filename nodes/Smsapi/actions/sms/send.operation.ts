import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { maxParallelRequestsOption, maxRecipientsOption } from '../../items/runOptions';
import type { SendChannel } from '../../send/channel';
import {
	HIDE_WITH_TEMPLATE,
	messageField,
	neutralizeMacrosOption,
	toField,
	withOwnOptions,
} from '../../send/fields';
import { executeSends } from '../../send/executeSends';
import { sendOptions } from '../../send/sendOptions';
import { SmsItemReader } from './sendItem';

const textsAsTemplateOption: INodeProperties = {
	displayName: 'Personalised Texts as One Template',
	name: 'textsAsTemplate',
	type: 'boolean',
	default: true,
	description:
		'Whether items whose Message expression gives each item its own text travel as one template with a value per recipient, 100 recipients per request, instead of a request per item. Every recipient receives exactly the text of its item. A text that cannot go that way (an empty value, a value with | or a line break or space at an end, a text with [%, special characters the fixed text lacks) goes as it is. On by default from node version 1.2.',
};

/** To and Message of an SMS send (Send, Send and Wait for Delivery). */
export const recipientsAndText: INodeProperties[] = [
	toField,
	{ ...messageField, displayOptions: HIDE_WITH_TEMPLATE },
];

const properties: INodeProperties[] = [
	...recipientsAndText,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: withOwnOptions(sendOptions, [
			maxParallelRequestsOption,
			maxRecipientsOption,
			neutralizeMacrosOption,
			textsAsTemplateOption,
		]),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

/**
 * An SMS send: each item's To, Message and Options read and checked once (sendItem.ts); the
 * sending core (send/executeSends.ts) batches the items into `sms.do` requests (personalised texts as one
 * template where they can: send/routing.ts decides), guards them with idx values, sends them
 * failover-safe and hands each item its messages.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	// One reader per run: what is the same for every item is read and checked once.
	const reader = new SmsItemReader(this);
	const sms: SendChannel = {
		endpoint: 'sms.do',
		readItem: (itemIndex) => reader.read(itemIndex),
		messageAsTemplate: true,
	};
	return await executeSends.call(this, items, sms);
}
