/**
 * Account → Get Profile in n8n's engine in-process (support/engine.ts) against the emulator: Manual
 * Trigger → SMSAPI Get Profile (the `account-get-profile` fixture) with a good token, and a wrong
 * token failing the execution with an authorization error. The credential's own test:
 * test/workflow/account.engine.test.ts. Its tests against a mocked service: getProfile.test.ts.
 */
import { emulatorRequests, headerOf, SMSAPI_CREDENTIAL_TYPE, smsapiTokenCredentialData } from '../../e2e/harness/smsapi';
import { nodeError, nodeJson } from '../../workflow/run-result';
import { useEngine } from '../support/engine';
import { useMockedNetwork } from '../support/run-node';

useMockedNetwork();

describe("account.getProfile in n8n's engine against the emulator", () => {
	const suite = useEngine({
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
});
