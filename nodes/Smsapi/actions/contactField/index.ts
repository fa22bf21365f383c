import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as getMany from './getMany.operation';
import * as getOptions from './getOptions.operation';
import * as update from './update.operation';

export { create, del as delete, getMany, getOptions, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contactField'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a custom field of the contacts database with a name and a type',
				action: 'Create a contact field',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a custom field and the values contacts have in it',
				action: 'Delete a contact field',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the custom fields of the contacts database with their IDs and types',
				action: 'Get many contact fields',
			},
			{
				name: 'Get Options',
				value: 'getOptions',
				description: 'List the choices of a field with fixed values',
				action: 'Get the options of a contact field',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Rename a custom field',
				action: 'Update a contact field',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...del.description,
	...getMany.description,
	...getOptions.description,
	...update.description,
];
