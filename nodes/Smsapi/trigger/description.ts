import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_COMBINE_MS, LONGEST_WAIT_FACTOR, MAX_COMBINE_WINDOW_MS } from './combine';
import { DEFAULT_DEDUPE_LIMITS } from './dedupe';
import { EVENT_INFO, subtitleExpression } from './events';
import type { TriggerEvent } from './events';
import { DELIVERY_STATUSES } from '../callbacks/statuses';

const eventOptions = (
	Object.entries(EVENT_INFO) as Array<[TriggerEvent, (typeof EVENT_INFO)[TriggerEvent]]>
)
	.map(([value, info]) => ({ name: info.name, value, description: info.description }))
	.sort((a, b) => a.name.localeCompare(b.name));

const statusOptions = [...DELIVERY_STATUSES]
	.sort((a, b) => a.name.localeCompare(b.name))
	.map((status) => ({
		name: `${status.name} (${status.code})`,
		value: status.name,
		description: `${status.description}${status.final ? ' (final)' : ''}`,
	}));

/** The Secret field: one per version group, each with its own default (below). */
const SECRET_FIELD = {
	displayName: 'Secret',
	name: 'secret',
	type: 'string',
	typeOptions: { password: true },
	default: '',
} as const;

/** "Combine Callbacks Within": version 2 counts from the first callback, version 3 from the latest. */
const COMBINE_FIELD = {
	displayName: 'Combine Callbacks Within (Milliseconds)',
	name: 'combineWithin',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: MAX_COMBINE_WINDOW_MS },
	default: DEFAULT_COMBINE_MS,
} as const;

export const triggerProperties: INodeProperties[] = [
	{
		displayName:
			'SMSAPI calls the Test URL above while you listen for a test event, the Production URL once the workflow is active.',
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
		hint: "Copy the URL as shown: it ends with the event, and with the Secret when there is one (…/dlr/YOUR_SECRET). With Register URL at SMSAPI on (Options) the node registers it on activation and removes it on deactivation; otherwise paste it into the SMSAPI portal's callback settings or pass it as notify_url. URLs registered earlier with ?secret= keep working.",
	},
	{
		...SECRET_FIELD,
		// A per-node random value without hidden state: the node's ID is a random UUID that n8n
		// creates with the node. Versions 1 and 2 only: an expression in any parameter makes n8n 2.x
		// evaluate the webhook's URL in its expression engine for every callback (webhookUrls.ts).
		default: '={{ $nodeId }}',
		displayOptions: { show: { '@version': [{ _cnd: { lte: 2 } }] } },
		description:
			"The last part of the webhook URL (…/dlr/YOUR_SECRET): a caller without it reaches nothing. The default is this node's ID, a random value n8n creates with the node. Letters, digits, - _ . ~ appear as they are; other characters are written differently in the URL, so copy the URL shown above. URLs registered earlier as …/dlr?secret=YOUR_SECRET are still accepted. Clear the field to accept callbacks without a secret; a Secret of spaces only, or an expression that resolves to nothing, refuses every callback and stops the activation.",
	},
	{
		...SECRET_FIELD,
		// Version 3: no expression by default, so that n8n 2.x resolves the webhook's URL without its
		// expression engine (docs/trigger.md, "Secret"). The URL still holds the node's webhook ID, a
		// random UUID n8n creates with the node, as n8n's own Webhook node does.
		default: '',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } },
		description:
			"Optional: a last part of the webhook URL of your own (…/dlr/YOUR_SECRET). A caller without it reaches nothing, and changing it retires the old URL. Without one the URL's webhook ID, a random value n8n creates with the node, is what a caller must know, as for n8n's own Webhook node. Letters, digits, - _ . ~ appear as they are; other characters are written differently in the URL, so copy the URL shown above. A fixed text keeps callbacks cheapest: an expression here is evaluated for every callback. A Secret of spaces only, or an expression that resolves to nothing, refuses every callback and stops the activation.",
	},
	{
		displayName: 'Receiver',
		name: 'receiver',
		type: 'options',
		displayOptions: { show: { event: ['mo', 'mmsMo'] } },
		options: [
			{
				name: 'All Numbers',
				value: 'all',
				description: 'Messages to any receiving number of the account',
			},
			{ name: 'One Number', value: 'number', description: 'Messages to one receiving number only' },
			{
				name: 'Two-Way Numbers',
				value: 'twoWay',
				description: 'Replies to messages sent from two-way (2WAY) numbers',
			},
		],
		default: 'all',
		description:
			'Which inbound messages SMSAPI sends to this URL (receiver_type of the registered callback)',
	},
	{
		displayName: 'Receiving Number Name or ID',
		name: 'receiverNumber',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getReceivingNumbers' },
		displayOptions: { show: { event: ['mo', 'mmsMo'], receiver: ['number'] } },
		default: '',
		required: true,
		description:
			'The receiving number whose messages start the workflow, from the account\'s numbers SMSAPI lists for callbacks. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Deduplicate',
		name: 'deduplicate',
		type: 'boolean',
		default: true,
		description: `Whether to start the workflow only once per report when SMSAPI sends the same report again (it repeats a callback until it gets OK). The node remembers the last ${String(DEFAULT_DEDUPE_LIMITS.capacity).replace(/\B(?=(\d{3})+$)/g, ',')} reports for ${DEFAULT_DEDUPE_LIMITS.ttlSeconds / 86400} days (calls to the Test URL are not remembered).`,
	},
	{
		...COMBINE_FIELD,
		displayOptions: { show: { '@version': [2] } },
		description:
			"Callbacks that arrive within this time of the first one start one execution together, one item per report in the order they came (each callback is still answered OK at once). A bulk campaign's reports come as a burst of callbacks: one execution per burst takes far less of n8n's CPU and memory than one per callback. 0 starts one execution per callback. Calls to the Test URL are never combined.",
	},
	{
		...COMBINE_FIELD,
		displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } },
		description: `Callbacks that arrive within this time of each other start one execution together, one item per report in the order they came (each callback is still answered OK at once): the execution starts once no callback has come for this long, at the latest ${LONGEST_WAIT_FACTOR} times this after the first. A bulk campaign's reports come as a burst of callbacks: one execution per burst takes far less of n8n's CPU and memory than one per callback. 0 starts one execution per callback. Calls to the Test URL are never combined.`,
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { event: ['dlr', 'mmsDlr', 'vmsDlr'] } },
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
		displayOptions: { show: { event: ['mo', 'mmsMo'] } },
		options: [
			{
				displayName: 'Keyword Match',
				name: 'keywordMatch',
				type: 'options',
				options: [
					{
						name: 'Contains',
						value: 'contains',
						description: 'The message contains a keyword anywhere',
					},
					{
						name: 'Starts With',
						value: 'startsWith',
						description: 'The message starts with a keyword',
					},
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
				description:
					'Only messages matching one of these keywords start the workflow. Separate several with commas.',
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
				displayName: 'If Registration Fails',
				name: 'onRegistrationFailure',
				type: 'options',
				options: [
					{
						name: 'Continue and Register by Hand',
						value: 'continue',
						description: 'Activate anyway and log the URL to add in the SMSAPI portal',
					},
					{
						name: 'Stop Activation',
						value: 'stop',
						description: 'Fail the activation with what SMSAPI refused and the URL to add by hand',
					},
				],
				default: 'stop',
				description: 'What to do when SMSAPI refuses to register the URL on activation',
			},
			{
				displayName: 'IP Allowlist',
				name: 'allowedIps',
				type: 'string',
				default: '',
				placeholder: '203.0.113.10, 198.51.100.0/24, 2001:db8::/32',
				description:
					"Only callbacks from these addresses or CIDR ranges (IPv4 or IPv6, comma-separated, or a list from an expression) are accepted; others are refused with HTTP 403. An allowlist without a single valid entry refuses every callback. The address is the one n8n sees: behind a reverse proxy set N8N_PROXY_HOPS so it is the caller's, not the proxy's. SMSAPI lists its callback addresses in its portal.",
			},
			{
				displayName: 'Register URL at SMSAPI',
				name: 'registerCallback',
				type: 'boolean',
				default: true,
				description:
					"Whether to register this node's URL (secret included) in the account's callback settings on activation and remove it on deactivation. When SMSAPI refuses (for any reason, a 404 included), the activation stops with its reason and the URL to add by hand, unless If Registration Fails says otherwise. Turn off to leave callback URLs managed in the SMSAPI portal untouched.",
			},
		],
	},
];

export const triggerSubtitle = subtitleExpression();
