import type { INodeProperties } from 'n8n-workflow';

/**
 * The service's send parameters as options (everything but the recipients and the message),
 * shared by `send`, `sendToGroup`, MMS, voice and the e-mail gateway; each channel takes the ones
 * it has. Names are the camelCase of the service's parameter names (docs/service-behaviour.md,
 * "Public names"); each description gives the service's meaning.
 */
export const sendOptions: INodeProperties[] = [
	{
		displayName: 'Allow Duplicates',
		name: 'allowDuplicates',
		type: 'boolean',
		default: false,
		description:
			'Whether a number that appears several times in one request gets a message each time (allow_duplicates). By default it gets one.',
	},
	{
		displayName: 'Check Idx',
		name: 'checkIdx',
		type: 'boolean',
		default: false,
		description:
			'Whether the service refuses your own Idx when it was used in the last 24 hours (check_idx, error 53). With it, a request that failed midway is also repeated on the backup address, since a repeat cannot send twice. The idx values the node generates (Idx empty) always go with check_idx=1.',
	},
	{
		displayName: 'Data Coding',
		name: 'datacoding',
		type: 'options',
		options: [
			{ name: 'Text', value: '', description: 'A normal text message' },
			{
				name: 'Binary',
				value: 'bin',
				description: 'A binary message: Message and UDH are hexadecimal (earlier variant)',
			},
		],
		default: '',
		description:
			'Datacoding=bin sends a binary message whose content and UDH header are hex strings (earlier variant of the interface)',
	},
	{
		displayName: 'Date',
		name: 'date',
		type: 'dateTime',
		default: '',
		description:
			'When to send (date). A past date sends immediately; at most 3 months ahead. Sent as a UNIX timestamp with date_validate=1.',
	},
	{
		displayName: 'Date Validate',
		name: 'dateValidate',
		type: 'boolean',
		default: true,
		description:
			'Whether the service checks the date format and answers error 54 for a wrong one instead of sending at once (date_validate)',
	},
	{
		displayName: 'Details',
		name: 'details',
		type: 'boolean',
		default: false,
		description:
			'Whether the answer also carries the message text, its length and its number of parts (details)',
	},
	{
		displayName: 'Discount Group',
		name: 'discountGroup',
		type: 'string',
		default: '',
		description:
			'Name of a discount-code group from the portal (discount_group); each recipient gets the next code in place of [%code%]',
	},
	{
		displayName: 'Encoding',
		name: 'encoding',
		type: 'options',
		options: [
			{ name: 'ISO-8859-2', value: 'iso-8859-2' },
			{ name: 'UTF-8', value: 'utf-8' },
			{ name: 'Windows-1250', value: 'windows-1250' },
		],
		default: 'utf-8',
		description:
			'Character encoding of the message text as sent (encoding). n8n sends UTF-8; change it only for a proxy that re-encodes.',
	},
	{
		displayName: 'Expiration Date',
		name: 'expirationDate',
		type: 'dateTime',
		default: '',
		description:
			'After this time the message is no longer delivered (expiration_date). Must be 15 minutes to 72 hours after the send time; 1 to 12 hours is recommended.',
	},
	{
		displayName: 'Fast',
		name: 'fast',
		type: 'boolean',
		default: false,
		description:
			'Whether to send with the highest priority (fast). Costs 50% more; not for mass or marketing messages.',
	},
	{
		displayName: 'Flash',
		name: 'flash',
		type: 'boolean',
		default: false,
		description:
			'Whether to send a flash SMS, shown on the screen and not stored in the inbox unless saved (flash)',
	},
	{
		displayName: 'Idx',
		name: 'idx',
		type: 'string',
		default: '',
		description:
			'Your own reference, returned in delivery reports (idx). Letters and digits, at most 255 characters. Several recipients: one value per recipient separated by |. Empty: the node generates a unique one per message.',
	},
	{
		displayName: 'Item Batching',
		name: 'batching',
		type: 'boolean',
		default: true,
		description:
			'Whether input items that differ only in their recipients (and Param 1–4 / Idx values) travel together in one request: up to 10,000 recipients, or 100 when personalised or with a short link. Every item still gets its own output item.',
	},
	{
		displayName: 'Max Parts',
		name: 'maxParts',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 10 },
		default: 6,
		description:
			"The most parts a message may have (max_parts, 1 to 10); a longer message is refused before sending. Not set: the account's own maximum from the SMS settings of the SMSAPI portal applies.",
	},
	{
		displayName: 'No Unicode',
		name: 'nounicode',
		type: 'boolean',
		default: false,
		description:
			'Whether to refuse messages that contain special characters, which would cut a part to 70 characters (nounicode, error 11)',
	},
	{
		displayName: 'Normalize',
		name: 'normalize',
		type: 'boolean',
		default: false,
		description:
			'Whether the service replaces special characters by plain ones (normalize), e.g. ł → l, ñ → n, so parts hold 160 characters',
	},
	{
		displayName: 'Notify URL',
		name: 'notifyUrl',
		type: 'string',
		default: '',
		placeholder: 'https://n8n.example.com/webhook/…/dlr?secret=…',
		description:
			"Callback address for this message's delivery reports (notify_url), e.g. the SMSAPI Trigger's Delivery Report URL. Overrides the account's default callback.",
	},
	{
		displayName: 'Param 1',
		name: 'param1',
		type: 'string',
		default: '',
		description:
			'Value for [%1%] (param1). Several recipients in one item: one value per recipient separated by |.',
	},
	{
		displayName: 'Param 2',
		name: 'param2',
		type: 'string',
		default: '',
		description:
			'Value for [%2%] (param2). Several recipients in one item: one value per recipient separated by |.',
	},
	{
		displayName: 'Param 3',
		name: 'param3',
		type: 'string',
		default: '',
		description:
			'Value for [%3%] (param3). Several recipients in one item: one value per recipient separated by |.',
	},
	{
		displayName: 'Param 4',
		name: 'param4',
		type: 'string',
		default: '',
		description:
			'Value for [%4%] (param4). Several recipients in one item: one value per recipient separated by |.',
	},
	{
		displayName: 'Sender Name Name or ID',
		name: 'from',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getSenderNames' },
		default: '',
		description:
			'The sender name shown to the recipient (from); only active names are accepted. Empty: the account\'s default. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Single',
		name: 'single',
		type: 'boolean',
		default: false,
		description:
			'Whether a message over 160 characters is refused instead of sent in several parts (single, error 12)',
	},
	{
		displayName: 'Template Name or ID',
		name: 'template',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getTemplates' },
		default: '',
		description:
			'A template stored in the portal (template); its text replaces Message (which is then hidden and not sent) and takes Param 1–4 for [%1%]–[%4%]. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Test',
		name: 'test',
		type: 'boolean',
		default: false,
		description:
			'Whether to only validate: the service answers as for a send but sends nothing and charges nothing (test)',
	},
	{
		displayName: 'Time Restriction',
		name: 'timeRestriction',
		type: 'options',
		options: [
			{ name: 'Follow Account Settings', value: 'follow' },
			{ name: 'Ignore Account Settings', value: 'ignore' },
			{ name: 'Nearest Available Time', value: 'nearest_available' },
		],
		default: 'follow',
		description: "How to treat the account's allowed sending hours (time_restriction)",
	},
	{
		displayName: 'UDH',
		name: 'udh',
		type: 'string',
		default: '',
		description:
			'User data header in hex, required with Data Coding = Binary (udh, earlier variant)',
	},
];
