/**
 * The service's error codes in words: the legacy endpoints' numbers, the REST endpoints' tags
 * and HTTP statuses. How n8n is told what kind of failure each is: errorClassification.ts.
 */

/** What a service error code means, in plain words, and what the user can change about it. */
interface SmsapiErrorMeaning {
	meaning: string;
	advice?: string;
}

/**
 * The legacy endpoints' numeric codes (docs/service-behaviour.md, "Error codes").
 * Meanings are phrased for someone reading an n8n error, not for the service's developers.
 */
export const SMSAPI_ERROR_CODES: Readonly<Record<number, SmsapiErrorMeaning>> = {
	7: {
		meaning: 'short links are disabled for this account',
		advice:
			'Enable short links in the SMSAPI portal, or remove the [%goto:...%] link from the message.',
	},
	8: {
		meaning: 'the service could not understand the request',
		advice: 'Check the parameters of the operation.',
	},
	11: {
		meaning:
			'the message is too long (more than 10 parts), or it contains special characters while "nounicode" is on',
		advice:
			'Shorten the message, remove the special characters, turn off nounicode or turn on normalize.',
	},
	12: {
		meaning:
			'the message has more parts than allowed: more than max_parts, or than the account\'s own maximum of parts when the request sets none (or "single" is on and the text exceeds 160 characters)',
		advice:
			"Shorten the message, or allow more parts: set Max Parts (max_parts, up to 10) in the node's options, or raise the maximum number of parts in the SMS settings of the SMSAPI portal.",
	},
	13: {
		meaning: 'no correct phone numbers: every recipient number was rejected, nothing was sent',
		advice:
			'Check the numbers (country prefix, mobile numbers only); the rejected numbers are listed in the details.',
	},
	14: {
		meaning: 'wrong sender name',
		advice:
			'Use a sender name that is registered and active in the SMSAPI portal, or leave the sender empty to use the default.',
	},
	17: {
		meaning: 'a flash message cannot contain special characters',
		advice: 'Remove the special characters or turn on normalize.',
	},
	18: {
		meaning:
			'the count of param1..param4 values differs from the number of recipients; nothing was sent',
		advice: 'Give exactly one value per recipient in every paramN, separated by |.',
	},
	19: {
		meaning: 'too many messages in one request (at most 100 when the message carries a short link)',
		advice: 'Send fewer recipients per request.',
	},
	20: {
		meaning: 'the count of idx values differs from the number of recipients',
		advice: 'Give exactly one idx per recipient, separated by |.',
	},
	25: { meaning: 'normalize cannot be combined with datacoding', advice: 'Turn off one of them.' },
	27: {
		meaning: 'the idx value is too long',
		advice: 'Use at most 255 characters (36 on the earlier interface).',
	},
	28: {
		meaning: 'wrong time_restriction value',
		advice: 'Use follow, ignore or nearest_available.',
	},
	30: { meaning: 'wrong UDH header for a binary message', advice: 'Check the udh value (hex).' },
	40: {
		meaning: 'no such contacts group',
		advice: 'Check the group name in the SMSAPI contacts database.',
	},
	41: { meaning: 'the contacts group is empty', advice: 'Add contacts to the group first.' },
	50: {
		meaning: 'the message is scheduled more than 3 months ahead',
		advice: 'Choose an earlier date.',
	},
	52: {
		meaning: 'too many attempts to send to one number in a short time',
		advice: 'Wait before sending to this number again.',
	},
	53: {
		meaning:
			'this idx was already used in the last 24 hours (check_idx=1 is on), so the message was not sent again',
		advice: 'Use a new idx for a new message; a repeat with the same idx is refused on purpose.',
	},
	54: {
		meaning: 'wrong date format (date_validate=1 is on)',
		advice: 'Give the date as a UNIX timestamp or in ISO 8601.',
	},
	56: {
		meaning: 'expiration_date is outside the allowed window',
		advice: 'Set it between 15 minutes and 72 hours after the send time.',
	},
	57: {
		meaning: "the number is on the account's blacklist",
		advice: 'Remove it from the blacklist in the SMSAPI portal if the message is wanted.',
	},
	59: { meaning: 'the recipient opted out of messages from this account' },
	60: {
		meaning: 'no such discount-code group',
		advice: 'Check the discount_group name in the SMSAPI portal.',
	},
	61: {
		meaning: 'the discount-code group has expired',
		advice: 'Use an active discount-code group.',
	},
	62: {
		meaning: 'no discount codes are left in the group',
		advice: 'Add or generate more codes in the SMSAPI portal.',
	},
	70: {
		meaning: 'invalid notify_url callback address',
		advice: 'Give a full, reachable http(s) address.',
	},
	74: {
		meaning: "the send date violates the account's sending-time restrictions",
		advice: 'Choose another time, or set time_restriction to nearest_available.',
	},
	76: { meaning: 'a parameter contains invalid characters', advice: 'Check the parameter values.' },
	93: {
		meaning: 'personalisation parameters (param1..param4) cannot be used with a group send',
		advice: 'Use contact fields ([%contact.field name%]) in group sends instead.',
	},
	94: {
		meaning: 'links are not allowed in messages from this account',
		advice: 'Remove the link, or ask SMSAPI to allow links.',
	},
	101: {
		meaning: 'authorization failed',
		advice:
			"Check the token in the SMSAPI credential, and that the credential's platform (smsapi.com or smsapi.pl) is the region the token was issued for: a token works only on its own region.",
	},
	102: {
		meaning: 'wrong username or password',
		advice:
			'Check the legacy username and API password in the SMSAPI credential (or switch it to a token).',
	},
	103: {
		meaning: 'not enough credits; nothing was sent',
		advice: "Top up the account's credits (points) in the SMSAPI portal, then run again.",
	},
	104: { meaning: 'no such template', advice: 'Check the template name in the SMSAPI portal.' },
	105: {
		meaning: "the request came from an IP address that is not on the account's API whitelist",
		advice:
			'Add the outgoing IP address of this n8n instance to the IP whitelist in the SMSAPI portal (API settings).',
	},
	110: {
		meaning: 'this action is not allowed for the account',
		advice: "Check the account's settings and permissions, or ask SMSAPI support.",
	},
	112: {
		meaning: 'sending to this country is restricted for the account',
		advice: 'Allow the country in the SMSAPI portal, or ask SMSAPI support.',
	},
	200: {
		meaning: 'the service failed to submit the message (temporary)',
		advice: 'Try again later.',
	},
	201: { meaning: 'internal error at the service (temporary)', advice: 'Try again later.' },
	202: {
		meaning: 'too many simultaneous requests',
		advice: 'Run fewer requests at the same time, or try again later.',
	},
	203: {
		meaning: 'too many requests',
		advice: 'Slow down (fewer requests per second), or try again later.',
	},
	301: {
		meaning: 'no such message id (or the message can no longer be deleted)',
		advice: 'Check the id; only scheduled messages that have not been sent yet can be deleted.',
	},
	401: {
		meaning: 'the token lacks the permission (scope) for this action',
		advice:
			'Generate a token with the needed scopes in the SMSAPI portal and put it in the credential.',
	},
	409: { meaning: 'the value already exists' },
	999: { meaning: 'internal error at the service (temporary)', advice: 'Try again later.' },
	1000: {
		meaning: 'only the main user may do this',
		advice: 'Use a token of the main account, not of a sub-user.',
	},
	1001: { meaning: 'invalid user.do action' },
};

/** Documented code ranges whose single codes are not published. */
const SMSAPI_ERROR_RANGES: ReadonlyArray<{ from: number; to: number } & SmsapiErrorMeaning> = [
	{
		from: 1010,
		to: 1193,
		meaning:
			'the sub-user request was rejected (for example a wrong or already used name, a wrong password or limit)',
		advice: "Check the sub-user's name, passwords and limits.",
	},
	{
		from: 2001,
		to: 2115,
		meaning:
			'the sender-name request was rejected (for example a wrong, existing, inactive or unverified name)',
		advice: 'Check the sender name and its status in the SMSAPI portal.',
	},
	{
		from: 4000,
		to: 4280,
		meaning:
			'the contacts request was rejected (for example a wrong field value, or a contact or group that does not exist or already exists)',
		advice: "Check the contact's fields and ids.",
	},
];

/** String tags of the REST endpoints (`/profile`, `/contacts`, ...). */
const SMSAPI_REST_ERRORS: Readonly<Record<string, SmsapiErrorMeaning>> = {
	authorization_failed: SMSAPI_ERROR_CODES[101],
	contact_conflict: {
		meaning: 'a contact with this phone number or e-mail address already exists',
		advice: 'Update the existing contact instead of creating a new one.',
	},
	not_found: { meaning: 'no such resource', advice: 'Check the id.' },
	not_implemented: {
		meaning: 'the service does not offer this for the record',
		advice: 'For contact fields: only fields with fixed choices (e.g. gender) have options.',
	},
};

/** Meanings of HTTP statuses of the REST endpoints when no tag is known. */
export const SMSAPI_HTTP_STATUSES: Readonly<Record<number, SmsapiErrorMeaning>> = {
	400: {
		meaning: "the service rejected the request's parameters",
		advice: 'Check the field values.',
	},
	401: SMSAPI_ERROR_CODES[101],
	403: {
		meaning:
			'the token lacks the permission (scope) for this action, or the action is not allowed for the account',
		advice: 'Generate a token with the needed scopes in the SMSAPI portal.',
	},
	404: { meaning: 'no such resource', advice: 'Check the id.' },
	409: { meaning: 'the value already exists' },
	415: {
		meaning: 'the service did not accept the format of the request body',
		advice: 'This is a defect of the node; please report it.',
	},
	429: { meaning: 'too many requests', advice: 'Slow down, or try again later.' },
	500: { meaning: 'internal error at the service', advice: 'Try again later.' },
	501: { meaning: 'the service does not offer this for the record (not implemented)' },
	502: { meaning: 'the service is unreachable behind its gateway', advice: 'Try again later.' },
	503: { meaning: 'the service is temporarily unavailable', advice: 'Try again later.' },
	504: { meaning: "the service's gateway timed out", advice: 'Try again later.' },
};

/** The meaning of a numeric code or REST tag, or undefined for a code this node does not know. */
export function describeSmsapiError(
	code: number | string | undefined,
): SmsapiErrorMeaning | undefined {
	if (code === undefined || code === '') return undefined;
	const numeric = typeof code === 'number' ? code : /^\d+$/.test(code) ? Number(code) : undefined;
	if (numeric === undefined) return SMSAPI_REST_ERRORS[String(code).toLowerCase()];
	const single = SMSAPI_ERROR_CODES[numeric];
	if (single) return single;
	return SMSAPI_ERROR_RANGES.find((range) => numeric >= range.from && numeric <= range.to);
}
