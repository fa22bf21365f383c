import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as deleteSender from './delete.operation';
import * as getMany from './getMany.operation';
import * as getStatement from './getStatement.operation';
import * as getStatus from './getStatus.operation';
import * as setDefault from './setDefault.operation';

export { add, deleteSender as delete, getMany, getStatement, getStatus, setDefault };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sender'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Register a new sender name; it can be used once SMSAPI has verified it',
				action: 'Add a sender name',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Remove a sender name from the account',
				action: 'Delete a sender name',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description:
					'List the sender names of the account with their status and which is the default',
				action: 'Get many sender names',
			},
			{
				name: 'Get Statement',
				value: 'getStatement',
				description:
					'Return the statement SMSAPI asks you to accept for a new sender name (access token logins)',
				action: 'Get the sender name statement',
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				description: 'Return whether a sender name is active and whether it is the default',
				action: 'Get the status of a sender name',
			},
			{
				name: 'Set Default',
				value: 'setDefault',
				description: 'Make an active sender name the default, used when a message names no sender',
				action: 'Set the default sender name',
			},
		],
		default: 'getMany',
	},
	...add.description,
	...deleteSender.description,
	...getMany.description,
	...getStatement.description,
	...getStatus.description,
	...setDefault.description,
];
