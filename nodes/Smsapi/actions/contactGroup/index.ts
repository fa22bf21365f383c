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
		displayOptions: { show: { resource: ['contactGroup'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Create a group of the contacts database (add contacts to it with Contact → Add to Group)',
				action: 'Create a contact group',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a group; its contacts stay in the database unless chosen otherwise',
				action: 'Delete a contact group',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Return one group with its number of contacts',
				action: 'Get a contact group',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the groups of the contacts database with their numbers of contacts',
				action: 'Get many contact groups',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a group's name, description, idx or contact expiry",
				action: 'Update a contact group',
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
