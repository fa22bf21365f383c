import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account';
import { router } from './actions/router';
import * as sms from './actions/sms';
import { loadOptions } from './methods';

export class Smsapi implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSAPI',
		name: 'smsapi',
		icon: { light: 'file:../../icons/smsapi.svg', dark: 'file:../../icons/smsapi.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Send SMS with failover and batching, look up numbers, manage contacts, sub-users and sender names with SMSAPI',
		defaults: { name: 'SMSAPI' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'smsapiApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'SMS', value: 'sms' },
				],
				default: 'sms',
			},
			...sms.description,
			...account.description,
		],
	};

	methods = { loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
