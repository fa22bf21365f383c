import type { INodeProperties } from 'n8n-workflow';

import * as calculate from './calculate.operation';
import * as deleteScheduled from './deleteScheduled.operation';
import * as send from './send.operation';
import * as sendAndWaitForDelivery from './sendAndWaitForDelivery.operation';
import * as sendAndWait from './sendAndWait.operation';
import * as sendToGroup from './sendToGroup.operation';

export { calculate, deleteScheduled, send, sendAndWait, sendAndWaitForDelivery, sendToGroup };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [
			{
				name: 'Calculate',
				value: 'calculate',
				description: 'Count characters, parts and cost of a text offline, without sending',
				action: 'Calculate the parts and cost of a message',
			},
			{
				name: 'Delete Scheduled',
				value: 'deleteScheduled',
				description: 'Cancel messages scheduled for later',
				action: 'Delete scheduled messages',
			},
			{
				name: 'Send',
				value: 'send',
				description:
					'Send an SMS to one or more numbers: bulk, template, scheduled, fast, flash, test, personalised with [%1%]–[%4%], discount codes, short links',
				action: 'Send an SMS',
			},
			{
				name: 'Send and Wait for Approval',
				value: 'sendAndWait',
				description:
					"Send an SMS with a link to one number and pause the execution until the person answers on its page (approve, decline, text or a form), or a time limit runs out; also the AI Agent's Human review tool",
				action: 'Send an SMS and wait for an answer',
			},
			{
				name: 'Send and Wait for Delivery',
				value: 'sendAndWaitForDelivery',
				description:
					'Send an SMS to one number and pause the execution until its final delivery report arrives (or a time limit runs out); then branch on "delivered"',
				action: 'Send an SMS and wait for its delivery report',
			},
			{
				name: 'Send to Group',
				value: 'sendToGroup',
				description: 'Send an SMS to every contact of a contacts-database group',
				action: 'Send an SMS to a contact group',
			},
		],
		default: 'send',
	},
	...send.description,
	...sendAndWait.description,
	...sendAndWaitForDelivery.description,
	...sendToGroup.description,
	...deleteScheduled.description,
	...calculate.description,
];
