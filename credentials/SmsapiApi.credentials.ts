import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import {
	applySmsapiAuthentication,
	credentialTestRules,
	primaryBaseUrlExpression,
} from './SmsapiApiHelpers';

export class SmsapiApi implements ICredentialType {
	name = 'smsapiApi';

	displayName = 'SMSAPI API';

	documentationUrl = 'https://www.smsapi.com/docs/';

	icon: Icon = { light: 'file:../icons/smsapi.svg', dark: 'file:../icons/smsapi.dark.svg' };

	properties: INodeProperties[] = [
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'Access Token (OAuth Bearer)',
					value: 'token',
					description:
						'Recommended. A token generated in the SMSAPI portal, sent as a bearer token.',
				},
				{
					name: 'Username and Password (Earlier Variant)',
					value: 'legacy',
					description:
						'The earlier login: API username and password, the password sent as its md5 hash.',
				},
			],
			default: 'token',
		},
		{
			displayName: 'Access Token',
			name: 'token',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'The token from the SMSAPI portal (API settings, OAuth tokens). Give it the permissions the workflows need.',
			displayOptions: { show: { authentication: ['token'] } },
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			required: true,
			default: '',
			description: 'The API username of the account or sub-user.',
			displayOptions: { show: { authentication: ['legacy'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			hint: 'The plain API password or its md5. A value of 32 hex characters is taken as already hashed.',
			description: 'The API password; it is sent only as its md5 hash.',
			displayOptions: { show: { authentication: ['legacy'] } },
		},
		{
			displayName: 'Platform',
			name: 'platform',
			type: 'options',
			options: [
				{
					name: 'SMSAPI.com (api.smsapi.com, Backup api2.smsapi.com)',
					value: 'com',
					description: 'Accounts created at smsapi.com.',
				},
				{
					name: 'SMSAPI.pl (api.smsapi.pl, Backup api2.smsapi.pl)',
					value: 'pl',
					description: 'Accounts created at smsapi.pl.',
				},
				{
					name: 'smsapi.io (Both Regions, No Backup)',
					value: 'io',
					description: 'The shared address serving accounts of every region.',
				},
				{
					name: 'Custom',
					value: 'custom',
					description: 'Own addresses, for example a local emulator or a proxy.',
				},
			],
			default: 'com',
			description:
				'Where the account lives. A token works only on its own platform: a SMSAPI.com token is refused by SMSAPI.pl.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. http://localhost:8080',
			description: 'The primary address the requests go to.',
			displayOptions: { show: { platform: ['custom'] } },
		},
		{
			displayName: 'Backup URL',
			name: 'backupUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://localhost:8081',
			description:
				'Optional. A secondary address mirroring the primary one, used when the primary is unavailable.',
			displayOptions: { show: { platform: ['custom'] } },
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 300 },
			default: 30,
			description:
				'How long to wait for an answer from the service before trying the backup address or failing. A send that timed out may still have been accepted: it is repeated on the backup only when its idx guards it (check_idx), so nobody gets a message twice.',
		},
	];

	authenticate: IAuthenticate = async (credentials, requestOptions) =>
		applySmsapiAuthentication(credentials, requestOptions);

	test: ICredentialTestRequest = {
		request: {
			baseURL: primaryBaseUrlExpression(),
			url: '/user.do',
			method: 'GET',
			qs: { credits: 1, format: 'json' },
			json: true,
		},
		// The earlier-variant endpoints answer a failed login with HTTP 200 and an error code in
		// the body; these rules turn such answers into a failed test.
		rules: credentialTestRules(),
	};
}
