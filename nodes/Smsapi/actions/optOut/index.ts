import type { INodeProperties } from 'n8n-workflow';

import * as del from './delete.operation';
import * as getMany from './getMany.operation';
import * as getSettings from './getSettings.operation';
import * as updateSettings from './updateSettings.operation';

export { del as delete, getMany, getSettings, updateSettings };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['optOut'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete an opt-out entry by its ID: campaigns reach the number again',
				action: 'Delete an opt out',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description:
					'List who opted out of marketing messages (the opt-out link) and when, optionally for one number',
				action: 'Get many opt outs',
			},
			{
				name: 'Get Settings',
				value: 'getSettings',
				description: 'Return the opt-out settings: the brand the opt-out page shows',
				action: 'Get the opt out settings',
			},
			{
				name: 'Update Settings',
				value: 'updateSettings',
				description: 'Set the brand the opt-out page shows',
				action: 'Update the opt out settings',
			},
		],
		default: 'getMany',
	},
	...del.description,
	...getMany.description,
	...getSettings.description,
	...updateSettings.description,
];
