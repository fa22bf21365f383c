import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as clear from './clear.operation';
import * as getMany from './getMany.operation';
import * as remove from './remove.operation';

export { add, clear, getMany, remove };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['blacklist'] } },
		options: [
			{
				name: 'Add Number',
				value: 'add',
				description:
					'Put a phone number on the blacklist so that it gets no more messages from the account (e.g. after a STOP reply)',
				action: 'Add a number to the blacklist',
			},
			{
				name: 'Clear',
				value: 'clear',
				description: 'Remove every number from the blacklist',
				action: 'Clear the blacklist',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the blacklisted numbers, optionally only those containing a text',
				action: 'Get many blacklisted numbers',
			},
			{
				name: 'Remove Number',
				value: 'remove',
				description: 'Take a phone number off the blacklist',
				action: 'Remove a number from the blacklist',
			},
		],
		default: 'add',
	},
	...add.description,
	...clear.description,
	...getMany.description,
	...remove.description,
];
