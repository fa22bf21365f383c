/**
 * smsapiApiRequest (transport/smsapiApiRequest.ts) inside n8n-core's real ExecuteContext and
 * request helper, against nock (fake hosts) and real sockets on 127.0.0.1
 * (support/served-hosts.ts): the service's errors, mapped and not repeated; secrets never leave
 * the credential.
 */
import { NodeApiError } from 'n8n-workflow';

import type { SmsapiRequest } from '../../nodes/Smsapi/transport/types';
import { BACKUP, legacyCredentials, logs, PASSWORD, PASSWORD_MD5, PRIMARY, TOKEN, tokenCredentials, USERNAME } from '../support/n8n-context';
import { allStrings, closedPort, transportContext } from './support/context';
import { SEND_OK, failure, hits, hitsOn, profile, run, send, serve, useServedHosts } from './support/served-hosts';

useServedHosts();

describe('service errors', () => {
	it('a legacy HTTP 200 error body is a real answer: mapped, not retried, not sent to the backup', async () => {
		const invalid = [{ number: '48500', submitted_number: '500', message: 'Invalid phone number' }];
		serve(PRIMARY, 'post', '/sms.do', [200, { error: 13, message: 'No correct phone numbers', invalid_numbers: invalid }]);
		const backup = serve(BACKUP, 'post', '/sms.do', [200, SEND_OK]);
		const error = await failure(run(transportContext(tokenCredentials()), { ...send(), itemIndex: 3 }));

		expect(error.message).toMatch(/^SMSAPI error 13: no correct phone numbers/);
		expect(error.description).toContain('Rejected numbers: 48500 (as submitted: 500): Invalid phone number.');
		expect(error.context).toMatchObject({ smsapiCode: 13, invalidNumbers: invalid, attempts: 1, address: 'primary', itemIndex: 3 });
		expect(hitsOn(PRIMARY)).toHaveLength(1);
		expect(backup.isDone()).toBe(false);
	});

	it('a text ERROR:103 is mapped with its advice', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, 'ERROR:103', { 'Content-Type': 'text/plain' }]);
		const error = await failure(run(transportContext(tokenCredentials()), send()));
		expect(error.message).toMatch(/^SMSAPI error 103: not enough credits; nothing was sent\. Top up/);
		expect(hits).toHaveLength(1);
	});

	it('REST 401 is an answer: not retried, not sent to the backup', async () => {
		serve(PRIMARY, 'get', '/profile', [401, { message: 'Authorization failed', error: 'authorization_failed', developer_description: null, errors: null }]);
		const backup = serve(BACKUP, 'get', '/profile', [200, {}]);
		const error = await failure(run(transportContext(tokenCredentials()), profile));

		expect(error.message).toMatch(/^SMSAPI error authorization_failed: authorization failed\. Check the token/);
		expect(error.httpCode).toBe('401');
		expect(hits).toHaveLength(1);
		expect(backup.isDone()).toBe(false);
	});

	it('REST 409 contact_conflict and 415 are mapped, each after one attempt', async () => {
		serve(
			PRIMARY,
			'post',
			'/contacts',
			[409, { message: 'Contact already exists', error: 'contact_conflict', code: 409, errors: [], developer_description: null }],
			[415, { message: 'Unsupported Media Type' }],
		);
		const test = transportContext(tokenCredentials());
		const request: SmsapiRequest = { method: 'POST', endpoint: 'contacts', body: { phone_number: '48500000000' }, safeToRepeat: false };
		const conflict = await failure(run(test, request));
		const media = await failure(run(test, request));

		expect(conflict.context.smsapiCode).toBe('contact_conflict');
		expect(conflict.httpCode).toBe('409');
		expect(media.context.smsapiCode).toBe(415);
		expect(media.httpCode).toBe('415');
		expect(hits).toHaveLength(2);
	});

	it('a 53 on the very first attempt is the user’s reused idx, an error', async () => {
		serve(PRIMARY, 'post', '/sms.do', [200, { error: 53, message: 'idx already used' }]);
		const error = await failure(run(transportContext(tokenCredentials()), send({ idx: 'order-1', check_idx: 1 })));
		expect(error.message).toMatch(/^SMSAPI error 53: this idx was already used/);
		expect(hits).toHaveLength(1);
	});
});

describe('secrets never leave the credential', () => {
	function expectClean(error: NodeApiError, secrets: string[]) {
		const surfaces = [error.message, error.description ?? '', JSON.stringify(error), ...allStrings(error), ...logs.map((line) => line.message)];
		for (const secret of secrets) {
			for (const surface of surfaces) expect(surface).not.toContain(secret);
		}
	}

	it('token: a network failure on both addresses (n8n’s raw error carries the Authorization header)', async () => {
		const [primary, backup] = [await closedPort(), await closedPort()];
		const test = transportContext(tokenCredentials({ baseUrl: `http://127.0.0.1:${primary}`, backupUrl: `http://127.0.0.1:${backup}` }));
		const error = await failure(run(test, profile));

		expect(error.message).toMatch(/^SMSAPI could not be reached for profile: the (primary|backup) address refused the connection/);
		expect(error.cause).toBeUndefined();
		expectClean(error, [TOKEN]);
	});

	it('legacy: a failed create and a service message echoing the credentials', async () => {
		serve(PRIMARY, 'post', '/sms.do', [500, 'oops', { 'Content-Type': 'text/plain' }]);
		serve(PRIMARY, 'get', '/user.do', [200, { error: 102, message: `Bad login for username=${USERNAME}&password=${PASSWORD_MD5} (${PASSWORD})` }]);
		const test = transportContext(legacyCredentials());
		const uncertain = await failure(run(test, send()));
		const login = await failure(run(test, { method: 'GET', endpoint: 'user.do', qs: { credits: 1 }, safeToRepeat: true }));

		expect(hits[0].body.password).toBe(PASSWORD_MD5); // it really was on the wire
		expectClean(uncertain, [PASSWORD, PASSWORD_MD5]);
		expectClean(login, [PASSWORD, PASSWORD_MD5]);
		expect(login.message).toMatch(/^SMSAPI error 102: wrong username or password/);
		expect(login.description).toContain('[redacted]');
	});

	it('an error that is not a network failure is not repeated and is rebuilt without its raw details', async () => {
		const primary = serve(PRIMARY, 'get', '/profile', [200, {}]);
		const backup = serve(BACKUP, 'get', '/profile', [200, {}]);
		const test = transportContext(tokenCredentials(), {
			authenticate: () => {
				throw Object.assign(new Error(`cannot sign request with Bearer ${TOKEN}`), {
					config: { headers: { Authorization: `Bearer ${TOKEN}` } },
				});
			},
		});
		const error = await failure(run(test, profile));

		expect(error.message).toBe('The request to SMSAPI could not be made: cannot sign request with Bearer [redacted]');
		expect(error.cause).toBeUndefined();
		expect(primary.isDone()).toBe(false);
		expect(backup.isDone()).toBe(false);
		expectClean(error, [TOKEN]);
	});

	it('legacy: a network error (n8n’s raw error carries the md5 in its query)', async () => {
		const port = await closedPort();
		const test = transportContext(legacyCredentials({ baseUrl: `http://127.0.0.1:${port}`, backupUrl: '' }));
		const error = await failure(run(test, { method: 'GET', endpoint: 'user.do', qs: { credits: 1 }, safeToRepeat: true }));
		expectClean(error, [PASSWORD, PASSWORD_MD5]);
	});
});
