import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

/**
 * Everything the transport puts into an error, a log line or an output item passes through
 * here first: tokens, passwords and their md5 must never leave the credential, and the secrets a
 * request carries (a sub-user's new password, the check of a report address) never leave it.
 */
const REDACTED = '[redacted]';

/**
 * Fields and parameters whose values are secret. `secret` is the SMSAPI Trigger's URL secret and
 * `smsapi_check` the check of Send and Wait's report address (delivery/deliveryWait.ts), both inside
 * `notify_url`; `signature` is n8n 2.x's token in an execution's resume address. Whoever reads
 * one can send forged reports. `password`, `api_password`, `pass` and `pass_api` are also a
 * sub-user's new passwords (subusers in panel_com.yml, user.do).
 */
const SECRET_NAMES =
	'access_token|token|password|api_password|pass|pass_api|secret|smsapi_check|signature';
const SECRET_NAME = new RegExp(`^(?:${SECRET_NAMES})$`, 'i');

/** Query/form parameters whose values are secret (the legacy pair is redacted as a pair). */
const SECRET_PARAMETER = new RegExp(
	`((?:^|[?&;,\\s"'(])(?:${SECRET_NAMES}|username)=)[^&\\s"',;)]*`,
	'gi',
);
/** The same names as JSON properties or `name: value` headers. */
const SECRET_PROPERTY = new RegExp(
	`(["']?(?:${SECRET_NAMES}|authorization)["']?\\s*[:=]\\s*["']?)(?:Bearer\\s+|Basic\\s+)?[^"'\\s,;&}]+`,
	'gi',
);
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

/** Whether a field or parameter of this name carries a secret (`credentials.password`: its last part). */
function isSecretName(name: string): boolean {
	return SECRET_NAME.test(name.slice(name.lastIndexOf('.') + 1));
}

/** The values of the secret query parameters of an http(s) address (`notify_url`'s check and signature). */
function secretsInAddress(text: string): string[] {
	if (!/^https?:\/\/[^?]*\?/i.test(text)) return [];
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return [];
	}
	return [...url.searchParams]
		.filter(([name, value]) => isSecretName(name) && value !== '')
		.map(([, value]) => value);
}

/**
 * The secrets a request carries, to be removed from its errors as the credential's are: those it
 * names (`secrets`), the values of its secret fields at any depth (`credentials.password` of a new
 * sub-user) and the secret parameters of the addresses in it (`notify_url=…?signature=…&smsapi_check=…`).
 */
export function secretsOfRequest(request: {
	body?: IDataObject;
	qs?: IDataObject;
	secrets?: readonly string[];
}): string[] {
	const found = new Set<string>(request.secrets ?? []);
	const visit = (value: unknown, name: string): void => {
		if (typeof value === 'string' || typeof value === 'number') {
			const text = String(value);
			if (isSecretName(name) && text.trim() !== '') found.add(text);
			if (typeof value === 'string')
				for (const secret of secretsInAddress(value)) found.add(secret);
		} else if (Array.isArray(value)) {
			for (const entry of value) visit(entry, name);
		} else if (typeof value === 'object' && value !== null) {
			for (const [key, entry] of Object.entries(value)) visit(entry, key);
		}
	};
	visit(request.qs, '');
	visit(request.body, '');
	return [...found];
}

/**
 * A field error of the service (`{message, error, path, value}`) about a secret field keeps its
 * value out whatever its length (redactSecrets leaves values under 4 characters in text).
 */
export function withoutSecretValue(entry: IDataObject): IDataObject {
	const path = typeof entry.path === 'string' ? entry.path : '';
	if (!isSecretName(path) || entry.value === undefined || entry.value === null) return entry;
	return { ...entry, value: REDACTED };
}

/**
 * A secret as it may stand in a text: as it is, percent-encoded (as a URI component, or as a form
 * and an address's query encode it: space as `+`), or escaped inside a JSON string.
 */
function formsOf(secret: string): string[] {
	const formEncoded = new URLSearchParams({ v: secret }).toString().slice(2);
	return [
		...new Set([secret, encodeComponent(secret), formEncoded, JSON.stringify(secret).slice(1, -1)]),
	];
}

/** Removes secrets from free text (a service message, an error message, a URL). */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
	let result = text;
	// The longest first: a secret that contains another is removed whole, not around the other.
	for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
		// Very short values would wipe ordinary words; real secrets are longer.
		if (secret.length < 4) continue;
		for (const form of formsOf(secret)) {
			result = result.replace(new RegExp(escapeRegExp(form), 'g'), REDACTED);
		}
	}
	return result
		.replace(USERINFO, '$1')
		.replace(SECRET_PARAMETER, `$1${REDACTED}`)
		.replace(SECRET_PROPERTY, `$1${REDACTED}`)
		.replace(BEARER, `$1 ${REDACTED}`)
		.replace(MD5_HEX, REDACTED);
}

/**
 * At most `max` characters of `text`, its secrets removed first: a cut before the redaction could
 * split a secret, and the part left before the cut would not be recognised any more.
 */
export function redactedExcerpt(text: string, secrets: readonly string[], max: number): string {
	const clean = redactSecrets(text, secrets);
	return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** A base address fit to show: no user-info, no query string, no fragment. */
export function displayUrl(url: string): string {
	return url.replace(USERINFO, '$1').replace(/[?#].*$/, '');
}
