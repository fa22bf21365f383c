import type { INodeProperties } from 'n8n-workflow';

import * as addToGroup from './addToGroup.operation';
import * as create from './create.operation';
import * as getMany from './getMany.operation';
import * as removeFromGroup from './removeFromGroup.operation';
import * as update from './update.operation';

export { addToGroup, create, getMany, removeFromGroup, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['contact'] } },
		options: [
			{
				name: 'Add to Group',
				value: 'addToGroup',
				description: 'Add a contact to a group of the contacts database',
				action: 'Add a contact to a group',
			},
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
				name: 'Remove From Group',
				value: 'removeFromGroup',
				description: 'Take a contact out of a group; the contact stays in the database',
				action: 'Remove a contact from a group',
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
	...addToGroup.description,
	...create.description,
	...getMany.description,
	...removeFromGroup.description,
	...update.description,
];
