import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['price'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description:
					'Return the price of an SMS per country and mobile network, with its currency where the service tells it',
				action: 'Get the price list',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
