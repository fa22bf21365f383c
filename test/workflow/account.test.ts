/**
 * The credential and the account resource through n8n's engine in-process: Manual Trigger ->
 * SMSAPI getProfile against the emulator with a good and a wrong token, and the credential's test
 * with the legacy login as n8n runs it. The token credential's test through n8n's REST API, as the
 * editor's "Test" button asks for it, runs in real n8n: test/e2e/installed-package.test.ts.
 */
import { emulatorRequests, headerOf, SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../e2e/harness/smsapi';
import { LEGACY_PASSWORD, LEGACY_USERNAME } from './resource-fixtures';
import { nodeError, nodeJson } from './run-result';
import { useEmulatorSuite } from './suite';

describe('in-process n8n: credential and account', () => {
	const suite = useEmulatorSuite({
		emulator: { credits: 100 },
		credentials: (emulator) => ({
			smsapiApi: { type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI', data: smsapiTokenCredentialData(emulator) },
			badToken: {
				type: SMSAPI_CREDENTIAL_TYPE,
				name: 'SMSAPI (bad token)',
				data: smsapiTokenCredentialData(emulator, { token: 'wrong-token' }),
			},
		}),
	});

	beforeEach(() => suite.emulator().reset());

	it('Manual Trigger -> SMSAPI getProfile returns the profile (GET /profile with the bearer token)', async () => {
		const run = await suite.n8n().run(suite.fixture('account-get-profile'));
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(run.executedNodes).toEqual(['Manual Trigger', 'SMSAPI']);
		const items = nodeJson(run, 'SMSAPI');
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ username: 'demo', points: 100 });

		const requests = await emulatorRequests(suite.emulator());
		expect(requests.map((r) => `${r.address} ${r.method} ${r.path}`)).toEqual(['primary GET /profile']);
		expect(requests[0]).toMatchObject({ authMethod: 'bearer', responseStatus: 200 });
		expect(headerOf(requests[0], 'authorization')).toBe('Bearer <redacted>');
	});

	it('a wrong token makes the SMSAPI node fail the execution with an authorization error', async () => {
		const workflow = suite.fixture('account-get-profile');
		const run = await suite.n8n().run({
			...workflow,
			nodes: workflow.nodes.map((node) =>
				(node as { name: string }).name === 'SMSAPI' ? { ...node, credentials: { smsapiApi: suite.credential('badToken') } } : node,
			),
		});
		expect(run.status).toBe('error');
		expect(run.error).toBeDefined();
		expect(run.lastNodeExecuted).toBe('SMSAPI');
		expect(nodeError(run, 'SMSAPI').message).toMatch(/[Aa]uthori[sz]ation/);

		const requests = await emulatorRequests(suite.emulator(), { path: '/profile' });
		expect(requests.length).toBeGreaterThanOrEqual(1);
		for (const r of requests) expect(r).toMatchObject({ authMethod: 'bearer', responseStatus: 401 });
	});

	const legacyLogin = (password: string) =>
		smsapiTokenCredentialData(suite.emulator(), { authentication: 'legacy', token: '', username: LEGACY_USERNAME, password });

	it('the credential test with the legacy login passes with the right password: GET user.do with username and the md5 of the password, no bearer', async () => {
		const result = await suite.n8n().testCredential({ type: SMSAPI_CREDENTIAL_TYPE, data: legacyLogin(LEGACY_PASSWORD) });
		expect(result).toEqual({ status: 'OK', message: expect.any(String) });

		const requests = await emulatorRequests(suite.emulator(), { path: '/user.do' });
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ address: 'primary', method: 'GET', authMethod: 'legacy', responseStatus: 200 });
		expect(requests[0].query).toEqual({ credits: '1', format: 'json', username: LEGACY_USERNAME, password: '<redacted>' });
		expect(headerOf(requests[0], 'authorization')).toBeUndefined();
	});

	it('the credential test with the legacy login fails with a wrong password (200 {"error":102} turned into a failure by the rules)', async () => {
		const result = await suite.n8n().testCredential({ type: SMSAPI_CREDENTIAL_TYPE, data: legacyLogin('not-the-password') });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^Wrong username or password\. /);
		const requests = await emulatorRequests(suite.emulator(), { path: '/user.do' });
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ authMethod: 'legacy', responseStatus: 200 });
		expect(JSON.parse(String(requests[0].responseBody))).toMatchObject({ error: 102 });
	});
});
