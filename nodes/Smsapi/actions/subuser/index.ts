import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getShares from './getShares.operation';
import * as update from './update.operation';
import * as updateShares from './updateShares.operation';

export { create, del as delete, get, getMany, getShares, update, updateShares };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['subuser'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create a sub-user account with its own login, passwords and credit limits',
				action: 'Create a subuser',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a sub-user account and its login',
				action: 'Delete a subuser',
			},
			{
				name: 'Get',
				value: 'get',
				description: "Return a sub-user's limits, permissions and status",
				action: 'Get a subuser',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List every sub-user of the account',
				action: 'Get many subusers',
			},
			{
				name: 'Get Shares',
				value: 'getShares',
				description:
					"Return which of the main user's sender names or templates a sub-user may use (access token logins)",
				action: 'Get the shares of a subuser',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a sub-user's passwords, limits, permissions or status",
				action: 'Update a subuser',
			},
			{
				name: 'Update Shares',
				value: 'updateShares',
				description:
					"Set which of the main user's sender names or templates a sub-user may use (access token logins)",
				action: 'Update the shares of a subuser',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...getShares.description,
	...update.description,
	...updateShares.description,
];
