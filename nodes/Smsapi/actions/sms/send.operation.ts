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
import { executeSends } from '../../send/run';
import { sendOptions } from '../../send/sendOptions';
import { SmsItemReader } from './sendItem';

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
		]),
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['send'] } },
	properties,
);

/**
 * An SMS send: each item's To, Message and Options read and checked once (sendItem.ts); the
 * sending core (send/run.ts) batches the items into `sms.do` requests, guards them with idx values,
 * sends them failover-safe and hands each item its messages.
 */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	// One reader per run: what is the same for every item is read and checked once.
	const reader = new SmsItemReader(this);
	const sms: SendChannel = { endpoint: 'sms.do', readItem: (itemIndex) => reader.read(itemIndex) };
	return await executeSends.call(this, items, sms);
}
