import { createHash } from 'node:crypto';
import type {
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { PLATFORM_ADDRESSES } from '../nodes/Smsapi/transport/platforms';

/** An md5 digest written as hex: such a password was hashed by the user already. */
const MD5_HEX = /^[0-9a-f]{32}$/i;

/**
 * The earlier variant of the service's login takes the lowercase hex md5 of the password.
 * Users may paste either the plain password or its md5 (the portal shows the md5 form), so a
 * 32-hex-character value is taken as already hashed and only lowercased.
 */
export function toMd5Password(password: string): string {
	if (MD5_HEX.test(password)) {
		return password.toLowerCase();
	}
	return createHash('md5').update(password, 'utf8').digest('hex');
}

/**
 * Adds the credential's login to an outgoing request: a bearer token header, or (earlier variant)
 * `username` and md5 `password` query parameters. Returns a new options object, leaving the
 * caller's untouched, and keeps every header and query parameter already set.
 */
export function applySmsapiAuthentication(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): IHttpRequestOptions {
	if (credentials.authentication === 'legacy') {
		return {
			...requestOptions,
			qs: {
				...(requestOptions.qs ?? {}),
				username: String(credentials.username ?? '').trim(),
				password: toMd5Password(String(credentials.password ?? '')),
			},
		};
	}
	return {
		...requestOptions,
		headers: {
			...(requestOptions.headers ?? {}),
			Authorization: `Bearer ${String(credentials.token ?? '').trim()}`,
		},
	};
}

/**
 * n8n expression giving the credential's primary base address, for the credential test request
 * (which cannot call code). Built from PLATFORM_ADDRESSES so it always agrees with the transport's
 * `resolveBaseUrls`: a custom address loses its trailing slashes, an unknown platform falls back
 * to SMSAPI.com.
 */
export function primaryBaseUrlExpression(): string {
	const primaries = Object.fromEntries(
		Object.entries(PLATFORM_ADDRESSES).map(([platform, addresses]) => [platform, addresses.primary]),
	);
	return (
		"={{ $credentials.platform === 'custom'" +
		" ? String($credentials.baseUrl ?? '').trim().replace(/\\/+$/, '')" +
		` : (${JSON.stringify(primaries)}[$credentials.platform] ?? ${JSON.stringify(PLATFORM_ADDRESSES.com.primary)}) }}`
	);
}

/**
 * Login errors of the legacy endpoints. They come with HTTP 200, so n8n would call the credential
 * test a success without these rules. Each message says what to change.
 * Error 1000 (main user only) is deliberately absent: it proves the login works, and a sub-user's
 * credential is still good for sending.
 */
export const CREDENTIAL_TEST_ERRORS: Array<{ code: number; message: string }> = [
	{
		code: 101,
		message:
			'Authorization failed. Check the access token (copy it again from the SMSAPI portal) and that "Platform" matches the portal where the token was created: a token from SMSAPI.com does not work on SMSAPI.pl and vice versa.',
	},
	{
		code: 102,
		message:
			'Wrong username or password. Check both; the password may be the plain API password or its md5 (32 hex characters). Consider switching to an access token.',
	},
	{
		code: 105,
		message:
			"The service refused this n8n server's IP address. Add the address to the IP filter (allowed addresses) of your SMSAPI account, or remove the filter.",
	},
	{
		code: 401,
		message:
			'The access token works but may not read account details (user.do), which this test asks for. Enable the account permission of the token in the SMSAPI portal; a token meant only for sending messages can be saved as it is.',
	},
];

/** The credential test's rules: one per login error, matched against the body's `error` field. */
export function credentialTestRules(): IAuthenticateRuleResponseSuccessBody[] {
	return CREDENTIAL_TEST_ERRORS.map(({ code, message }) => ({
		type: 'responseSuccessBody',
		properties: { key: 'error', value: code, message },
	}));
}
