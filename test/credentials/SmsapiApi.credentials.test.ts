/**
 * The credential smsapiApi (credentials/SmsapiApi.credentials.ts) as n8n reads it: its public type,
 * name and fields, the Request Timeout, token or the earlier login, the platforms and their
 * addresses, secrets masked and each field shown where it applies, its icons; `authenticate` on
 * each login (the bearer token, or the username and md5 password in the query of a GET and the body
 * of a POST); the credential test request and its rules. The md5 and the addresses alone:
 * smsapiAccount.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type {
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INodeProperties,
	INodeTypes,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { SmsapiApi } from '../../credentials/SmsapiApi.credentials';
import { PLATFORM_ADDRESSES, resolveBaseUrls } from '../../credentials/smsapiAccount';

const ROOT = path.resolve(__dirname, '../..');
const credential = new SmsapiApi();

async function authenticate(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (typeof credential.authenticate !== 'function') {
		throw new Error('authenticate must be a function');
	}
	return await credential.authenticate(credentials, requestOptions);
}

function property(name: string): INodeProperties {
	const found = credential.properties.find((p) => p.name === name);
	if (!found) throw new Error(`no credential field ${name}`);
	return found;
}

function optionValues(name: string): unknown[] {
	return (property(name).options ?? []).map((option) => ('value' in option ? option.value : undefined));
}

/** Evaluates an n8n expression the way the credential tester does, with `$credentials` set. */
function evaluateWithCredentials(expression: string, credentials: IDataObject): unknown {
	const nodeTypes = {
		getByName: () => ({ description: { properties: [] } }),
		getByNameAndVersion: () => ({ description: { properties: [] } }),
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({
		nodes: [
			{ id: '1', name: 'Test', type: 'test', typeVersion: 1, parameters: {}, position: [0, 0] },
		],
		connections: {},
		active: false,
		nodeTypes,
	});
	return workflow.expression.getParameterValue(expression, null, 0, 0, 'Test', [], 'internal', {
		$credentials: credentials,
	});
}

/**
 * What n8n's credentials tester (packages/cli credentials-tester.service.ts) does with a 2xx answer:
 * the first `responseSuccessBody` rule whose `get(body, key) === value` fails the test.
 */
function testerVerdict(body: IDataObject): { status: 'OK' | 'Error'; message?: string } {
	for (const rule of (credential.test?.rules ?? []) as IAuthenticateRuleResponseSuccessBody[]) {
		if (rule.type === 'responseSuccessBody' && body[rule.properties.key] === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK' };
}

describe('credential type names and fields (public names)', () => {
	it('has the contract type name and display name', () => {
		expect(credential.name).toBe('smsapiApi');
		expect(credential.displayName).toBe('SMSAPI API');
		expect(credential.documentationUrl).toMatch(/^https:\/\//);
	});

	it('has exactly the contract fields, in order, then the added ones', () => {
		expect(credential.properties.map((p) => p.name)).toEqual([
			'authentication',
			'token',
			'username',
			'password',
			'platform',
			'baseUrl',
			'backupUrl',
			'timeout',
		]);
	});

	it('has a Request Timeout in seconds for every platform, 30 by default', () => {
		expect(property('timeout')).toMatchObject({ type: 'number', default: 30, typeOptions: { minValue: 1, maxValue: 300 } });
		expect(property('timeout').displayOptions).toBeUndefined();
	});

	it('offers token (default) and legacy authentication', () => {
		expect(optionValues('authentication')).toEqual(['token', 'legacy']);
		expect(property('authentication').default).toBe('token');
	});

	it('offers the platforms com (default), pl, io and custom, matching PLATFORM_ADDRESSES', () => {
		expect(optionValues('platform')).toEqual(['com', 'pl', 'io', 'custom']);
		expect(property('platform').default).toBe('com');
		expect(optionValues('platform').filter((v) => v !== 'custom')).toEqual(
			Object.keys(PLATFORM_ADDRESSES),
		);
	});

	it('masks the secrets and shows each field only where it applies', () => {
		expect(property('token').typeOptions?.password).toBe(true);
		expect(property('password').typeOptions?.password).toBe(true);
		expect(property('username').typeOptions?.password).toBeUndefined();
		expect(property('token').displayOptions).toEqual({ show: { authentication: ['token'] } });
		expect(property('username').displayOptions).toEqual({ show: { authentication: ['legacy'] } });
		expect(property('password').displayOptions).toEqual({ show: { authentication: ['legacy'] } });
		expect(property('baseUrl').displayOptions).toEqual({ show: { platform: ['custom'] } });
		expect(property('backupUrl').displayOptions).toEqual({ show: { platform: ['custom'] } });
		expect(property('baseUrl').required).toBe(true);
		expect(property('backupUrl').required).toBeFalsy();
		expect(property('password').hint).toMatch(/md5/);
	});

	it('points at light and dark icons that exist in icons/ and end up in dist/icons/', () => {
		expect(credential.icon).toEqual({
			light: 'file:../icons/smsapi.svg',
			dark: 'file:../icons/smsapi.dark.svg',
		});
		for (const icon of ['smsapi.svg', 'smsapi.dark.svg']) {
			// Resolved against the compiled file's folder, dist/credentials/, as n8n's loader does.
			expect(path.join('dist/credentials', '../icons', icon)).toBe(path.join('dist/icons', icon));
			const svg = readFileSync(path.join(ROOT, 'icons', icon), 'utf8');
			expect(svg).toContain('viewBox="0 0 60 60"');
			expect(svg).not.toMatch(/<script|<image|href=/i);
		}
		expect(readFileSync(path.join(ROOT, 'icons/smsapi.svg'), 'utf8')).not.toBe(
			readFileSync(path.join(ROOT, 'icons/smsapi.dark.svg'), 'utf8'),
		);
		expect(existsSync(path.join(ROOT, 'credentials', '../icons/smsapi.svg'))).toBe(true);
	});
});

describe('authenticate', () => {
	const baseRequest: IHttpRequestOptions = {
		url: '/sms.do',
		method: 'POST',
		headers: { 'User-Agent': 'test-agent' },
		qs: { format: 'json' },
	};

	it('token mode: sends the bearer token and keeps the existing headers and query', async () => {
		const result = await authenticate(
			{ authentication: 'token', token: ' abc123 ', platform: 'com' },
			baseRequest,
		);
		expect(result.headers).toEqual({ 'User-Agent': 'test-agent', Authorization: 'Bearer abc123' });
		expect(result.qs).toEqual({ format: 'json' });
		expect(result.qs).not.toHaveProperty('password');
		expect(baseRequest.headers).toEqual({ 'User-Agent': 'test-agent' });
	});

	it('token mode is the default when authentication is not stored', async () => {
		const result = await authenticate({ token: 'abc' }, { url: '/profile' });
		expect(result.headers).toEqual({ Authorization: 'Bearer abc' });
	});

	it('legacy mode, GET: adds username and md5 password to the query, keeping what is there', async () => {
		const result = await authenticate(
			{ authentication: 'legacy', username: 'user1', password: 'secret' },
			{ ...baseRequest, method: 'GET' },
		);
		expect(result.qs).toEqual({
			format: 'json',
			username: 'user1',
			password: '5ebe2294ecd0e0f08eab7690d2a6ee69',
		});
		expect(result.headers).toEqual({ 'User-Agent': 'test-agent' });
		expect(baseRequest.qs).toEqual({ format: 'json' });
	});

	it.each([
		['5ebe2294ecd0e0f08eab7690d2a6ee69'],
		['5EBE2294ECD0E0F08EAB7690D2A6EE69'],
	])('legacy mode: an md5 password %s is sent lowercased, not hashed again', async (password) => {
		const result = await authenticate(
			{ authentication: 'legacy', username: 'user1', password },
			{ url: '/user.do' },
		);
		expect(result.qs).toEqual({ username: 'user1', password: '5ebe2294ecd0e0f08eab7690d2a6ee69' });
		expect(result.headers).toBeUndefined();
	});
});

describe('credential test request', () => {
	const request = credential.test!.request;

	it('asks the legacy user.do for the balance in JSON with GET', () => {
		expect(request.url).toBe('/user.do');
		expect(request.method).toBe('GET');
		expect(request.qs).toEqual({ credits: 1, format: 'json' });
	});

	it.each([
		[{ platform: 'com' }],
		[{ platform: 'pl' }],
		[{ platform: 'io' }],
		[{ platform: 'custom', baseUrl: 'http://localhost:8080/' }],
		[{ platform: 'custom', baseUrl: ' https://proxy.example.com/smsapi// ', backupUrl: 'x' }],
		[{}],
	])('targets the same primary address as the transport for %j', (credentials) => {
		const baseURL = evaluateWithCredentials(request.baseURL as string, credentials);
		expect(baseURL).toBe(resolveBaseUrls(credentials).primary);
	});

	it('goes to https://api.smsapi.pl/user.do for a .pl account', () => {
		expect(evaluateWithCredentials(request.baseURL as string, { platform: 'pl' })).toBe(
			'https://api.smsapi.pl',
		);
	});

	it('has only responseSuccessBody rules on the error field', () => {
		const rules = credential.test!.rules as IAuthenticateRuleResponseSuccessBody[];
		expect(rules.length).toBeGreaterThan(0);
		for (const rule of rules) {
			expect(rule.type).toBe('responseSuccessBody');
			expect(rule.properties.key).toBe('error');
			expect(rule.properties.message).toMatch(/\.$/);
		}
		expect(rules.map((rule) => rule.properties.value)).toEqual([101, 102, 105, 401]);
	});

	it.each([
		[{ error: 101, message: 'Authorization failed' }, /token.*Platform/s],
		[{ error: 102, message: 'Wrong username or password' }, /username or password/i],
		[{ error: 105, message: 'Wrong IP address' }, /IP/],
		[{ error: 401, message: 'Unauthorized' }, /permission/],
	])('fails the test for the HTTP 200 body %j', (body, message) => {
		const verdict = testerVerdict(body);
		expect(verdict.status).toBe('Error');
		expect(verdict.message).toMatch(message);
	});

	it.each([
		[{ points: 100.5, proCount: 606, ecoCount: 1428 }],
		[{ points: '0.0000' }],
		// a sub-user's login works even though user.do details are for the main user only
		[{ error: 1000, message: 'Action allowed only for main user' }],
	])('passes the test for %j', (body) => {
		expect(testerVerdict(body)).toEqual({ status: 'OK' });
	});
});
