/**
 * The e-mail gateway (mail2sms, spec §9): an e-mail to the gateway address whose subject is
 * `<username>@<md5 of the password>` and whose body is `from=<sender>&to=<number>&message=<text>`
 * plus any send parameter. The gateway reads values literally (no URL decoding): a message may
 * hold spaces, `&` and line breaks, as long as nothing in it looks like the start of another
 * gateway parameter.
 */
import { toMd5Password } from '../../../credentials/SmsapiApiHelpers';
import { MAIL2SMS_ADDRESSES, type SmsapiPlatform } from '../transport/platforms';

/** Parameter names the gateway recognises in the body (the send operation's, and `raport`). */
export const GATEWAY_PARAMETERS = [
	'allow_duplicates',
	'check_idx',
	'datacoding',
	'date',
	'date_validate',
	'details',
	'discount_group',
	'encoding',
	'expiration_date',
	'fast',
	'flash',
	'from',
	'group',
	'idx',
	'max_parts',
	'message',
	'normalize',
	'notify_url',
	'nounicode',
	'param1',
	'param2',
	'param3',
	'param4',
	'raport',
	'single',
	'template',
	'test',
	'time_restriction',
	'to',
	'udh',
] as const;

/** `&name=` or a line starting with `name=`, for a gateway parameter name. */
const PARAMETER_START = new RegExp(`(?:&|[\\r\\n])\\s*(${GATEWAY_PARAMETERS.join('|')})=`, 'i');

/** The subject that logs in: username, `@`, md5 of the password (an md5 given as 32 hex is kept). */
export function gatewaySubject(username: string, password: string): string {
	return `${username.trim()}@${toMd5Password(password)}`;
}

/** The gateway address of a platform; `custom` has none of its own. */
export function gatewayAddressFor(platform: string | undefined): string | undefined {
	if (platform === 'custom') return undefined;
	return MAIL2SMS_ADDRESSES[(platform ?? 'com') as Exclude<SmsapiPlatform, 'custom'>] ?? MAIL2SMS_ADDRESSES.com;
}

/** Values the gateway would misread: the parameter and the piece that would start another one. */
export function ambiguousValues(parameters: Record<string, string>): Array<{ parameter: string; found: string }> {
	const found: Array<{ parameter: string; found: string }> = [];
	for (const [parameter, value] of Object.entries(parameters)) {
		const match = PARAMETER_START.exec(value);
		if (match) found.push({ parameter, found: match[0].trim() });
	}
	return found;
}

/**
 * The body: `from` (when set), `to` and `message` first as in the spec, then every other
 * parameter in the order given, `raport=1` last when asked for; pairs joined by `&`.
 */
export function gatewayBody(parameters: Record<string, string>, raport: boolean): string {
	const first = ['from', 'to', 'message'].filter((name) => parameters[name] !== undefined);
	const rest = Object.keys(parameters).filter((name) => !first.includes(name) && name !== 'raport');
	const pairs = [...first, ...rest].map((name) => `${name}=${parameters[name]}`);
	if (raport) pairs.push('raport=1');
	return pairs.join('&');
}
