import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';

export { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['vms'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				description:
					'Call one or more numbers and read out a text (text to speech) or play an audio file; items are batched and never called twice, as SMS sends are',
				action: 'Send a voice message',
			},
		],
		default: 'send',
	},
	...send.description,
];
