import type {
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { PLATFORM_ADDRESSES, toMd5Password } from './smsapiAccount';

/** Methods whose parameters travel in the query; every other method carries a body. */
const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

function headerValue(headers: IHttpRequestOptions['headers'], name: string): string | undefined {
	for (const [key, value] of Object.entries(headers ?? {})) {
		if (key.toLowerCase() === name) return typeof value === 'string' ? value : undefined;
	}
	return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	if (typeof value !== 'object' || value === null) return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

/** The boundary of a `multipart/form-data` Content-Type, or undefined. */
function multipartBoundary(contentType: string): string | undefined {
	if (!/^multipart\/form-data\s*;/i.test(contentType.trim())) return undefined;
	return /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean);
}

/**
 * A multipart body (a voice message's uploaded audio file, nodes/Smsapi/transport/multipart.ts)
 * with the login as two text parts in front of the others: the service reads the text parts of a
 * multipart POST as its parameters, as smsapi-javascript-client sends every parameter of an upload
 * (docs/service-differences.md, R2). Null when the body does not start with its boundary, or a
 * login value holds the boundary (it would end its part early).
 */
function multipartWithLogin(
	body: Buffer,
	boundary: string,
	login: Record<string, string>,
): Buffer | null {
	const delimiter = `--${boundary}`;
	if (body.toString('latin1', 0, delimiter.length + 2) !== `${delimiter}\r\n`) return null;
	if (Object.values(login).some((value) => value.includes(delimiter))) return null;
	const parts = Object.entries(login).map(
		([name, value]) =>
			`${delimiter}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
	);
	return Buffer.concat([Buffer.from(parts.join(''), 'utf8'), body]);
}

/**
 * The request with the earlier variant's login (`username` and md5 `password`) in its body, or
 * null when the body cannot take it (a JSON text, a stream): a POST's query string ends up in
 * proxy and access logs; its body does not.
 */
function withLoginInBody(
	requestOptions: IHttpRequestOptions,
	login: Record<string, string>,
): IHttpRequestOptions | null {
	const { body } = requestOptions;
	const contentType = headerValue(requestOptions.headers, 'content-type') ?? '';
	if (body === undefined || body === null || body === '') {
		if (contentType !== '' && !contentType.includes('application/x-www-form-urlencoded'))
			return null;
		return {
			...requestOptions,
			headers: contentType
				? requestOptions.headers
				: {
						...(requestOptions.headers ?? {}),
						'Content-Type': 'application/x-www-form-urlencoded',
					},
			body: new URLSearchParams(login).toString(),
		};
	}
	if (typeof body === 'string') {
		if (contentType !== '' && !contentType.includes('application/x-www-form-urlencoded'))
			return null;
		return { ...requestOptions, body: `${body}&${new URLSearchParams(login).toString()}` };
	}
	if (body instanceof URLSearchParams) {
		const form = new URLSearchParams(body);
		for (const [key, value] of Object.entries(login)) form.set(key, value);
		return { ...requestOptions, body: form };
	}
	if (Buffer.isBuffer(body)) {
		const boundary = multipartBoundary(contentType);
		const multipart = boundary ? multipartWithLogin(body, boundary, login) : null;
		return multipart ? { ...requestOptions, body: multipart } : null;
	}
	if (isPlainObject(body)) return { ...requestOptions, body: { ...body, ...login } };
	return null;
}

/**
 * Adds the credential's login to an outgoing request: a bearer token header, or (earlier variant)
 * `username` and md5 `password` — in the body of a POST or PUT (form fields, or text parts of a
 * multipart upload), in the query of a GET. Returns a new options object, leaving the caller's
 * untouched, and keeps every header, query and body parameter already set. A request with a body
 * that cannot take the login is refused rather than given it in its URL.
 */
export function applySmsapiAuthentication(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): IHttpRequestOptions {
	if (credentials.authentication === 'legacy') {
		const login = {
			username: String(credentials.username ?? '').trim(),
			password: toMd5Password(String(credentials.password ?? '')),
		};
		const method = String(requestOptions.method ?? 'GET').toUpperCase();
		if (QUERY_METHODS.has(method)) {
			return { ...requestOptions, qs: { ...(requestOptions.qs ?? {}), ...login } };
		}
		const inBody = withLoginInBody(requestOptions, login);
		if (inBody) return inBody;
		throw new Error(
			`The username and password login cannot go in the body of this ${method} request (${headerValue(requestOptions.headers, 'content-type') ?? 'no content type'}), and is never put in its URL: use an access token`,
		);
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
		Object.entries(PLATFORM_ADDRESSES).map(([platform, addresses]) => [
			platform,
			addresses.primary,
		]),
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
const CREDENTIAL_TEST_ERRORS: Array<{ code: number; message: string }> = [
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
