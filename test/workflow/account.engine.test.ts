/**
 * The credential's test with the legacy login as n8n runs it, through n8n's engine in-process
 * against the emulator. The token credential's test through n8n's REST API, as the editor's "Test"
 * button asks for it, runs in real n8n: test/e2e/installed-package.test.ts. Account → Get Profile
 * with a good and a wrong token: test/operations/account/getProfile.test.ts.
 */
import { emulatorRequests, headerOf, SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../e2e/harness/smsapi';
import { LEGACY_PASSWORD, LEGACY_USERNAME } from './resource-fixtures';
import { useEmulatorSuite } from './suite';

describe('in-process n8n: the credential test', () => {
	const suite = useEmulatorSuite({
		emulator: { credits: 100 },
		credentials: (emulator) => ({
			smsapiApi: { type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI', data: smsapiTokenCredentialData(emulator) },
		}),
	});

	beforeEach(() => suite.emulator().reset());

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
