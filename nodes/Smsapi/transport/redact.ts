import { createHash } from 'node:crypto';

/**
 * Everything the transport puts into an error, a log line or an output item passes through
 * here first: tokens, passwords and their md5 must never leave the credential.
 */
const REDACTED = '[redacted]';

/**
 * Query/form parameters whose values are secret (the legacy pair is redacted as a pair).
 * `secret` is the SMSAPI Trigger's URL secret, which travels inside `notify_url` and callback
 * addresses: whoever reads it can send the trigger forged reports.
 */
const SECRET_PARAMETER =
	/((?:^|[?&;,\s"'(])(?:access_token|token|password|pass|pass_api|username|secret)=)[^&\s"',;)]*/gi;
/** The same names as JSON properties or `name: value` headers. */
const SECRET_PROPERTY =
	/(["']?(?:access_token|token|password|pass|pass_api|authorization|secret)["']?\s*[:=]\s*["']?)(?:Bearer\s+|Basic\s+)?[^"'\s,;&}]+/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/** A lowercase or uppercase md5 hex digest that contains at least one letter (ids are digits only). */
const MD5_HEX = /\b(?=[0-9]*[a-f])[0-9a-f]{32}\b|\b(?=[0-9]*[A-F])[0-9A-F]{32}\b/g;
const USERINFO = /(\bhttps?:\/\/)[^/\s@"'<>]*@/gi;

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `encodeURIComponent` that never throws: a lone surrogate (half of an emoji pasted into a
 * credential field) makes the real one throw URIError; it is encoded as U+FFFD instead, as a
 * browser would.
 */
function encodeComponent(text: string): string {
	return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/**
 * The exact secret strings of a credential, to be removed wherever they appear: the token,
 * the plain password and the md5 of the password the legacy login sends.
 */
export function secretsOf(credentials: Record<string, unknown> | undefined): string[] {
	if (!credentials) return [];
	const secrets: string[] = [];
	for (const key of ['token', 'password']) {
		const value = credentials[key];
		if (typeof value === 'string' && value.trim() !== '') secrets.push(value.trim());
	}
	const password = credentials.password;
	if (typeof password === 'string' && password !== '') {
		// The credential sends a 32-hex password as the md5 itself (lowercased), any other as its md5.
		const hashed = /^[a-f0-9]{32}$/i.test(password)
			? password.toLowerCase()
			: createHash('md5').update(password, 'utf8').digest('hex');
		secrets.push(hashed);
	}
	return secrets;
}

/** Removes secrets from free text (a service message, an error message, a URL). */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
	let result = text;
	for (const secret of secrets) {
		// Very short values would wipe ordinary words; real secrets are longer.
		if (secret.length < 4) continue;
		result = result.replace(new RegExp(escapeRegExp(secret), 'g'), REDACTED);
		const encoded = encodeComponent(secret);
		if (encoded !== secret) {
			result = result.replace(new RegExp(escapeRegExp(encoded), 'g'), REDACTED);
		}
	}
	return result
		.replace(USERINFO, '$1')
		.replace(SECRET_PARAMETER, `$1${REDACTED}`)
		.replace(SECRET_PROPERTY, `$1${REDACTED}`)
		.replace(BEARER, `$1 ${REDACTED}`)
		.replace(MD5_HEX, REDACTED);
}

/** A base address fit to show: no user-info, no query string, no fragment. */
export function displayUrl(url: string): string {
	return url.replace(USERINFO, '$1').replace(/[?#].*$/, '');
}
