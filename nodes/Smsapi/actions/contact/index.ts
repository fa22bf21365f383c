import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export { create, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Add a contact to the contacts database',
				action: 'Create a contact',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List contacts of the contacts database, with search, filters and sorting',
				action: 'Get many contacts',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change fields of an existing contact',
				action: 'Update a contact',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...getMany.description,
	...update.description,
];
