/**
 * The installed package through n8n's REST API and webhooks: a smoke send (n8n loads the package from
 * its dist/ files and runs Webhook -> SMSAPI send against the in-process emulator), the credential
 * test, and the dropdowns the editor fills.
 */
import {
	E2E_SETUP_TIMEOUT_MS,
	E2E_TEST_TIMEOUT_MS,
	emulatorRequests,
	headerOf,
	loadWorkflowFixture,
	newId,
	nodeOutput,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiDropdown,
	smsapiTokenCredentialData,
	startedByWebhook,
} from '../harness';
import { messages } from '../sms/support';
import { registerExpressionTests } from './expressions';
import { registerPersonalisedTests } from './personalised';
import { registerVoiceUploadTests } from './voice-upload';
import { type InstalledPackageSuite } from './suite';

/** The smoke send's webhook (Webhook -> SMSAPI send). */
const SEND_PATH = `e2e-smoke-send-${newId().slice(0, 8)}`;

export function registerRestTests(ctx: InstalledPackageSuite): void {
	describe('through n8n\'s REST API and webhooks', () => {
		let sendWorkflowId: string;
		let credential: { id: string; name: string };
		let badTokenCredential: { id: string; name: string };

		/** A dropdown request as the editor sends it for the SMSAPI node with the emulator's credential. */
		const dropdown = (methodName: string, path: string, currentNodeParameters: Record<string, unknown>) =>
			smsapiDropdown(credential, methodName, path, currentNodeParameters);

		// After the editor's tests: credentials saved here would be offered to the nodes the editor
		// adds (n8n 1.x preselects one of them).
		beforeAll(async () => {
			const { n8n, emulator } = ctx;
			// Saved as in the editor (REST): no n8n CLI start per import.
			const [good, bad] = await n8n.createCredentials([
				{ type: SMSAPI_CREDENTIAL_TYPE, name: 'SMSAPI e2e', data: smsapiTokenCredentialData(emulator) },
				{
					type: SMSAPI_CREDENTIAL_TYPE,
					name: 'SMSAPI e2e (bad token)',
					data: smsapiTokenCredentialData(emulator, { token: 'wrong-token' }),
				},
			]);
			credential = { id: good.id, name: good.name };
			badTokenCredential = { id: bad.id, name: bad.name };
			[sendWorkflowId] = await n8n.createWorkflows([
				startedByWebhook(loadWorkflowFixture('sms-send-single', { smsapiApi: good }), SEND_PATH),
			]);
			await n8n.activate(sendWorkflowId);
		}, E2E_SETUP_TIMEOUT_MS);

		beforeEach(() => ctx.emulator.reset());

		it(
			'credential test passes with the right token (n8n calls GET user.do on the emulator)',
			async () => {
				const { n8n, emulator } = ctx;
				const result = await n8n.testCredential({
					type: SMSAPI_CREDENTIAL_TYPE,
					name: 'SMSAPI credential test (good)',
					data: smsapiTokenCredentialData(emulator),
				});
				expect(result).toEqual({ status: 'OK', message: expect.any(String) });

				const requests = await emulatorRequests(emulator, { path: '/user.do' });
				expect(requests).toHaveLength(1);
				expect(requests[0]).toMatchObject({
					address: 'primary',
					method: 'GET',
					query: { credits: '1', format: 'json' },
				});
				// The emulator redacts secrets in its records; it accepts only 'test-token' as bearer.
				expect(requests[0]).toMatchObject({ authMethod: 'bearer', responseStatus: 200 });
				expect(headerOf(requests[0], 'authorization')).toBe('Bearer <redacted>');
				expect(JSON.parse(String(requests[0].responseBody))).not.toHaveProperty('error');
			},
			E2E_TEST_TIMEOUT_MS,
		);

		it(
			'credential test fails with a wrong token (the emulator answers 200 {"error":101}; the rules reject it)',
			async () => {
				const { n8n, emulator } = ctx;
				const result = await n8n.testCredential({
					type: SMSAPI_CREDENTIAL_TYPE,
					name: 'SMSAPI credential test (bad)',
					data: smsapiTokenCredentialData(emulator, { token: 'wrong-token' }),
				});
				expect(result.status).toBe('Error');
				expect(result.message).toMatch(/Authorization failed/);

				const requests = await emulatorRequests(emulator, { path: '/user.do' });
				expect(requests).toHaveLength(1);
				expect(requests[0]).toMatchObject({ authMethod: 'bearer', responseStatus: 200 });
				expect(JSON.parse(String(requests[0].responseBody))).toMatchObject({ error: 101 });
			},
			E2E_TEST_TIMEOUT_MS,
		);

		it(
			'smoke: n8n loads the built node and runs a send with it, started by a webhook call (one POST sms.do, one message, one output item)',
			async () => {
				const { n8n, emulator } = ctx;
				const run = await n8n.runViaWebhook(sendWorkflowId, SEND_PATH);
				expect(run.error).toBeUndefined();
				expect(run.status).toBe('success');
				const items = nodeOutput(run.runData, 'SMSAPI');
				expect(items).toEqual([expect.objectContaining({ number: '48500000001', status: 'QUEUE', id: expect.stringMatching(/^\d{19}$/) })]);

				const requests = await emulatorRequests(emulator);
				expect(requests.map((r) => `${r.address} ${r.method} ${r.path}`)).toEqual(['primary POST /sms.do']);
				expect(requests[0]).toMatchObject({ authMethod: 'bearer', responseStatus: 200 });
				expect(headerOf(requests[0], 'user-agent')).toMatch(/^n8n-nodes-smsapi-plus\//);
				const sent = await messages(emulator);
				expect(sent.map((m) => [m.id, m.number, m.text])).toEqual([[items[0].id, '48500000001', 'Your parcel is on its way.']]);
			},
			E2E_TEST_TIMEOUT_MS,
		);

		describe('dropdowns filled from the account (the editor asks n8n, n8n asks the emulator)', () => {
			const send = { resource: 'sms', operation: 'send', to: '48500000001', message: 'x', options: {} };

			it(
				'Sender Name lists only the active names, the default marked, plus the account default',
				async () => {
					const { n8n, emulator } = ctx;
					const options = await n8n.loadOptions(dropdown('getSenderNames', 'parameters.options.from', send));
					// The emulator's account: Test (active, default), MyShop (active), NewBrand (INACTIVE).
					expect(options.map((o) => o.value)).toEqual(['', 'MyShop', 'Test']);
					expect(options.find((o) => o.value === 'Test')?.name).toBe('Test (default)');

					// A token login reads the REST list (docs/operations.md, "Which endpoints each login uses").
					const requests = await emulatorRequests(emulator, { path: '/sms/sendernames' });
					expect(requests).toHaveLength(1);
					expect(requests[0]).toMatchObject({ method: 'GET', authMethod: 'bearer', responseStatus: 200 });
				},
				E2E_TEST_TIMEOUT_MS,
			);

			it.each([
				{
					list: 'Template lists the account templates by name with their text',
					method: 'getTemplates',
					path: 'parameters.options.template',
					parameters: send,
					values: ['', 'appointment', 'otp', 'welcome'],
					shown: { value: 'welcome', description: 'Hello [%1%], welcome to [%2%]!' },
					asked: 'GET /sms/templates',
				},
				{
					list: 'Group (send to group) lists the contact groups by name with member counts',
					method: 'getContactGroupNames',
					path: 'parameters.group',
					parameters: { resource: 'sms', operation: 'sendToGroup' },
					values: ['customers', 'empty', 'vip'],
					shown: { value: 'empty', name: 'empty (0)' },
					asked: 'GET /contacts/groups',
				},
			])(
				'$list',
				async ({ method, path, parameters, values, shown, asked }) => {
					const { n8n, emulator } = ctx;
					const options = await n8n.loadOptions(dropdown(method, path, parameters));
					expect(options.map((o) => o.value)).toEqual(values);
					expect(options.find((o) => o.value === shown.value)).toMatchObject(shown);
					const requests = await emulatorRequests(emulator);
					expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([asked]);
				},
				E2E_TEST_TIMEOUT_MS,
			);

			it(
				'Contact (update) searches the contacts as the user types, by the service\'s q',
				async () => {
					const { n8n, emulator } = ctx;
					const found = await n8n.resourceLocatorResults({
						...dropdown('searchContacts', 'parameters.contactId', { resource: 'contact', operation: 'update' }),
						filter: 'Kowalska',
					});
					expect(found.results).toEqual([
						{ name: 'Anna Kowalska (48500000001, anna.kowalska@example.com)', value: expect.stringMatching(/^[0-9a-f]{24}$/) },
					]);
					const requests = await emulatorRequests(emulator, { path: '/contacts' });
					expect(requests).toHaveLength(1);
					expect(requests[0].query).toMatchObject({ q: 'Kowalska', offset: '0', limit: '50' });
				},
				E2E_TEST_TIMEOUT_MS,
			);

			it(
				'a wrong token makes the dropdown fail with the service\'s authorization error, not an empty list',
				async () => {
					const { n8n } = ctx;
					const res = await n8n.loadOptionsResponse({
						...dropdown('getSenderNames', 'parameters.options.from', send),
						credentials: { smsapiApi: badTokenCredential },
					});
					expect(res.status).toBeGreaterThanOrEqual(400);
					expect(JSON.stringify(res.body)).toMatch(/[Aa]uthori[sz]ation/);
				},
				E2E_TEST_TIMEOUT_MS,
			);
		});

		registerExpressionTests(ctx, () => credential);
		registerVoiceUploadTests(ctx, () => credential);
		registerPersonalisedTests(ctx, () => credential);
	});
}
