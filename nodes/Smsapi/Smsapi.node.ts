import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account';
import * as contact from './actions/contact';
import * as emailGateway from './actions/emailGateway';
import * as hlr from './actions/hlr';
import * as price from './actions/price';
import { router } from './actions/router';
import * as sender from './actions/sender';
import * as sms from './actions/sms';
import * as subuser from './actions/subuser';
import { listSearch, loadOptions } from './methods';

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
		// n8n versions that redact node-declared fields hide these in saved executions (the gateway login).
		sensitiveOutputFields: emailGateway.sensitiveOutputFields,
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Contact', value: 'contact' },
					{ name: 'E-Mail Gateway', value: 'emailGateway' },
					{ name: 'Number Lookup (HLR)', value: 'hlr' },
					{ name: 'Price', value: 'price' },
					{ name: 'Sender Name', value: 'sender' },
					{ name: 'SMS', value: 'sms' },
					{ name: 'Sub-User', value: 'subuser' },
				],
				default: 'sms',
			},
			...sms.description,
			...account.description,
			...hlr.description,
			...contact.description,
			...subuser.description,
			...sender.description,
			...price.description,
			...emailGateway.description,
		],
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
