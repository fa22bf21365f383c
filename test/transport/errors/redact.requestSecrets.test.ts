/**
 * Issue 40, finding 5 ("Secrets in errors"): the secrets a request carries (a sub-user's new
 * passwords, the check and n8n's signature in a report address) are removed from every part of the
 * error the transport throws, as the credential's are: message, description, context (the field
 * errors of a REST 400 included), the service's messages and httpCode. redact.fuzz.test.ts
 * holds the same for random values.
 */
import type { IDataObject } from 'n8n-workflow';

import { redactSecrets, secretsOfRequest } from '../../../nodes/Smsapi/transport/errors/redact';
import type { SmsapiRequest } from '../../../nodes/Smsapi/transport/types';
import { PRIMARY, tokenCredentials } from '../../support/n8n-context';
import { failure as nodeFailure, runNode } from '../../operations/support/run-node';
import { failure, run, serve, useServedHosts } from '../support/served-hosts';
import { allStrings, transportContext } from '../support/context';

useServedHosts();

const PASSWORD = 'N3w-Sub#Pass 1';
const API_PASSWORD = 'api:Secret/2"x';
const CHECK = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const SIGNATURE = 'eyJhbGciOi.sig-NATURE_42';

/**
 * Everything the error holds, as text: each string of its object graph and its JSON. Not `node`:
 * every n8n NodeError carries the node as saved in the workflow, parameters included, which n8n
 * keeps in the workflow itself (and leaves out of the error's JSON).
 */
function everything(error: unknown): string {
	const own = Object.getOwnPropertyNames(error).filter((key) => key !== 'node');
	const parts = own.map((key) => allStrings((error as Record<string, unknown>)[key]).join('\n'));
	return `${own.join('\n')}\n${parts.join('\n')}\n${JSON.stringify(error)}`;
}

function expectNone(error: unknown, secrets: string[]): void {
	const text = everything(error);
	for (const secret of secrets) {
		for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) {
			expect({ secret: form, found: text.includes(form) }).toEqual({ secret: form, found: false });
		}
	}
}

/** A REST 400 that repeats what it was given, as the published `Error` with `errors` [`ErrorItem`]. */
function echo400(values: IDataObject): [number, IDataObject] {
	const entries = Object.entries(values);
	return [
		400,
		{
			message: `Invalid values: ${entries.map(([path, value]) => `${path}=${String(value)}`).join(', ')}`,
			error: 'invalid_domain_logic',
			developer_description: `Request body: ${JSON.stringify(values)}`,
			errors: entries.map(([path, value]) => ({ message: `${path} "${String(value)}" is not accepted`, error: 'invalid_param', path, value })),
		},
	];
}

describe('the secrets a request carries never reach its error', () => {
	it("a new sub-user's passwords repeated by the field errors of a REST 400", async () => {
		serve(PRIMARY, 'post', '/subusers', echo400({ 'credentials.password': PASSWORD, 'credentials.api_password': API_PASSWORD }));
		const request: SmsapiRequest = {
			method: 'POST',
			endpoint: 'subusers',
			body: { credentials: { username: 'main_shop', password: PASSWORD, api_password: API_PASSWORD } },
			bodyFormat: 'json',
			safeToRepeat: false,
		};
		const error = await failure(run(transportContext(tokenCredentials({ backupUrl: '' })), request));
		expect(error.context.fieldErrors).toEqual([
			expect.objectContaining({ path: 'credentials.password', value: '[redacted]' }),
			expect.objectContaining({ path: 'credentials.api_password', value: '[redacted]' }),
		]);
		expect(error.description).toMatch(/Field errors: credentials\.password: .*"\[redacted\]" is not accepted/);
		expectNone(error, [PASSWORD, API_PASSWORD]);
	});

	it('Sub-User → Create and Update through the node: the 400 that repeats the passwords gives an error without them', async () => {
		serve(PRIMARY, 'get', '/profile', [200, { username: 'acme' }]);
		serve(PRIMARY, 'post', '/subusers', echo400({ 'credentials.password': PASSWORD, 'credentials.api_password': API_PASSWORD }));
		const created = await nodeFailure(
			runNode({ parameters: { resource: 'subuser', operation: 'create', name: 'shop', additionalFields: { password: PASSWORD, apiPassword: API_PASSWORD } } }),
		);
		expect(created.message).toMatch(/^SMSAPI error invalid_domain_logic/);
		expectNone(created, [PASSWORD, API_PASSWORD]);

		const subuser = { id: '5b802315a788494a04690d1d', username: 'acme_shop' };
		serve(PRIMARY, 'get', '/subusers', [200, { size: 1, collection: [subuser] }]);
		serve(PRIMARY, 'put', `/subusers/${subuser.id}`, echo400({ 'credentials.password': PASSWORD }));
		const updated = await nodeFailure(
			runNode({ parameters: { resource: 'subuser', operation: 'update', name: 'acme_shop', updateFields: { password: PASSWORD } } }),
		);
		expect(updated.message).toMatch(/^SMSAPI error invalid_domain_logic/);
		expectNone(updated, [PASSWORD]);
	});

	it("a field error's value for a secret field is removed however short it is", async () => {
		serve(PRIMARY, 'put', '/subusers/5b802315a788494a04690d1d', echo400({ 'credentials.password': 'ab1' }));
		const request: SmsapiRequest = {
			method: 'PUT',
			endpoint: 'subusers/5b802315a788494a04690d1d',
			body: { credentials: { password: 'ab1' } },
			bodyFormat: 'json',
			safeToRepeat: true,
		};
		const error = await failure(run(transportContext(tokenCredentials({ backupUrl: '' })), request));
		expect(error.context.fieldErrors).toEqual([expect.objectContaining({ value: '[redacted]' })]);
	});

	it("the report address's check and n8n's signature, repeated as sent, decoded or percent-encoded", async () => {
		const address = new URL('https://n8n.example.com/webhook-waiting/41/node-1');
		address.searchParams.set('signature', SIGNATURE);
		address.searchParams.set('smsapi_check', CHECK);
		const notifyUrl = address.toString();
		serve(PRIMARY, 'post', '/sms.do', echo400({ notify_url: notifyUrl, smsapi_check: CHECK, signature: encodeURIComponent(SIGNATURE) }));
		const request: SmsapiRequest = { method: 'POST', endpoint: 'sms.do', body: { to: '48500000000', message: 'Hi', notify_url: notifyUrl }, safeToRepeat: false };
		const error = await failure(run(transportContext(tokenCredentials({ backupUrl: '' })), request));
		expect(everything(error)).toContain('webhook-waiting/41/node-1');
		expectNone(error, [CHECK, SIGNATURE]);
	});

	it("the SMSAPI Trigger's secret as its callback URL's last path segment (request.secrets), echoed by the registry's 400 as sent, decoded or escaped", async () => {
		const url = `https://n8n.example.com/webhook/${'a1b2'.repeat(9)}/dlr/Xy7_s%C3%A9cret_1`;
		serve(PRIMARY, 'post', '/callbacks', echo400({ url, secret: 'Xy7_sécret_1', escaped: JSON.stringify(url) }));
		const request: SmsapiRequest = { method: 'POST', endpoint: 'callbacks', body: { url, type: 'sms_dlr' }, bodyFormat: 'json', safeToRepeat: false, secrets: ['Xy7_s%C3%A9cret_1', 'Xy7_sécret_1'] };
		const error = await failure(run(transportContext(tokenCredentials({ backupUrl: '' })), request));
		expect(everything(error)).toContain('/dlr/[redacted]');
		expectNone(error, ['Xy7_s%C3%A9cret_1', 'Xy7_sécret_1']);
	});

	it("a long text answer is cut only after its secrets are out: a token that straddles the cut leaves no part of itself", async () => {
		const token = 'tok-ABCDEFGH-1234567890-abcdefghijkl';
		for (const at of [285, 290, 299, 300]) {
			serve(PRIMARY, 'get', '/profile', [400, `${'x'.repeat(at)}${token}${'y'.repeat(200)}`, { 'content-type': 'text/html' }]);
			const request: SmsapiRequest = { method: 'GET', endpoint: 'profile', safeToRepeat: true };
			const error = await failure(run(transportContext(tokenCredentials({ token, backupUrl: '' })), request));
			expect(everything(error)).not.toContain(token.slice(0, 6));
		}
	});

	it('smsapi_check and signature are in the list of secret parameters, also without the request', () => {
		const text = redactSecrets(`notify_url=https://n.example/w?signature=${SIGNATURE}&smsapi_check=${CHECK}&x=1, {"signature": "abc123xyz"}`);
		expect(text).not.toContain(CHECK);
		expect(text).not.toContain(SIGNATURE);
		expect(text).not.toContain('abc123xyz');
		expect(text).toContain('&x=1');
	});

	it("secretsOfRequest: secret fields at any depth and the addresses' secret parameters, nothing else", () => {
		const secrets = secretsOfRequest({
			qs: { token: 'qs-token-1' },
			body: {
				to: '48500000000',
				message: 'https://shop.example/?page=2',
				notify_url: `https://n.example/w?signature=${SIGNATURE}&smsapi_check=${CHECK}&page=2`,
				callback: 'https://n.example/dlr?secret=s3cr3t',
				credentials: { username: 'shop', password: PASSWORD, api_password: [API_PASSWORD] },
				pass: '5f4dcc3b5aa765d61d8327deb882cf99',
			},
		});
		expect(secrets.sort()).toEqual(
			['qs-token-1', SIGNATURE, CHECK, 's3cr3t', PASSWORD, API_PASSWORD, '5f4dcc3b5aa765d61d8327deb882cf99'].sort(),
		);
	});

	it('a secret inside another is removed whole, and its JSON-escaped and form-encoded forms too', () => {
		const text = redactSecrets('a pass-word-long b pass-word c "q\\"uote" d sp+ace%2Bplus', ['pass-word', 'pass-word-long', 'q"uote', 'sp ace+plus']);
		expect(text).toBe('a [redacted] b [redacted] c "[redacted]" d [redacted]');
	});
});
