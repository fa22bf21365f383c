import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account';
import * as blacklist from './actions/blacklist';
import * as contact from './actions/contact';
import * as contactField from './actions/contactField';
import * as contactGroup from './actions/contactGroup';
import * as emailGateway from './actions/emailGateway';
import * as hlr from './actions/hlr';
import * as mms from './actions/mms';
import * as oneTimeCode from './actions/oneTimeCode';
import * as optOut from './actions/optOut';
import * as price from './actions/price';
import * as rcs from './actions/rcs';
import { router } from './actions/router';
import * as sender from './actions/sender';
import * as shortLink from './actions/shortLink';
import * as sms from './actions/sms';
import * as subuser from './actions/subuser';
import * as template from './actions/template';
import * as vms from './actions/vms';
import { answerWebhooks, resumeOnAnswer } from './approval/answerWebhook';
import { reportWebhooks, resumeOnReport } from './delivery/reportWebhook';
import { listSearch, loadOptions } from './methods';
import { routeWaitingCall } from './wait/route';

/**
 * Restart webhooks only, for executions waiting in SMS → Send and Wait for Delivery (its resume
 * address) and SMS → Send and Wait for Approval (its answer link, at the node's id as n8n's own
 * Send and Wait operations have it: n8n 2.x then offers the node as an AI Agent's Human review
 * tool). Nothing is registered at the service.
 */
const waitingWebhooks = [...reportWebhooks, ...answerWebhooks];

export class Smsapi implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'SMSAPI',
		name: 'smsapi',
		icon: { light: 'file:../../icons/smsapi.svg', dark: 'file:../../icons/smsapi.dark.svg' },
		group: ['output'],
		// 1.1: the e-mail gateway takes its login from the credential only when asked to (Take Login
		// From Credential); workflows saved with version 1 keep taking it (docs: SECURITY.md).
		// 1.2: personalised texts travel as one template (SMS → Send, Personalised Texts as One
		// Template); workflows saved before keep one request per text unless they switch it on.
		version: [1, 1.1, 1.2],
		defaultVersion: 1.2,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Send SMS, MMS, RCS, voice messages and one-time codes with failover and batching, look up numbers, manage contacts, groups, templates, short links, the blacklist, opt-outs, contact fields, sub-users and sender names with SMSAPI',
		defaults: { name: 'SMSAPI' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'smsapiApi', required: true }],
		webhooks: waitingWebhooks,
		waitingNodeTooltip:
			'={{ $parameter["operation"] === "sendAndWait" ? "Execution will continue after the person answers on the page of the SMS link" : "" }}',
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
					{ name: 'Blacklist', value: 'blacklist' },
					{ name: 'Contact', value: 'contact' },
					{ name: 'Contact Field', value: 'contactField' },
					{ name: 'Contact Group', value: 'contactGroup' },
					{ name: 'E-Mail Gateway', value: 'emailGateway' },
					{ name: 'Multimedia Message (MMS)', value: 'mms' },
					{ name: 'Number Lookup (HLR)', value: 'hlr' },
					{ name: 'One-Time Code (MFA)', value: 'oneTimeCode' },
					{ name: 'Opt-Out', value: 'optOut' },
					{ name: 'Price', value: 'price' },
					{ name: 'RCS Message', value: 'rcs' },
					{ name: 'Sender Name', value: 'sender' },
					{ name: 'Short Link', value: 'shortLink' },
					{ name: 'SMS', value: 'sms' },
					{ name: 'Sub-User', value: 'subuser' },
					{ name: 'Template', value: 'template' },
					{ name: 'Voice Message (VMS)', value: 'vms' },
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
			...oneTimeCode.description,
			...blacklist.description,
			...contactGroup.description,
			...template.description,
			...shortLink.description,
			...mms.description,
			...vms.description,
			...optOut.description,
			...contactField.description,
			...rcs.description,
		],
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await routeWaitingCall.call(this, {
			sendAndWait: resumeOnAnswer,
			sendAndWaitForDelivery: resumeOnReport,
		});
	}
}
