import type { INodeProperties } from 'n8n-workflow';

import * as getManyMessages from './getManyMessages.operation';
import * as getSenders from './getSenders.operation';
import * as send from './send.operation';

export { getManyMessages, getSenders, send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['rcs'] } },
		options: [
			{
				name: 'Get Many Messages',
				value: 'getManyMessages',
				description: 'List the RCS messages sent, with when each was sent, delivered and read',
				action: 'Get many RCS messages',
			},
			{
				name: 'Get Senders',
				value: 'getSenders',
				description: 'List the RCS senders (agents) the account may send from',
				action: 'Get RCS senders',
			},
			{
				name: 'Send',
				value: 'send',
				description:
					'Send one RCS message (text or RCS JSON) from a verified sender; never repeated when its outcome is unknown',
				action: 'Send an RCS message',
			},
		],
		default: 'send',
	},
	...send.description,
	...getManyMessages.description,
	...getSenders.description,
];
