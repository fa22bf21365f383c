import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';

export { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['mms'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				description:
					'Send an MMS (a picture from a public address, or a SMIL document) with a subject to one or more numbers; items are batched and never sent twice, as SMS sends are',
				action: 'Send an MMS',
			},
		],
		default: 'send',
	},
	...send.description,
];
