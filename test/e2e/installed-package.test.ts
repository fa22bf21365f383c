/**
 * The built package installed in real n8n (each installed line), for what needs an n8n server:
 * - n8n's editor in a real Chromium (Debian `chromium`, driven by playwright-core): what a user
 *   sees and clicks. These tests run in order on one signed-in page (each builds on the one
 *   before). A failing step saves a screenshot and names its path (.n8n-e2e/screenshots/). With
 *   UPDATE_README_IMAGES=1 the line-2 run also saves the README's pictures into docs/images/ (a
 *   plain `npm test` leaves the committed pictures alone);
 * - then n8n's REST API and webhooks: a smoke send (n8n loads the package from its dist/ files
 *   and runs Webhook -> SMSAPI send against the in-process emulator), the credential test, and
 *   the dropdowns the editor fills.
 * One n8n, one emulator and one browser per line, shared by both parts (an n8n start costs about
 * 6 s of CPU). Everything a workflow does with the node in detail runs in-process: test/workflow.
 * Needs scripts/install-n8n.sh and Chromium; SMSAPI_E2E_LINES=2 or =1 restricts the lines.
 */
import type { Browser, Locator, Page } from 'playwright-core';

import { startEmulator, type Emulator } from '../emulator';
import {
	createN8n,
	E2E_SETUP_TIMEOUT_MS,
	E2E_TEST_TIMEOUT_MS,
	emulatorRequests,
	headerOf,
	loadWorkflowFixture,
	n8nLines,
	newId,
	nodeOutput,
	SMSAPI_CREDENTIAL_TYPE,
	smsapiDropdown,
	smsapiTokenCredentialData,
	startedByWebhook,
	stopSuite,
	type N8nInstance,
} from './harness';
import { launchBrowser, newEditorPage, saveDocsImage, selectTestIdAttribute, step } from './harness/browser';
import { messages } from './sms/support';

const TEST_TIMEOUT_MS = 150_000;
const WRONG_TOKEN_REASON = /Authorization failed/;
/** The smoke send's webhook (Webhook -> SMSAPI send). */
const SEND_PATH = `e2e-smoke-send-${newId().slice(0, 8)}`;

describe.each(n8nLines())('n8n $version (line $line): the installed package', (line) => {
	let emulator: Emulator;
	let n8n: N8nInstance;
	let browser: Browser;

	beforeAll(async () => {
		selectTestIdAttribute();
		// Delivery reports play no part in the REST tests (the editor's trigger test asks the emulator
		// for one explicitly): keep them from firing on their own while a test runs.
		emulator = await startEmulator({ port: 0, token: 'test-token', credits: 100, dlrDelayMs: 600_000, quiet: true });
		n8n = await createN8n({ line, label: 'installed-package' });
		[, browser] = await Promise.all([n8n.start(), launchBrowser()]);
	}, E2E_SETUP_TIMEOUT_MS);

	afterAll(async () => {
		try {
			await browser?.close();
		} finally {
			await stopSuite({ emulator, n8n });
		}
	}, 60_000);

	describe('the editor in Chromium', () => {
		let page: Page;
		let sentMessageId = '';
		/** README pictures come from one line only, so they show one n8n version. */
		const picture = async (name: string, target?: Locator) => {
			if (line.line === '2' && process.env.UPDATE_README_IMAGES === '1') await saveDocsImage(page, name, target);
		};
		const ndv = () => page.getByTestId('ndv');
		const creatorItems = () => page.getByTestId('node-creator').getByTestId('item-iterator-item');
		/** The open dropdown's entries (element-plus renders them in a popper at the end of body). */
		const dropdownItems = () => page.locator('.el-select-dropdown__item:visible, .el-dropdown-menu__item:visible');

		beforeAll(async () => {
			({ page } = await newEditorPage(browser, n8n));
		}, E2E_SETUP_TIMEOUT_MS);

		/** Opens the nodes panel (on an empty canvas: the trigger list) and searches. */
		async function searchNodes(text: string): Promise<void> {
			const search = page.getByTestId('node-creator-search-bar');
			if (!(await search.isVisible())) {
				await page.getByTestId('canvas-add-button').or(page.getByTestId('node-creator-plus-button')).first().click();
			}
			await search.fill(text);
		}

		/**
		 * Adds an option of the open node's Options collection and waits for its field (a click on the
		 * list that lands while it is still opening, on a busy machine, is repeated).
		 */
		async function addOption(label: string, parameter: string): Promise<void> {
			for (let attempt = 1; ; attempt++) {
				// n8n 2.x: a button; 1.x: a select whose placeholder is the label.
				await ndv().getByTestId('collection-parameter-add').or(ndv().getByPlaceholder('Add option')).first().click();
				try {
					await dropdownItems().filter({ hasText: label }).first().click({ timeout: 10_000 });
					await ndv().getByTestId(`parameter-input-${parameter}`).waitFor({ timeout: 10_000 });
					return;
				} catch (error) {
					// Added after all (the field came late): nothing to repeat.
					if ((await ndv().getByTestId(`parameter-input-${parameter}`).count()) > 0) return;
					if (attempt === 3) throw error;
					if ((await dropdownItems().count()) > 0) await page.keyboard.press('Escape');
				}
			}
		}

		/**
		 * Opens a dropdown parameter of the open node and waits for an entry (n8n asks the service when
		 * the list opens; a click that lands while the field is still being drawn is repeated).
		 */
		async function openList(parameter: string, entry: string): Promise<void> {
			for (let attempt = 1; ; attempt++) {
				await ndv().getByTestId(`parameter-input-${parameter}`).click();
				try {
					await dropdownItems().filter({ hasText: entry }).first().waitFor({ timeout: 10_000 });
					return;
				} catch (error) {
					if (attempt === 3) throw error;
					// Close a list that opened without the entry (Escape with no list open would close the node).
					if ((await dropdownItems().count()) > 0) await page.keyboard.press('Escape');
				}
			}
		}

		it(
			'nodes panel: searching "sms" and "text message" finds SMSAPI, with the trigger\'s events and the node\'s actions',
			async () => {
				await step(page, `line${line.line}-nodes-panel`, async () => {
					await page.goto('/workflow/new');
					await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
					// Empty canvas: the panel lists triggers; the SMSAPI Trigger is found by both words.
					await searchNodes('text message');
					await creatorItems().filter({ hasText: /^SMSAPI/ }).first().waitFor();
					await searchNodes('sms');
					const smsapi = creatorItems().filter({ hasText: /^SMSAPI/ }).first();
					await smsapi.waitFor();
					await picture('nodes-panel-search', page.getByTestId('node-creator'));
					await smsapi.click();
					await creatorItems().filter({ hasText: 'On delivery report' }).waitFor();
					await page.keyboard.press('Escape');

					// A Manual Trigger first; then the panel lists actions: the SMSAPI node's.
					await searchNodes('manual');
					await creatorItems().filter({ hasText: 'Manual Trigger' }).first().click();
					await page.getByTestId('canvas-node').first().waitFor();
					await page.getByTestId('node-creator-plus-button').click();
					await searchNodes('text message');
					await creatorItems().filter({ hasText: /^SMSAPI/ }).first().click();
					await creatorItems().filter({ hasText: 'Send an SMS' }).first().click();
					await ndv().waitFor();
					await ndv().getByTestId('parameter-input-to').waitFor();
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'credential created in the UI: a wrong token shows the service\'s reason, the right one "Connection tested successfully"',
			async () => {
				await step(page, `line${line.line}-credential`, async () => {
					const create = ndv()
						.getByTestId('node-credentials-empty-state')
						.getByRole('button')
						.or(ndv().getByTestId('node-credentials-select'))
						.first();
					await create.click();
					if (!(await page.getByTestId('editCredential-modal').isVisible())) {
						// n8n 1.x: the credential dropdown's footer entry.
						await page.getByText(/^\s*Create new credential\s*$/i).filter({ visible: true }).first().click();
					}
					const modal = page.getByTestId('editCredential-modal');
					await modal.waitFor();
					await modal.getByTestId('parameter-input-token').locator('input').fill('wrong-token');
					await modal.getByTestId('parameter-input-platform').click();
					await dropdownItems().filter({ hasText: /^Custom/ }).first().click();
					await modal.getByTestId('parameter-input-baseUrl').locator('input').fill(emulator.primaryUrl);
					await modal.getByTestId('parameter-input-backupUrl').locator('input').fill(emulator.backupUrl);
					await modal.getByTestId('credential-save-button').click();
					// n8n tests the credential when it is saved.
					await modal.getByText(/Couldn.t connect with these settings/).waitFor({ timeout: 30_000 });
					const details = modal.getByText('More details');
					if (await details.isVisible()) await details.click();
					await modal.getByText(WRONG_TOKEN_REASON).first().waitFor();
					await picture('credential-test-error', modal);

					await modal.getByTestId('parameter-input-token').locator('input').fill('test-token');
					const tested = page.waitForResponse((r) => r.url().endsWith('/rest/credentials/test'), { timeout: 30_000 });
					await modal.getByTestId('credential-save-button').click();
					expect(await (await tested).json()).toMatchObject({ data: { status: 'OK' } });
					// n8n 2.x closes the dialog once the saved credential tests fine: open it again to see the result.
					const success = modal.getByTestId('credentials-config-container-test-success');
					for (let reopened = false, i = 0; i < 120 && !(await success.isVisible()); i++) {
						if (!reopened && !(await modal.isVisible())) {
							await ndv().getByTestId('credential-edit-button').click();
							reopened = true;
						}
						await page.waitForTimeout(250);
					}
					await success.waitFor({ timeout: 5_000 });
					await picture('credential-test', modal);
					await modal.locator('.el-dialog__close').first().click();
					await modal.waitFor({ state: 'hidden' });
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'SMSAPI Send on the canvas: Sender Name and Template list the account\'s values; executed, the output table shows the message id',
			async () => {
				await step(page, `line${line.line}-send`, async () => {
					await ndv().getByTestId('parameter-input-to').locator('input').fill('48500000001');
					await ndv().getByTestId('parameter-input-message').locator('textarea, input').first().fill('Hello from the n8n editor');
					await addOption('Sender Name Name or ID', 'from');
					await addOption('Template Name or ID', 'template');
					// Template: the account's templates (asked from the service when the list opens).
					await openList('template', 'appointment');
					for (const name of ['appointment', 'otp', 'welcome']) await dropdownItems().filter({ hasText: name }).first().waitFor();
					await page.keyboard.press('Escape');
					// Sender Name: the active names, the default marked.
					await openList('from', 'Test (default)');
					await dropdownItems().filter({ hasText: 'Test (default)' }).first().waitFor();
					await dropdownItems().filter({ hasText: 'MyShop' }).first().waitFor();
					expect(await dropdownItems().filter({ hasText: 'NewBrand' }).count()).toBe(0);
					await picture('send-form-options');
					await dropdownItems().filter({ hasText: 'MyShop' }).first().click();

					await ndv().getByTestId('node-execute-button').click();
					const output = ndv().getByTestId('output-panel');
					await output.locator('table').first().waitFor({ timeout: 60_000 });
					const sends = await emulatorRequests(emulator, { path: '/sms.do' });
					expect(sends.length).toBeGreaterThan(0);
					const messages = (await (await fetch(`${emulator.controlUrl}/messages`)).json()) as Array<{ id: string }>;
					sentMessageId = messages[messages.length - 1]?.id ?? '';
					expect(sentMessageId).not.toBe('');
					await output.getByText(sentMessageId).first().waitFor();
					await picture('send-output-table', ndv());
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'a bad number shows the node\'s error in the output panel, and nothing is sent',
			async () => {
				await step(page, `line${line.line}-send-error`, async () => {
					const before = (await emulatorRequests(emulator, { path: '/sms.do' })).length;
					await ndv().getByTestId('parameter-input-to').locator('input').fill('not-a-number');
					await ndv().getByTestId('node-execute-button').click();
					const output = ndv().getByTestId('output-panel');
					const error = output.getByText(/not-a-number/).first();
					await error.waitFor({ timeout: 60_000 });
					await picture('send-error', ndv());
					expect((await emulatorRequests(emulator, { path: '/sms.do' })).length).toBe(before);
				});
			},
			TEST_TIMEOUT_MS,
		);

		it(
			'SMSAPI Trigger: Test and Production URLs are shown; "Listen for test event" + a delivery report from the emulator fills the output panel',
			async () => {
				expect(sentMessageId).toMatch(/^\d+$/); // the report is about the message the send test sent
				// A new workflow in a new tab of the same session (the send workflow stays as it is).
				page = await page.context().newPage();
				await step(page, `line${line.line}-trigger`, async () => {
					await page.goto('/workflow/new');
					await page.getByTestId('canvas-add-button').waitFor({ timeout: 60_000 });
					await searchNodes('sms');
					await creatorItems().filter({ hasText: /^SMSAPI/ }).first().click();
					await creatorItems().filter({ hasText: 'On delivery report' }).click();
					await ndv().waitFor();
					// The notice at the top is one short sentence (the explanation is the Event hint).
					const notice = ndv().getByText('SMSAPI calls the Test URL above');
					// 2 lines are about 45 px high; the earlier 12-line block was over 150 px.
					expect((await notice.boundingBox())!.height).toBeLessThanOrEqual(80);

					await ndv().getByText('Webhook URLs').click();
					const testUrl = ndv().getByText(/\/webhook-test\/[^ ]+\/dlr\/[^ ]+/).first();
					await testUrl.waitFor();
					const shownTestUrl = (await testUrl.innerText()).trim();
					expect(shownTestUrl.startsWith(`${n8n.baseUrl}/webhook-test/`)).toBe(true);
					await picture('trigger-urls', ndv());
					await ndv().getByTestId('radio-button-production').click();
					const productionUrl = ndv().getByText(/\/webhook\/[^ ]+\/dlr\/[^ ]+/).first();
					await productionUrl.waitFor();
					expect((await productionUrl.innerText()).trim()).toBe(shownTestUrl.replace('/webhook-test/', '/webhook/'));
					await ndv().getByTestId('radio-button-test').click();

					// Listen: the node registers the Test URL at the service; the emulator then sends a report there.
					await ndv().getByTestId('node-execute-button').click();
					await ndv().getByText(/Listening for test event|Waiting for you to|Listening/i).first().waitFor();
					let registered = false;
					for (let i = 0; i < 60 && !registered; i++) {
						const callbacks = (await (await fetch(`${emulator.controlUrl}/callbacks?type=dlr`)).json()) as unknown[];
						const state = (await (await fetch(`${emulator.controlUrl}/state`)).json()) as { callbackRegistry?: unknown };
						registered = JSON.stringify(state).includes(shownTestUrl) || JSON.stringify(callbacks).includes(shownTestUrl);
						if (!registered) await page.waitForTimeout(500);
					}
					expect(registered).toBe(true);
					const dlr = await fetch(`${emulator.controlUrl}/dlr`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ ids: [sentMessageId], status: 404 }),
					});
					expect(dlr.status).toBe(200);
					const output = ndv().getByTestId('output-panel');
					await output.getByText(sentMessageId).first().waitFor({ timeout: 30_000 });
					await picture('trigger-output', ndv());
				});
			},
			TEST_TIMEOUT_MS,
		);
	});

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

		beforeEach(() => emulator.reset());

		it(
			'credential test passes with the right token (n8n calls GET user.do on the emulator)',
			async () => {
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
					const options = await n8n.loadOptions(dropdown('getSenderNames', 'parameters.options.from', send));
					// The emulator's account: Test (active, default), MyShop (active), NewBrand (INACTIVE).
					expect(options.map((o) => o.value)).toEqual(['', 'MyShop', 'Test']);
					expect(options.find((o) => o.value === 'Test')?.name).toBe('Test (default)');

					const requests = await emulatorRequests(emulator, { path: '/sender.do' });
					expect(requests).toHaveLength(1);
					expect(requests[0]).toMatchObject({ method: 'GET', authMethod: 'bearer', responseStatus: 200 });
					expect(requests[0].query).toMatchObject({ list: '1', format: 'json' });
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
	});
});
