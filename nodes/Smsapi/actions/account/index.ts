import type { INodeProperties } from 'n8n-workflow';

import * as getBalance from './getBalance.operation';
import * as getProfile from './getProfile.operation';

export { getBalance, getProfile };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Balance',
				value: 'getBalance',
				description: 'Return the credits (points) left on the account',
				action: 'Get the account balance',
			},
			{
				name: 'Get Profile',
				value: 'getProfile',
				description: 'Return the account profile: name, e-mail, username, payment type and credits',
				action: 'Get the account profile',
			},
		],
		default: 'getProfile',
	},
	...getBalance.description,
	...getProfile.description,
];
