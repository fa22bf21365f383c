import type { INodeProperties } from 'n8n-workflow';

import * as compose from './compose.operation';

export { compose };

/**
 * Output fields that carry a credential: the subject is the account's legacy API login
 * (`username@md5(password)`), which works like the password itself.
 */
export const sensitiveOutputFields = ['subject'];

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['emailGateway'] } },
		options: [
			{
				name: 'Compose',
				value: 'compose',
				description:
					"Build the e-mail (address, subject, body) that sends an SMS through SMSAPI's e-mail gateway, for n8n's Send Email node",
				action: 'Compose an email gateway message',
			},
		],
		default: 'compose',
	},
	...compose.description,
];
