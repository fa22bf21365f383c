import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getClicks from './getClicks.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export { create, del as delete, getClicks, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shortLink'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Create a tracked short link (idz.do) to an address, optionally named and expiring',
				action: 'Create a short link',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a short link',
				action: 'Delete a short link',
			},
			{
				name: 'Get Clicks',
				value: 'getClicks',
				description:
					'List the clicks of short links in a date range: who opened which link, when, on which device',
				action: 'Get clicks of short links',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the short links with their click counts',
				action: 'Get many short links',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a short link's address, name or description",
				action: 'Update a short link',
			},
		],
		default: 'create',
	},
	...create.description,
	...del.description,
	...getClicks.description,
	...getMany.description,
	...update.description,
];
