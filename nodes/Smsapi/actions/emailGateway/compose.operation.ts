import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { ambiguousValues, gatewayBody, gatewaySubject } from '../../helpers/mail2sms';
import { mapItems } from '../../items/loop';
import { recipientNumbers, unsetRecipientLimit } from '../../items/recipients';
import { maxRecipientsOption } from '../../items/runOptions';
import { checkRequest } from '../../send/checks';
import { messageField, toField } from '../../send/fields';
import { formatProblems } from '../../send/problems';
import { parseSendOptions, setParameter, setRecipientValues } from '../../send/request';
import { sendOptions } from '../../send/sendOptions';
import { toWire } from '../../send/wire';
import { MAIL2SMS_ADDRESSES } from '../../transport';
import { byDisplayName, optionsCollection, passwordInput } from '../commonFields';

/** Batching is the node's own; the gateway takes one e-mail per message. */
const GATEWAY_EXCLUDED = new Set(['batching']);

const gatewayOptions = byDisplayName([
	...sendOptions
		.filter((option) => !GATEWAY_EXCLUDED.has(option.name))
		.map((option) =>
			// The send operation's wording of check_idx is about its own generated idx, which the gateway has not.
			option.name === 'checkIdx'
				? {
						...option,
						default: false,
						description:
							'Whether the service refuses an idx already used in the last 24 hours (check_idx, error 53), so that an e-mail sent twice sends one message',
					}
				: option,
		),
	{
		displayName: 'Gateway Address',
		name: 'gatewayAddress',
		type: 'string',
		default: '',
		placeholder: 'e.g. sms@smsapi.com',
		description:
			"The e-mail address of the gateway. Empty: the address for the credential's platform (sms@smsapi.com, sms@smsapi.pl). Required with the platform Custom.",
	},
	{
		...maxRecipientsOption,
		description:
			'The most phone numbers one input item may address (the gateway sends, and charges, one SMS per number); an item with more fails before the e-mail is composed. Guards against a To value from outside (a form field, a webhook) that lists thousands of numbers. 0 turns the check off. Nodes saved before version 1.1 check nothing until this option is added.',
	},
	{
		displayName: 'Raport',
		name: 'raport',
		type: 'boolean',
		default: false,
		description:
			'Whether the service e-mails back the result of the request, a confirmation or an error code (raport=1), to the address the e-mail came from',
	},
] as INodeProperties[]);

/** The gateway login from the credential: only on request, since it then shows in the output. */
const loginFromCredentialField: INodeProperties = {
	displayName: 'Take Login From Credential',
	name: 'loginFromCredential',
	type: 'boolean',
	default: false,
	description:
		"Whether an empty Username and Password take the login of the SMSAPI credential (Username and Password credentials only). That login (username and md5 of the password, which sends SMS like the password) then appears in this node's output and in every saved execution, readable by everyone who can see this workflow's executions, also by people allowed only to use the credential, not to see it.",
};

const properties: INodeProperties[] = [
	{
		displayName:
			'This builds the e-mail and sends nothing. Connect a Send Email node: To Email {{ $json.to }}, Subject {{ $json.subject }}, Email Format Text, Text {{ $json.text }}, and under Options turn Append n8n Attribution off (else its footer ends up in the SMS).',
		name: 'gatewayNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName:
			"The output's subject is an API login (username and md5 of the password), which sends SMS like the password itself. n8n passes it to Send Email in the item, so every execution n8n saves keeps it (newer n8n versions hide it in the execution view, the database still holds it). Keep this workflow's executions private, or in the workflow settings do not save successful executions.",
		name: 'loginNotice',
		type: 'notice',
		default: '',
	},
	{
		...toField,
		description:
			'Recipient phone numbers with the country prefix, separated by commas (an array from an expression also works)',
	},
	messageField,
	{
		displayName: 'Username',
		name: 'username',
		type: 'string',
		default: '',
		description:
			'The username the gateway logs in with (the earlier login: username and API password; the gateway takes no token). Empty: only with Take Login From Credential on.',
	},
	passwordInput(
		'Password',
		'password',
		'The API password for Username, plain or as its md5 (32 hex characters are taken as already hashed); only its md5 goes into the e-mail',
	),
	// Version 1 took the credential's login whenever Username and Password were empty; saved
	// workflows of that version keep doing so (the default on), version 1.1 asks for it.
	{ ...loginFromCredentialField, default: true, displayOptions: { show: { '@version': [1] } } },
	{
		...loginFromCredentialField,
		default: false,
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
	},
	optionsCollection(gatewayOptions),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['emailGateway'], operation: ['compose'] } },
	properties,
);

/** The gateway address of a platform; `custom` has none of its own. */
function gatewayAddressFor(platform: string | undefined): string | undefined {
	if (platform === 'custom') return undefined;
	return (
		MAIL2SMS_ADDRESSES[(platform ?? 'com') as keyof typeof MAIL2SMS_ADDRESSES] ??
		MAIL2SMS_ADDRESSES.com
	);
}

/**
 * The gateway's login: the operation's own Username and Password; the credential's only with
 * Take Login From Credential (on by default in version 1, off from 1.1), as it then shows in the
 * output to everyone who can see the executions (SECURITY.md).
 */
function gatewayLogin(
	this: IExecuteFunctions,
	itemIndex: number,
	credentials: IDataObject,
): { username: string; password: string } {
	const username = String(this.getNodeParameter('username', itemIndex, '') ?? '').trim();
	const password = String(this.getNodeParameter('password', itemIndex, '') ?? '');
	if (username !== '' || password !== '') {
		if (username === '' || password === '') {
			throw new NodeOperationError(
				this.getNode(),
				'Enter both Username and Password for the e-mail gateway',
				{
					itemIndex,
				},
			);
		}
		return { username, password };
	}
	const fromCredential =
		this.getNodeParameter('loginFromCredential', itemIndex, this.getNode().typeVersion < 1.1) ===
		true;
	if (!fromCredential) {
		throw new NodeOperationError(
			this.getNode(),
			'Enter Username and Password for the e-mail gateway',
			{
				itemIndex,
				description:
					"The gateway logs in with the username and API password of the earlier login, not with a token. Take Login From Credential uses those of a Username and Password credential instead, but then the login appears in this node's output, readable by everyone who can see this workflow's executions.",
			},
		);
	}
	if (credentials.authentication === 'legacy') {
		return {
			username: String(credentials.username ?? '').trim(),
			password: String(credentials.password ?? ''),
		};
	}
	throw new NodeOperationError(this.getNode(), 'The e-mail gateway needs a username and password', {
		itemIndex,
		description:
			'It cannot log in with an access token. Fill in Username and Password of this operation, or use an SMSAPI credential with "Username and Password".',
	});
}

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await mapItems.call(this, items, async (itemIndex) => {
		// Read only for the login and the platform's gateway address: this operation makes no request.
		const credentials = (await this.getCredentials('smsapiApi', itemIndex)) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const message = this.getNodeParameter('message', itemIndex, '') as string;

		const address =
			String(options.gatewayAddress ?? '').trim() ||
			gatewayAddressFor(credentials.platform as string | undefined);
		if (!address) {
			throw new NodeOperationError(this.getNode(), 'Enter the Gateway Address option', {
				itemIndex,
				description:
					"The credential's platform is Custom, which has no known e-mail gateway address.",
			});
		}

		const numbers = recipientNumbers.call(
			this,
			this.getNodeParameter('to', itemIndex) as string | string[],
			itemIndex,
			{ empty: 'No recipient: "To" is empty' },
			{
				option: options.maxRecipientsPerItem ?? unsetRecipientLimit(this.getNode().typeVersion),
				texts: {
					field: 'To',
					noun: 'recipients',
					nothingDone: 'No e-mail was composed for this item.',
				},
			},
		);

		const request = parseSendOptions(options);
		setRecipientValues(request, 'to', numbers);
		if (message !== '') setParameter(request, 'message', message);
		const problems = checkRequest(request, { numbersChecked: true });
		if (problems) {
			throw new NodeOperationError(this.getNode(), formatProblems(problems), { itemIndex });
		}
		const wire = toWire(request);
		const ambiguous = ambiguousValues(wire);
		if (ambiguous.length > 0) {
			throw new NodeOperationError(
				this.getNode(),
				`The e-mail gateway would misread ${ambiguous.map((entry) => `${entry.parameter} (it contains "${entry.found}")`).join(', ')}`,
				{
					itemIndex,
					description:
						'The gateway takes values literally and starts a new parameter at "&name=" or at a line beginning with "name=" (only the message, which goes last, may hold anything). Reword that part, e.g. put a space after the "&".',
				},
			);
		}

		const login = gatewayLogin.call(this, itemIndex, credentials);
		return {
			to: address,
			subject: gatewaySubject(login.username, login.password),
			text: gatewayBody(wire, options.raport === true),
		};
	});
}
