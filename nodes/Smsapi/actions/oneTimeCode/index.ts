import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';
import * as verify from './verify.operation';

export { send, verify };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['oneTimeCode'] } },
		options: [
			{
				name: 'Send Code',
				value: 'send',
				description:
					'Text a one-time code (two-factor authentication) to a mobile number; the service generates and remembers it. Then ask the person for the code and check it with Verify Code.',
				action: 'Send a one time code',
			},
			{
				name: 'Verify Code',
				value: 'verify',
				description:
					'Check the code a person entered against the one sent to their number: answers valid true or false (wrong or expired), never an error for a wrong code. A correct code is used up.',
				action: 'Verify a one time code',
			},
		],
		default: 'send',
	},
	...send.description,
	...verify.description,
];
