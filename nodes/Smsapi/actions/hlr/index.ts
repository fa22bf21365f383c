import type { INodeProperties } from 'n8n-workflow';

import * as lookup from './lookup.operation';

export { lookup };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['hlr'] } },
		options: [
			{
				name: 'Lookup',
				value: 'lookup',
				description:
					'Check whether phone numbers are valid and reachable (HLR); detailed results arrive at the SMSAPI Trigger',
				action: 'Look up phone numbers',
			},
		],
		default: 'lookup',
	},
	...lookup.description,
];
