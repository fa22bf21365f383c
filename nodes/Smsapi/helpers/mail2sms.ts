/**
 * The e-mail gateway (mail2sms, docs/service-behaviour.md "E-mail gateway"): an e-mail to the gateway address whose subject is
 * `<username>@<md5 of the password>` and whose body carries send parameters joined by `&`. The
 * gateway reads values literally (no URL decoding) and, as the vendor documents it, takes
 * everything after `message=` as the text: so `message` goes last, and the text may hold `&`,
 * `=` and line breaks freely. The parameters before it must not look like the start of another.
 */
import { toMd5Password } from './md5Password';

/** Parameter names the gateway recognises in the body (the send operation's, and `raport`). */
const GATEWAY_PARAMETERS = [
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

/**
 * `&name=` or a line starting with `name=` (after spaces or tabs), for a gateway parameter name.
 * Only spaces and tabs may stand between the separator and the name: `\s*` there would also eat
 * line breaks and backtrack over them, quadratic on a value of many line breaks.
 */
const PARAMETER_START = new RegExp(
	`(?:&|[\\r\\n])[ \\t]*(?:${GATEWAY_PARAMETERS.join('|')})=`,
	'i',
);

/** The subject that logs in: username, `@`, md5 of the password (an md5 given as 32 hex is kept). */
export function gatewaySubject(username: string, password: string): string {
	return `${username.trim()}@${toMd5Password(password)}`;
}

/**
 * Values the gateway would misread: the parameter and the piece that would start another one.
 * The message is not among them: it goes last, and everything after `message=` is its text.
 */
export function ambiguousValues(
	parameters: Record<string, string>,
): Array<{ parameter: string; found: string }> {
	const found: Array<{ parameter: string; found: string }> = [];
	for (const [parameter, value] of Object.entries(parameters)) {
		if (parameter === 'message') continue;
		const match = PARAMETER_START.exec(value);
		if (match) found.push({ parameter, found: match[0].trim() });
	}
	return found;
}

/**
 * The body: `from` (when set) and `to` first as the gateway documents them, then every other parameter in the
 * order given, `raport=1` when asked for, and `message` last (everything after it is the text);
 * pairs joined by `&`.
 */
export function gatewayBody(parameters: Record<string, string>, raport: boolean): string {
	const first = ['from', 'to'].filter((name) => parameters[name] !== undefined);
	const rest = Object.keys(parameters).filter(
		(name) => !first.includes(name) && name !== 'raport' && name !== 'message',
	);
	const pairs = [...first, ...rest].map((name) => `${name}=${parameters[name]}`);
	if (raport) pairs.push('raport=1');
	if (parameters.message !== undefined) pairs.push(`message=${parameters.message}`);
	return pairs.join('&');
}
