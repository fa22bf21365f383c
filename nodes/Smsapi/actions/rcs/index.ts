import type { INodeProperties } from 'n8n-workflow';

import { rcsList } from './lists';
import * as send from './send.operation';

/** `GET /rcs/messages`: the RCS messages the user sent. */
export const getManyMessages = rcsList('getManyMessages', 'rcs/messages');
/** `GET /rcs/senders`: the RCS senders the user may send from. */
export const getSenders = rcsList('getSenders', 'rcs/senders');

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

export { send };
