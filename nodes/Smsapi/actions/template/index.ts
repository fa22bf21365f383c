import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export { create, del as delete, get, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['template'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Create an SMS template; SMS → Send uses it by name, with Param 1–4 filling [%1%] to [%4%]',
				action: 'Create a template',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete an SMS template',
				action: 'Delete a template',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Return one SMS template with its text',
				action: 'Get a template',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the SMS templates of the account',
				action: 'Get many templates',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a template's name, text or normalization",
				action: 'Update a template',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...update.description,
];
