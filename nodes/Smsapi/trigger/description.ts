import type { INodeProperties, IWebhookDescription } from 'n8n-workflow';

import { DEFAULT_DEDUPE_LIMITS } from './dedupe';
import { EVENT_INFO, httpMethodExpression, subtitleExpression } from './events';
import type { CallbackEvent } from './parse';
import { DELIVERY_STATUSES } from './statuses';

const eventOptions = (Object.entries(EVENT_INFO) as Array<[CallbackEvent, (typeof EVENT_INFO)[CallbackEvent]]>)
	.map(([value, info]) => ({ name: info.name, value, description: info.description }))
	.sort((a, b) => a.name.localeCompare(b.name));

const statusOptions = [...DELIVERY_STATUSES]
	.sort((a, b) => a.name.localeCompare(b.name))
	.map((status) => ({
		name: `${status.name} (${status.code})`,
		value: status.name,
		description: `${status.description}${status.final ? ' (final)' : ''}`,
	}));

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'SMSAPI calls the webhook URL shown above, which ends with the event (/dlr, /mo, /hlr, /click or /bulk): the Test URL while you listen for a test event, the Production URL once the workflow is active. With "Register URL at SMSAPI" on (the default) the node registers that URL, secret included, for the event when the workflow is activated and removes it when deactivated. Otherwise paste the URL into the callback settings of the SMSAPI portal, or pass it as notify_url when sending, and if Secret is not empty append ?secret= and the secret, for example https://n8n.example.com/webhook/…/dlr?secret=YOUR_SECRET.',
		name: 'callbackUrlNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		required: true,
		options: eventOptions,
		default: 'dlr',
		description: 'Which callback of SMSAPI starts the workflow; each event has its own URL',
	},
	{
		displayName: 'Secret',
		name: 'secret',
		type: 'string',
		typeOptions: { password: true },
		// A per-node random value without hidden state: the node's ID is a random UUID that n8n
		// creates with the node and that, unlike the webhook ID, is not part of the URL.
		default: '={{ $nodeId }}',
		description:
			"Callbacks must carry this value as the query parameter secret (…/dlr?secret=…); callbacks without it are refused with HTTP 403 and start nothing. The default is this node's ID, a random value n8n creates with the node. Enter your own value to paste the URL by hand, or clear the field to accept callbacks without a secret.",
	},
	{
		displayName: 'Deduplicate',
		name: 'deduplicate',
		type: 'boolean',
		default: true,
		description: `Whether to start the workflow only once per report when SMSAPI sends the same report again (it repeats a callback until it gets OK). The node remembers the last ${String(DEFAULT_DEDUPE_LIMITS.capacity).replace(/\B(?=(\d{3})+$)/g, ',')} reports for ${DEFAULT_DEDUPE_LIMITS.ttlSeconds / 86400} days (calls to the Test URL are not remembered).`,
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { event: ['dlr'] } },
		options: [
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: statusOptions,
				default: [],
				description:
					'Only reports with one of these statuses start the workflow, for example only the final ones. None selected: every status.',
			},
		],
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { event: ['mo'] } },
		options: [
			{
				displayName: 'Keyword Match',
				name: 'keywordMatch',
				type: 'options',
				options: [
					{ name: 'Contains', value: 'contains', description: 'The message contains a keyword anywhere' },
					{ name: 'Starts With', value: 'startsWith', description: 'The message starts with a keyword' },
				],
				default: 'startsWith',
				description: 'How the keywords are matched (always case-insensitive)',
			},
			{
				displayName: 'Keywords',
				name: 'keywords',
				type: 'string',
				default: '',
				placeholder: 'STOP, START',
				description: 'Only messages matching one of these keywords start the workflow. Separate several with commas.',
			},
			{
				displayName: 'Sender Numbers',
				name: 'senders',
				type: 'string',
				default: '',
				placeholder: '48500000000, +48 600 000 000',
				description:
					'Only messages from these senders start the workflow. Separate several with commas; +48 500…, 0048500… and 48500… are the same number.',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Account Usernames',
				name: 'usernames',
				type: 'string',
				default: '',
				placeholder: 'my_account, my_account_subuser',
				description:
					'Only callbacks whose username is one of these (comma-separated) are accepted; others are refused with HTTP 403. Bulk starts and lookup results carry no username and are checked only when they do.',
			},
			{
				displayName: 'IP Allowlist',
				name: 'allowedIps',
				type: 'string',
				default: '',
				placeholder: '203.0.113.10, 198.51.100.0/24, 2001:db8::/32',
				description:
					"Only callbacks from these addresses or CIDR ranges (IPv4 or IPv6, comma-separated) are accepted; others are refused with HTTP 403. The address is the one n8n sees: behind a reverse proxy set N8N_PROXY_HOPS so it is the caller's, not the proxy's. SMSAPI lists its callback addresses in its portal.",
			},
			{
				displayName: 'Register URL at SMSAPI',
				name: 'registerCallback',
				type: 'boolean',
				default: true,
				description:
					"Whether to register this node's URL (with the secret) in the account's callback settings on activation and remove it on deactivation. Accounts without that interface are left alone. Turn off to leave callback URLs managed in the SMSAPI portal untouched.",
			},
		],
	},
];

export const triggerSubtitle = subtitleExpression();

/** The node's single webhook: its path and method follow the chosen event. */
export const triggerWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: httpMethodExpression(),
		// The webhook writes every answer itself (`OK`, or the refusal) and returns
		// `noWebhookResponse` (see handler.ts). Should n8n ever answer for it, it answers `OK`
		// right away: without `responseData`, n8n's `onReceived` answer is the text "firstEntryJson".
		responseMode: 'onReceived',
		responseData: 'OK',
		path: '={{ $parameter["event"] }}',
	},
];
